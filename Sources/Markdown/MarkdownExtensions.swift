/// The GitHub extensions a ``MarkdownDocument`` applies on top of CommonMark.
public struct MarkdownExtensions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Pipe tables with alignment.
    public static let tables = MarkdownExtensions(rawValue: 1 << 0)
    /// `~~strike~~` and `~strike~`.
    public static let strikethrough = MarkdownExtensions(rawValue: 1 << 1)
    /// Bare `www.`, `http(s)://` and e-mail autolinks.
    public static let autolinks = MarkdownExtensions(rawValue: 1 << 2)
    /// `- [ ]` and `- [x]` list items.
    public static let taskLists = MarkdownExtensions(rawValue: 1 << 3)
    /// An `id` on every heading (GitHub-style slugs), listed by ``MarkdownDocument/headings``.
    public static let headingIDs = MarkdownExtensions(rawValue: 1 << 4)
    /// `[^label]` references and `[^label]: text` definitions, rendered as cmark-gfm's
    /// `footnotes` extension renders them.
    public static let footnotes = MarkdownExtensions(rawValue: 1 << 5)
    /// With ``headingIDs``: the ids by Zola's rule (``HeadingIDRule/zola``) instead of GitHub's.
    public static let zolaHeadingIDs = MarkdownExtensions(rawValue: 1 << 6)

    /// The four GitHub-Flavored Markdown extensions, rendered as `cmark-gfm -e table -e strikethrough
    /// -e autolink -e tasklist --table-prefer-style-attributes` renders them.
    public static let gfm: MarkdownExtensions = [.tables, .strikethrough, .autolinks, .taskLists]
}
