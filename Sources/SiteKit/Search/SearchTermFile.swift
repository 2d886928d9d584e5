import Foundation

/// The pages holding one term: anywhere, in their title, in their headings (each ascending).
struct SearchPosting: Sendable, Equatable {
    var anywhere: [Int32] = []
    var title: [Int32] = []
    var headings: [Int32] = []

    /// The term's line in a term file: `[term,anywhere,title,headings]`, each set as
    /// ``SearchPostings`` writes it, `=` for a set the same as anywhere, trailing empty sets left out.
    func line(_ term: String) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(16 + term.utf8.count + 2 * anywhere.count)
        SearchIndex.json(term, into: &out)
        out += ",\"".utf8
        SearchPostings.encode(anywhere, into: &out)
        out.append(UInt8(ascii: "\""))
        func add(_ set: [Int32]) {
            out += ",\"".utf8
            if set == anywhere { out.append(UInt8(ascii: "=")) } else { SearchPostings.encode(set, into: &out) }
            out.append(UInt8(ascii: "\""))
        }
        // An empty set is "", and left out at the end.
        if !title.isEmpty || !headings.isEmpty { add(title) }
        if !headings.isEmpty { add(headings) }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }
}

/// One term file: a run of the sorted terms with their pages and lines. Immutable, so an index
/// and the one updated from it (``SearchFiles/replacing(_:)``) share the files neither changes.
final class SearchTermFile: Sendable {
    let terms: [String]
    let postings: [SearchPosting]
    let lines: [String]
    /// The file's name (`terms/NAME.js`) and its script.
    let name: String
    let contents: Data

    init(terms: [String], postings: [SearchPosting], lines: [String], name: String) {
        self.terms = terms
        self.postings = postings
        self.lines = lines
        self.name = name
        contents = Self.script("sitegenSearch.terms(\"\(name)\",", lines)
    }

    /// A script of the index: `call` and the lines as a JSON array, one per line
    /// (`sitegenSearch.terms("a",[` … `]);`), the way the search page reads each file.
    static func script(_ call: String, _ lines: some Collection<String>) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(40 + lines.reduce(0) { $0 + $1.utf8.count + 2 })
        out += (call + "[\n").utf8
        for (index, line) in lines.enumerated() {
            if index > 0 { out += ",\n".utf8 }
            out += line.utf8
        }
        out += "\n]);\n".utf8
        return Data(out)
    }

    /// A file the ``Cutter`` cut, under the name its first term gives it (``named(_:)``).
    convenience init(_ cut: (terms: [String], postings: [SearchPosting], lines: [String])) {
        self.init(terms: cut.terms, postings: cut.postings, lines: cut.lines, name: Self.baseName(cut.terms.first ?? ""))
    }

    /// The same terms under another name.
    func named(_ name: String) -> SearchTermFile {
        name == self.name ? self : SearchTermFile(terms: terms, postings: postings, lines: lines, name: name)
    }

    /// Where the sorted terms are cut into files. The cut after a term depends only on the term,
    /// its line and the bytes since the file began, never on where earlier files were cut
    /// further back: so a change to a few terms changes the files they are in and, at most,
    /// the next one or two, and an index updated in place cuts where a fresh one does.
    ///
    /// A file ends after a term once it holds ``shortest`` bytes and the term's hash, taken
    /// modulo ``spread``, is below the term's line length (a long line — a term on many pages —
    /// ends its file at once), or when it reaches ``longest`` bytes. So a file holds about
    /// ``shortest`` + ``spread`` bytes of short lines.
    struct Cutter {
        static let shortest = 8_000
        static let spread = 8_000
        static let longest = 24_000

        /// Files cut so far, each its terms, pages and lines (unnamed).
        var cut: [(terms: [String], postings: [SearchPosting], lines: [String])] = []
        private var terms: [String] = []
        private var postings: [SearchPosting] = []
        private var lines: [String] = []
        private var bytes = 0

        /// True when no term waits for the end of its file.
        var atCut: Bool { terms.isEmpty }

        mutating func add(_ term: String, _ posting: SearchPosting, _ line: String) {
            terms.append(term)
            postings.append(posting)
            lines.append(line)
            bytes += line.utf8.count + 2
            if bytes >= Self.longest || (bytes >= Self.shortest && Int(Self.hash(term) % UInt64(Self.spread)) < line.utf8.count) {
                finish()
            }
        }

        /// Ends the file being filled, if any.
        mutating func finish() {
            guard !terms.isEmpty else { return }
            cut.append((terms, postings, lines))
            terms = []
            postings = []
            lines = []
            bytes = 0
        }

        /// 64-bit FNV-1a of the UTF-8 of `text`: the same on every machine and run.
        static func hash(_ text: String) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in text.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return hash
        }
    }

    /// `files` named after their first term (16 hex digits of its hash; `-2`, `-3`, … after a
    /// name an earlier file took), reusing each file already so named.
    static func named(_ files: [SearchTermFile]) -> [SearchTermFile] {
        var taken = Set<String>()
        return files.map { file in
            let base = baseName(file.terms.first ?? "")
            var name = base
            var attempt = 1
            while !taken.insert(name).inserted {
                attempt += 1
                name = base + "-\(attempt)"
            }
            return file.named(name)
        }
    }

    /// 16 hex digits of the hash of `first`.
    private static func baseName(_ first: String) -> String {
        let digits = String(Cutter.hash(first), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
