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

    /// The entries in reading order (a page's number is its place here), and the terms of each;
    /// none in an index made to be written once (``indexing(_:batch:entries:)``).
    let entries: [SearchIndex.Entry]
    let terms: [EntryTerms]
    /// The term files in order.
    private let termFiles: [SearchTermFile]
    /// What each entry's result shows, as its page file lists it, and their bytes in all.
    private let records: [String]
    private let recordBytes: Int
    /// Pages per page file, and the page files in order.
    private let group: Int
    private let pageFiles: [Data]

    /// The terms of one entry in the order they occur, repeats included (an index takes each
    /// once), and where each occurrence is besides anywhere: in the title, in a heading.
    struct EntryTerms: Sendable {
        private(set) var terms: [String] = []
        private(set) var places: [Places] = []

        /// Where in an entry a term occurs besides anywhere.
        struct Places: OptionSet, Sendable {
            let rawValue: UInt8
            static let title = Places(rawValue: 1)
            static let headings = Places(rawValue: 2)
        }

        init(_ entry: borrowing SearchIndex.Entry) {
            // About one word in six bytes of text.
            let bytes = [entry.headings, entry.text, entry.keywords].reduce(entry.title.utf8.count) { total, texts in
                texts.reduce(total) { $0 + $1.utf8.count }
            }
            terms.reserveCapacity(bytes / 6 + 2)
            places.reserveCapacity(bytes / 6 + 2)
            add(entry.title, .title)
            for heading in entry.headings { add(heading, .headings) }
            for text in entry.text { add(text, []) }
            for keyword in entry.keywords { add(keyword, []) }
        }

        private mutating func add(_ text: String, _ where: Places) {
            SearchWords.forEachWord(in: text) { word in
                SearchWords.forEachTerm(of: word) { term in
                    terms.append(term)
                    places.append(`where`)
                }
            }
        }

        /// Each term once, with all the places it occurs.
        var byTerm: [String: Places] {
            Dictionary(zip(terms, places), uniquingKeysWith: { $0.union($1) })
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
        var builder = Builder()
        for index in entries.indices { builder.add(entries[index], terms[index]) }
        self = builder.files(entries: entries, terms: terms)
    }

    /// The files of the pages in `pages`, in reading order, for a build that writes the index once
    /// (`sitegen build`): the pages are indexed a batch at a time, each batch's entries and terms
    /// let go of before the next, so a large site never holds them all at once. The index keeps
    /// none of them, so it cannot be updated (``replacing(_:)`` is nil); its files are the ones
    /// ``init(entries:terms:)`` makes of the same entries.
    /// - Parameters:
    ///   - batch: how many pages are indexed at a time: enough to keep every core busy.
    ///   - entries: a page's entries (``SearchIndex/entries(of:reports:sections:)``).
    static func indexing<Page: Sendable>(_ pages: [Page], batch size: Int = 2048, entries: @escaping @Sendable (Page) -> [SearchIndex.Entry]) async -> SearchFiles {
        let size = max(1, size)
        var builder = Builder()
        var seen = Set<[String]>()
        for start in stride(from: 0, to: pages.count, by: size) {
            let batch = SearchIndex.distinct(await parallelMap(Array(pages[start..<min(start + size, pages.count)]), entries), seen: &seen)
            let terms = await parallelMap(batch) { EntryTerms($0) }
            for index in batch.indices { builder.add(batch[index], terms[index]) }
        }
        return builder.files(entries: [], terms: [])
    }

    /// An index being made: entries are added in reading order, each with its terms, and become
    /// each term's pages and each entry's record.
    private struct Builder {
        /// Each term's number in the order first found, the terms so, and their pages.
        private var numbers: [String: Int] = [:]
        private var found: [String] = []
        private var postings: [SearchPosting] = []
        private var records: [String] = []
        private var recordBytes = 0

        /// Adds the next entry (its number is the count of entries before it) with its terms.
        mutating func add(_ entry: borrowing SearchIndex.Entry, _ its: borrowing EntryTerms) {
            let page = Int32(records.count)
            for index in its.terms.indices {
                let term = its.terms[index]
                let id: Int
                if let known = numbers[term] {
                    id = known
                } else {
                    id = found.count
                    numbers[term] = id
                    found.append(term)
                    postings.append(SearchPosting())
                }
                // The pages come in order: a page is in a set already when it is its last.
                if postings[id].anywhere.last != page { postings[id].anywhere.append(page) }
                let places = its.places[index]
                if places.contains(.title) && postings[id].title.last != page { postings[id].title.append(page) }
                if places.contains(.headings) && postings[id].headings.last != page { postings[id].headings.append(page) }
            }
            let record = SearchFiles.record(entry)
            recordBytes += record.utf8.count
            records.append(record)
        }

        /// The files of the entries added, which are `entries` (and their terms `terms`) when the
        /// index is to be updated later, or none.
        consuming func files(entries: [SearchIndex.Entry], terms: [EntryTerms]) -> SearchFiles {
            var cutter = SearchTermFile.Cutter()
            // Sorted by the first eight bytes of each term first, which mostly differ.
            let keys = found.map(SearchFiles.sortKey)
            for id in found.indices.sorted(by: { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : SearchFiles.precedes(found[$0], found[$1]) }) {
                cutter.add(found[id], postings[id], postings[id].line(found[id]))
            }
            cutter.finish()
            let group = SearchFiles.group(pages: records.count, bytes: recordBytes)
            return SearchFiles(
                entries: entries, terms: terms,
                termFiles: SearchTermFile.named(cutter.cut.map(SearchTermFile.init)),
                records: records, recordBytes: recordBytes, group: group,
                pageFiles: stride(from: 0, to: records.count, by: group).map { SearchFiles.pageFile($0 / group, records: records, group: group) }
            )
        }
    }

    private init(entries: [SearchIndex.Entry], terms: [EntryTerms], termFiles: [SearchTermFile],
                 records: [String], recordBytes: Int, group: Int, pageFiles: [Data]) {
        self.entries = entries
        self.terms = terms
        self.termFiles = termFiles
        self.records = records
        self.recordBytes = recordBytes
        self.group = group
        self.pageFiles = pageFiles
    }

    /// The index with each of `changed` in place of the entry of its number (the same pages in
    /// the same order, a few of them changed): only their terms are found again, and only the
    /// term files of the terms whose pages changed (with, at most, the next one or two:
    /// ``SearchTermFile/Cutter``) and their page files are made again; the files are the same as
    /// a fresh index of the same entries has. Nil when a number is not in the index, or when more
    /// than one entry in 64 changed (a fresh index is then quicker).
    func replacing(_ changed: [(number: Int, entry: SearchIndex.Entry)]) -> SearchFiles? {
        // An index made to be written once has no entries to update.
        guard entries.count == records.count, changed.count <= max(64, entries.count / 64) else { return nil }
        var entries = self.entries
        var terms = self.terms
        var records = self.records
        var recordBytes = self.recordBytes
        var touched: [String: Set<Int32>] = [:]
        var edited = Set<Int>()
        // The places of each term of each changed entry.
        var placesNow: [Int: [String: EntryTerms.Places]] = [:]
        for (number, entry) in changed {
            guard entries.indices.contains(number) else { return nil }
            guard entries[number] != entry else { continue }
            let before = terms[number].byTerm
            let after = EntryTerms(entry)
            let now = after.byTerm
            placesNow[number] = now
            entries[number] = entry
            terms[number] = after
            let record = Self.record(entry)
            recordBytes += record.utf8.count - records[number].utf8.count
            records[number] = record
            edited.insert(number)
            for (term, places) in now where before[term] != places { touched[term, default: []].insert(Int32(number)) }
            for term in before.keys where now[term] == nil { touched[term, default: []].insert(Int32(number)) }
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
                    let places = placesNow[Int(page)]?[term]
                    Self.set(page, in: &posting.anywhere, to: places != nil)
                    Self.set(page, in: &posting.title, to: places?.contains(.title) ?? false)
                    Self.set(page, in: &posting.headings, to: places?.contains(.headings) ?? false)
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
            entries: entries, terms: terms, termFiles: SearchTermFile.named(termFiles),
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
        Data(("sitegenSearch.index({\"pages\":\(records.count),\"group\":\(group),\"terms\":["
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

    /// UTF-16 order, as scripts compare strings, read over UTF-8: its bytes sort as code points
    /// do, which is UTF-16 order but where code points from U+10000 on meet U+E000–U+FFFF:
    /// UTF-16 puts the former, as surrogates, first (``utf16Rank(_:)``).
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let count = min(x.count, y.count)
                var index = 0
                while index < count && x[index] == y[index] { index += 1 }
                return index < count ? utf16Rank(x[index]) < utf16Rank(y[index]) : x.count < y.count
            }
        }
    }

    /// A byte of UTF-8 ranked so that, at the first byte where two strings differ, the ranks
    /// order them as UTF-16 does: the first bytes of U+E000–U+FFFF (EE, EF) after those of code
    /// points from U+10000 on (F0–F4). At the first difference both bytes start a code point, or
    /// both continue code points of the same length (80–BF), as the bytes before are the same.
    private static func utf16Rank(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0xEE: 0xF5
        case 0xEF: 0xF6
        default: byte
        }
    }

    /// The first eight bytes of `term` ranked (``utf16Rank(_:)``), the first the highest, zeros
    /// past its end: where two keys differ they order the terms as ``precedes(_:_:)`` does (no
    /// term holds a zero byte).
    private static func sortKey(_ term: String) -> UInt64 {
        var key: UInt64 = 0
        var shift = 56
        for byte in term.utf8.prefix(8) {
            key |= UInt64(utf16Rank(byte)) << shift
            shift -= 8
        }
        return key
    }

    /// `[path,title,section,[text,…]]`.
    private static func record(_ entry: borrowing SearchIndex.Entry) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(64 + entry.path.utf8.count + entry.title.utf8.count + entry.section.utf8.count
                            + entry.text.reduce(0) { $0 + $1.utf8.count + 3 })
        SearchIndex.json(entry.path, into: &out)
        out.append(UInt8(ascii: ","))
        SearchIndex.json(entry.title, into: &out)
        out.append(UInt8(ascii: ","))
        SearchIndex.json(entry.section, into: &out)
        out += ",[".utf8
        for (index, text) in entry.text.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            SearchIndex.json(text, into: &out)
        }
        out += "]]".utf8
        return String(decoding: out, as: UTF8.self)
    }

    /// Pages per page file: about ``pageFileBytes`` of the average record, 1 to 256.
    private static func group(pages: Int, bytes: Int) -> Int {
        let average = pages == 0 ? 1 : max(1, bytes / pages)
        return min(256, max(1, pageFileBytes / average))
    }

    private static func pageFile(_ number: Int, records: [String], group: Int) -> Data {
        SearchTermFile.script("sitegenSearch.pages(\(number),", records[(number * group)..<min(number * group + group, records.count)])
    }

    private static func termPath(_ name: String) -> String { SitePath.join(SearchIndex.termsFolder, name + ".js") }
    private static func pagePath(_ number: Int) -> String { SitePath.join(SearchIndex.pagesFolder, "\(number).js") }
}
