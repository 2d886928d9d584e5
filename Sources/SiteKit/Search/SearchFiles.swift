import Foundation

/// The search index written as small scripts, so that a query reads only what it needs and works
/// opened from disk: a page may not fetch files there, but it may load a script, and each of
/// these calls a function of the search page with its part of the index.
///
/// - `search/search-index.js`, the table of contents: `sitegenSearch.index({"pages":N,"group":G,"terms":[…]})`
///   — the number of pages, how many pages a page file holds, and the first term of each term file.
/// - `search/terms/K.js`: `sitegenSearch.terms(K,[[term,pages,title,headings],…])`, a run of the
///   sorted terms (UTF-16 order, as scripts compare strings), each with the pages that hold it
///   anywhere, in their title and in their headings (``SearchPostings``; `=` when the same as
///   anywhere, trailing empty sets left out). A page is its number in reading order.
/// - `search/pages/K.js`: `sitegenSearch.pages(K,[[path,title,section,[text,…]],…])`, pages
///   K·G to K·G+G−1, what a result shows.
///
/// A query's words are matched against the start of terms (``SearchWords``), so it loads the
/// term file where each word would sort (and the next when the words it starts run on), then the
/// page files of the results it shows.
struct SearchFiles: Sendable {
    /// A term file ends at the first term past this many bytes.
    static let termFileBytes = 16_000
    /// A page file holds about this many bytes of pages.
    static let pageFileBytes = 6_000

    /// The files, paths relative to the site root, in order.
    var files: [(path: String, contents: Data)]
    /// Each entry with its terms, by the entry's path: the next build (`sitegen serve`) finds the
    /// terms again only for entries that changed.
    let known: [String: (entry: SearchIndex.Entry, terms: EntryTerms)]

    /// The terms of one entry, by where they occur.
    struct EntryTerms: Sendable {
        var title: Set<String> = []
        var headings: Set<String> = []
        var anywhere: Set<String> = []

        init(_ entry: SearchIndex.Entry) {
            func terms(_ texts: [String]) -> Set<String> {
                Set(texts.flatMap(SearchWords.words).flatMap(SearchWords.terms(of:)))
            }
            title = terms([entry.title])
            headings = terms(entry.headings)
            anywhere = terms(entry.text + entry.keywords).union(title).union(headings)
        }
    }

    /// The pages holding one term.
    private final class Posting {
        var anywhere: [Int32] = []
        var title: [Int32] = []
        var headings: [Int32] = []
    }

    /// The files of `entries`, whose terms are `terms` (one each, in the same order).
    init(entries: [SearchIndex.Entry], terms: [EntryTerms]) {
        known = Dictionary(zip(entries, terms).map { ($0.path, ($0, $1)) }, uniquingKeysWith: { a, _ in a })
        var postings: [String: Posting] = [:]
        func posting(_ term: String) -> Posting {
            if let posting = postings[term] { return posting }
            let posting = Posting()
            postings[term] = posting
            return posting
        }
        for (number, found) in terms.enumerated() {
            let page = Int32(number)
            for term in found.anywhere { posting(term).anywhere.append(page) }
            for term in found.title { posting(term).title.append(page) }
            for term in found.headings { posting(term).headings.append(page) }
        }
        let sorted = postings.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }

        var files: [(path: String, contents: Data)] = []
        var firsts: [String] = []
        var chunk = ""
        func closeChunk() {
            guard !chunk.isEmpty else { return }
            let script = "sitegenSearch.terms(\(firsts.count - 1),[\n" + chunk + "\n]);\n"
            files.append((SitePath.join(SearchIndex.termsFolder, "\(firsts.count - 1).js"), Data(script.utf8)))
            chunk = ""
        }
        for term in sorted {
            guard let posting = postings[term] else { continue }
            let anywhere = SearchPostings.encode(posting.anywhere)
            var sets = [anywhere]
            for set in [posting.title, posting.headings] {
                sets.append(set.isEmpty ? "" : set == posting.anywhere ? "=" : SearchPostings.encode(set))
            }
            while sets.last == "" { sets.removeLast() }
            let line = "[" + ([SearchIndex.json(term)] + sets.map { "\"\($0)\"" }).joined(separator: ",") + "]"
            if chunk.isEmpty {
                firsts.append(term)
                chunk = line
            } else {
                chunk += ",\n" + line
            }
            if chunk.utf8.count >= Self.termFileBytes { closeChunk() }
        }
        closeChunk()

        let records = entries.map { entry in
            "[" + [entry.path, entry.title, entry.section].map(SearchIndex.json).joined(separator: ",")
                + ",[" + entry.text.map(SearchIndex.json).joined(separator: ",") + "]]"
        }
        let average = records.isEmpty ? 1 : max(1, records.reduce(0) { $0 + $1.utf8.count } / records.count)
        let group = min(256, max(1, Self.pageFileBytes / average))
        for start in stride(from: 0, to: records.count, by: group) {
            let number = start / group
            let script = "sitegenSearch.pages(\(number),[\n" + records[start..<min(start + group, records.count)].joined(separator: ",\n") + "\n]);\n"
            files.append((SitePath.join(SearchIndex.pagesFolder, "\(number).js"), Data(script.utf8)))
        }

        let contents = "sitegenSearch.index({\"pages\":\(entries.count),\"group\":\(group),\"terms\":["
            + firsts.map(SearchIndex.json).joined(separator: ",") + "]});\n"
        self.files = [(SearchIndex.scriptPath, Data(contents.utf8))] + files
    }
}
