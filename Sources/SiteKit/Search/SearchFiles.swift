import Foundation

/// The search index written as small scripts, so that a query reads only what it needs and works
/// opened from disk: a page may not fetch files there, but it may load a script, and each of
/// these calls a function of the search page with its part of the index.
///
/// - `search/search-index.js`, the table of contents:
///   `sitegenSearch.index({"pages":N,"group":G,"terms":[…],"files":[…]})` — the number of pages,
///   how many pages a page file holds, and the first term and the name of each term file.
/// - `search/terms/NAME.js`: `sitegenSearch.terms("NAME",[[term,pages,title,headings],…])`, a run
///   of the sorted terms (UTF-16 order, as scripts compare strings), each with the pages that
///   hold it anywhere, in their title and in their headings (``SearchPostings``; `=` when the same
///   as anywhere, trailing empty sets left out). A page is its number in reading order. Where the
///   terms are cut into files, and the files' names, depend only on the terms nearby
///   (``SearchTermFile``), so an edit changes only the files of the terms it changes.
/// - `search/pages/K.js`: `sitegenSearch.pages(K,[[path,title,section,[text,…]],…])`, pages
///   K·G to K·G+G−1, what a result shows.
///
/// A query's words are matched against the start of terms (``SearchWords``), so it loads the
/// term file where each word would sort (and the next when the words it starts run on), then the
/// page files of the results it shows.
struct SearchFiles: Sendable {
    /// A page file holds about this many bytes of pages.
    static let pageFileBytes = 6_000

    /// The entries in reading order (a page's number is its place here), and the terms of each.
    let entries: [SearchIndex.Entry]
    let terms: [EntryTerms]
    /// Each entry's number by its path.
    private let numbers: [String: Int]
    /// The term files in order.
    private let termFiles: [SearchTermFile]
    /// What each entry's result shows, as its page file lists it, and their bytes in all.
    private let records: [String]
    private let recordBytes: Int
    /// Pages per page file, and the page files in order.
    private let group: Int
    private let pageFiles: [Data]

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

