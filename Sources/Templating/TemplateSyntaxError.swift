/// Why a template does not parse, and where.
public struct TemplateSyntaxError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `{{/name}}` does not close the section open there (or nothing is open).
        case closeDoesNotMatch(expected: String?, found: String)
        /// A tag without its closing delimiter, or a name with characters a name cannot have.
        case unfinishedTag
        /// A section opened with `{{#name}}` (or `^`, `$`, `<`) that is never closed.
        case neverClosed(String)
        /// A comment without its closing delimiter.
        case unfinishedComment
        /// `{{=<% %>=}}` written wrongly.
        case badDelimiters
        /// `{{$name(…)}}`: blocks take no transforms.
        case transformOnBlock
        /// A tag other than `{{$block}}` directly inside `{{<parent}}`.
        case tagInsideParent
        /// `{{%…}}` other than `CONTENT_TYPE: HTML` or `TEXT`.
        case unknownPragma
        /// Sections inside sections deeper than ``TemplateParser/depthLimit``.
        case nestedTooDeeply
    }

    public let kind: Kind
    /// 1-based line and column (in characters) where the parser stopped.
    public let line: Int
    public let column: Int
    /// The text of that line.
    public let lineText: String

    public init(kind: Kind, line: Int, column: Int, lineText: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.lineText = lineText
    }

    /// The problem in words, for messages (`a section is never closed …`).
    public var message: String {
        switch kind {
        case .closeDoesNotMatch(let expected?, let found):
            "a section is closed with a name that does not match its opening tag ({{/\(found)}} closes {{#\(expected)}})"
        case .closeDoesNotMatch(nil, let found):
            "a section is closed with a name that does not match its opening tag ({{/\(found)}} closes nothing)"
        case .unfinishedTag: "a tag is not finished (missing }}, or a character a name cannot have)"
        case .neverClosed(let name): "a section is never closed (missing {{/\(name)}})"
        case .unfinishedComment: "a comment is not finished (missing }})"
        case .badDelimiters: "a set-delimiter tag is malformed"
        case .transformOnBlock: "a transform cannot be applied to an inherited section"
        case .tagInsideParent: "only {{$block}} overrides may stand inside {{<parent}}"
        case .unknownPragma: "a pragma tag is malformed or unknown (known: {{%CONTENT_TYPE: HTML}} and {{%CONTENT_TYPE: TEXT}})"
        case .nestedTooDeeply: "sections are nested more than \(TemplateParser.depthLimit) deep"
        }
    }
}
