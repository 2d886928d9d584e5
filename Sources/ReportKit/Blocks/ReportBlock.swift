/// A report block found on a page: its kind, its body and where it stands.
public struct ReportBlock: Sendable, Equatable {
    /// The info string, e.g. `bank`.
    public var kind: String
    /// The body between the fences.
    public var source: String
    /// The page's path relative to the content folder, e.g. `bank/morning.md`.
    public var pagePath: String
    /// The 1-based line of the opening fence in the page's file.
    public var line: Int
    /// The 0-based position of this block among the page's report blocks.
    public var index: Int

    public init(kind: String, source: String, pagePath: String, line: Int, index: Int) {
        self.kind = kind
        self.source = source
        self.pagePath = pagePath
        self.line = line
        self.index = index
    }

    /// Add this to a 1-based line of the body to get the line in the page's file.
    public var lineOffset: Int { line }

    /// A name unique on the page, used for HTML ids and for the files written beside the page:
    /// `bank-1`, `calc-2`.
    public var id: String { "\(kind)-\(index + 1)" }
}