        /// Whether `term` is in each of the sets a ``SearchPosting`` has.
        func places(_ term: String) -> (anywhere: Bool, title: Bool, headings: Bool) {
            (anywhere.contains(term), title.contains(term), headings.contains(term))
        }
    }

    /// The files, paths relative to the site root: the table of contents, the term files, the
    /// page files.
    var files: [(path: String, contents: Data)] {
        [(SearchIndex.scriptPath, tableOfContents)]
            + termFiles.map { (Self.termPath($0.name), $0.contents) }
            + pageFiles.enumerated().map { (Self.pagePath($0.offset), $0.element) }
    }

    /// The files of `entries`, whose terms are `terms` (one each, in the same order).
    init(entries: [SearchIndex.Entry], terms: [EntryTerms]) {
        final class Pages {
            var posting = SearchPosting()
        }
        var found: [String: Pages] = [:]
        func pages(_ term: String) -> Pages {
            if let pages = found[term] { return pages }
            let pages = Pages()
            found[term] = pages
            return pages
        }
        for (number, its) in terms.enumerated() {
            let page = Int32(number)
            for term in its.anywhere { pages(term).posting.anywhere.append(page) }
            for term in its.title { pages(term).posting.title.append(page) }
            for term in its.headings { pages(term).posting.headings.append(page) }
        }
        var cutter = SearchTermFile.Cutter()
        for term in found.keys.sorted(by: Self.precedes) {
            guard let posting = found[term]?.posting else { continue }
            cutter.add(term, posting, posting.line(term))
        }
        cutter.finish()
        let records = entries.map(Self.record)
        let recordBytes = records.reduce(0) { $0 + $1.utf8.count }
        let group = Self.group(pages: records.count, bytes: recordBytes)
        self.init(
            entries: entries, terms: terms,
            numbers: Dictionary(entries.enumerated().map { ($0.element.path, $0.offset) }, uniquingKeysWith: { a, _ in a }),
            termFiles: SearchTermFile.named(cutter.cut.map(SearchTermFile.init)),
            records: records, recordBytes: recordBytes, group: group,
            pageFiles: stride(from: 0, to: records.count, by: group).map { Self.pageFile($0 / group, records: records, group: group) }
        )
    }

    private init(entries: [SearchIndex.Entry], terms: [EntryTerms], numbers: [String: Int], termFiles: [SearchTermFile],
                 records: [String], recordBytes: Int, group: Int, pageFiles: [Data]) {
        self.entries = entries
        self.terms = terms
        self.numbers = numbers
        self.termFiles = termFiles
        self.records = records
        self.recordBytes = recordBytes
        self.group = group
        self.pageFiles = pageFiles
    }

    /// The index with `changed` in place of the entries of the same paths: only their terms are
    /// found again, and only the term files of the terms whose pages changed (with, at most, the
    /// next one or two: ``SearchTermFile/Cutter``) and their page files are made again; the files
    /// are the same as a fresh index of the same entries has. Nil when an entry's path is not in
    /// the index (a page added, or moved in the reading order: make a fresh index), or when more
    /// than one entry in 64 changed (a fresh index is then quicker).
    func replacing(_ changed: [SearchIndex.Entry]) -> SearchFiles? {
        guard changed.count <= max(64, entries.count / 64) else { return nil }
        var entries = self.entries
        var terms = self.terms
        var records = self.records
        var recordBytes = self.recordBytes
        var touched: [String: Set<Int32>] = [:]
        var edited = Set<Int>()
        for entry in changed {
            guard let number = numbers[entry.path] else { return nil }
            guard entries[number] != entry else { continue }
            let before = terms[number]
            let after = EntryTerms(entry)
            entries[number] = entry
            terms[number] = after
            let record = Self.record(entry)
            recordBytes += record.utf8.count - records[number].utf8.count
            records[number] = record
            edited.insert(number)
            // Anywhere holds the title's and the headings' terms too.
            for term in before.anywhere.union(after.anywhere) where before.places(term) != after.places(term) {
                touched[term, default: []].insert(Int32(number))
            }
        }
        guard !edited.isEmpty else { return self }
        guard !termFiles.isEmpty else { return SearchFiles(entries: entries, terms: terms) }

        // The touched terms' pages, file by file.
        var byFile: [Int: [String]] = [:]
        for term in touched.keys { byFile[fileIndex(of: term), default: []].append(term) }
        var updated: [Int: (terms: [String], postings: [SearchPosting], lines: [String])] = [:]
        for (index, changedTerms) in byFile {
            let file = termFiles[index]
            var (fileTerms, postings, lines) = (file.terms, file.postings, file.lines)
            for term in changedTerms {
                let at = Self.lowerBound(of: term, in: fileTerms)
                let known = at < fileTerms.count && fileTerms[at] == term
                var posting = known ? postings[at] : SearchPosting()
                for page in touched[term] ?? [] {
                    let places = terms[Int(page)].places(term)
                    Self.set(page, in: &posting.anywhere, to: places.anywhere)
                    Self.set(page, in: &posting.title, to: places.title)
                    Self.set(page, in: &posting.headings, to: places.headings)
                }
                switch (known, posting.anywhere.isEmpty) {
                case (true, true):
                    fileTerms.remove(at: at)
                    postings.remove(at: at)
                    lines.remove(at: at)
                case (true, false):
                    postings[at] = posting
                    lines[at] = posting.line(term)
                case (false, false):
                    fileTerms.insert(term, at: at)
                    postings.insert(posting, at: at)
                    lines.insert(posting.line(term), at: at)
                case (false, true):
                    break
                }
            }
            updated[index] = (terms: fileTerms, postings: postings, lines: lines)
        }

        // Cut again from the first changed file until a cut falls where one fell before, past the
        // last changed file: from there on the files are the same.
        var termFiles = self.termFiles
        if let first = updated.keys.min(), let last = updated.keys.max() {
            var cutter = SearchTermFile.Cutter()
            var next = first
            while next < termFiles.count {
                let file = updated[next] ?? (terms: termFiles[next].terms, postings: termFiles[next].postings, lines: termFiles[next].lines)
                for at in file.terms.indices { cutter.add(file.terms[at], file.postings[at], file.lines[at]) }
                next += 1
                if next > last && cutter.atCut { break }
            }
            cutter.finish()
            termFiles.replaceSubrange(first..<next, with: cutter.cut.map(SearchTermFile.init))
        }

        let group = Self.group(pages: records.count, bytes: recordBytes)
        var pageFiles = self.pageFiles
        if group == self.group {
            for file in Set(edited.map { $0 / group }) { pageFiles[file] = Self.pageFile(file, records: records, group: group) }
        } else {
            pageFiles = stride(from: 0, to: records.count, by: group).map { Self.pageFile($0 / group, records: records, group: group) }
        }
        return SearchFiles(
            entries: entries, terms: terms, numbers: numbers, termFiles: SearchTermFile.named(termFiles),
            records: records, recordBytes: recordBytes, group: group, pageFiles: pageFiles
        )
    }

    /// What to write and remove to turn the files of `previous` into these: the files whose
    /// bytes differ or are new, and the paths only `previous` has.
    func changes(since previous: SearchFiles) -> (write: [(path: String, contents: Data)], remove: [String]) {
        let before = Dictionary(previous.files.map { ($0.path, $0.contents) }, uniquingKeysWith: { a, _ in a })
        let now = files
        let paths = Set(now.map(\.path))
        return (now.filter { before[$0.path] != $0.contents }, previous.files.map(\.path).filter { !paths.contains($0) })
    }

    /// `sitegenSearch.index(…)`: the pages, the group, each term file's first term and name.
    private var tableOfContents: Data {
        Data(("sitegenSearch.index({\"pages\":\(entries.count),\"group\":\(group),\"terms\":["
            + termFiles.map { SearchIndex.json($0.terms.first ?? "") }.joined(separator: ",") + "],\"files\":["
            + termFiles.map { "\"\($0.name)\"" }.joined(separator: ",") + "]});\n").utf8)
    }

    /// The term file where `term` is or would be: the last whose first term is not after it.
    private func fileIndex(of term: String) -> Int {
        var low = 0
        var high = termFiles.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Self.precedes(term, termFiles[middle].terms.first ?? "") { high = middle - 1 } else { low = middle }
        }
        return low
    }

    /// Where `term` is or would go in the sorted `terms`.
    private static func lowerBound(of term: String, in terms: [String]) -> Int {
        var low = 0
        var high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(terms[middle], term) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Puts `page` into the ascending `pages` or takes it out.
    private static func set(_ page: Int32, in pages: inout [Int32], to present: Bool) {
        var low = 0
        var high = pages.count
        while low < high {
            let middle = (low + high) / 2
            if pages[middle] < page { low = middle + 1 } else { high = middle }
        }
        let there = low < pages.count && pages[low] == page
        if present && !there { pages.insert(page, at: low) }
        if !present && there { pages.remove(at: low) }
    }

    /// UTF-16 order, as scripts compare strings.
    private static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    /// `[path,title,section,[text,…]]`.
    private static func record(_ entry: SearchIndex.Entry) -> String {
        "[" + [entry.path, entry.title, entry.section].map(SearchIndex.json).joined(separator: ",")
            + ",[" + entry.text.map(SearchIndex.json).joined(separator: ",") + "]]"
    }

    /// Pages per page file: about ``pageFileBytes`` of the average record, 1 to 256.
    private static func group(pages: Int, bytes: Int) -> Int {
        let average = pages == 0 ? 1 : max(1, bytes / pages)
        return min(256, max(1, pageFileBytes / average))
    }

    private static func pageFile(_ number: Int, records: [String], group: Int) -> Data {
        let start = number * group
        return Data(("sitegenSearch.pages(\(number),[\n" + records[start..<min(start + group, records.count)].joined(separator: ",\n") + "\n]);\n").utf8)
    }

    private static func termPath(_ name: String) -> String { SitePath.join(SearchIndex.termsFolder, name + ".js") }
    private static func pagePath(_ number: Int) -> String { SitePath.join(SearchIndex.pagesFolder, "\(number).js") }
}
