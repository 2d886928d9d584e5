/// A parsed Mustache template: a tree of nodes, ready to render any number of times.
public struct Template: Sendable {
    let nodes: [Node]

    /// Parses `text`; a template that does not parse throws a ``TemplateSyntaxError`` naming the
    /// line and column.
    public init(_ text: String) throws(TemplateSyntaxError) {
        var parser = TemplateParser(text)
        nodes = try parser.parseTemplate()
    }

    /// A partial (`{{>name}}`) or parent (`{{<name}}`) this template names, as written.
    public struct Reference: Sendable, Equatable {
        /// `>` for a partial, `<` for a parent.
        public let sigil: String
        public let name: String
        /// The 1-based line of the tag, counted as a text editor counts (LF, CRLF or CR).
        public let line: Int
        /// Whether rendering the template renders the reference whatever the data: false inside a
        /// section, an inverted section, a block (whose default an override may replace) or a
        /// parent's override.
        public let always: Bool

        public init(sigil: String, name: String, line: Int, always: Bool) {
            self.sigil = sigil
            self.name = name
            self.line = line
            self.always = always
        }
    }

    /// Every partial and parent named in the template, in the order written, whatever the
    /// delimiters; partials named by a value (`{{>*name}}`) are left out.
    public var references: [Reference] {
        var found: [Reference] = []
        Self.collect(nodes, always: true, into: &found)
        return found
    }

    private static func collect(_ nodes: [Node], always: Bool, into found: inout [Reference]) {
        for node in nodes {
            switch node {
            case .section(_, let body), .inverted(_, let body):
                collect(body, always: false, into: &found)
            case .block(_, let body, _, _, _):
                collect(body, always: false, into: &found)
            case .partial(let name, _, let overrides, let line):
                if case .fixed(let name) = name {
                    found.append(Reference(sigil: overrides == nil ? ">" : "<", name: name, line: line, always: always))
                }
                for (_, body) in (overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
                    collect(body, always: false, into: &found)
                }
            case .text, .variable, .contentType:
                break
            }
        }
    }
}

/// One piece of a template.
indirect enum Node: Sendable {
    /// Text written as is.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(Lookup, escaped: Bool)
    /// `{{#name}}…{{/name}}`.
    case section(Lookup, [Node])
    /// `{{^name}}…{{/name}}`.
    case inverted(Lookup, [Node])
    /// `{{>name}}`, or `{{<name}}…{{/name}}` with the blocks it overrides; `{{>*name}}` when the
    /// name is looked up. `indentation` is the space before a partial standing alone on its line;
    /// `line` is the tag's line, for errors.
    case partial(PartialName, indentation: String?, overrides: [String: [Node]]?, line: Int)
    /// `{{$name}}default{{/name}}`: an override from a child template, or the default.
    /// `indentation` is the space before the tag; when the tag stands alone on its line,
    /// `overrideIndentation` is the space before the default's first line, which an override's
    /// lines are indented by instead (the spec's "intrinsic indentation").
    case block(String, [Node], indentation: String, overrideIndentation: String?, line: Int)
    /// `{{%CONTENT_TYPE: TEXT}}` (stop escaping) or `HTML` (escape), for the rest of the template.
    case contentType(escapes: Bool)
}

/// A partial's name, written or looked up.
enum PartialName: Sendable {
    case fixed(String)
    case lookedUp(Lookup)
}

/// A name in a tag, taken apart once: where the lookup starts, the names to walk, and the
/// transforms to apply after (`{{#empty(page.toc)}}`), in the order they apply.
struct Lookup: Sendable {
    enum Start: Sendable {
        /// The stack, from the top down, for the first value that has the first name.
        case stack
        /// The top of the stack only (`{{.}}`, `{{.name}}`).
        case top
        /// The position in the list being rendered (`{{#first()}}`, `{{index()}}`).
        case position
    }

    let start: Start
    let names: [String]
    let transforms: [String]

    init(name: String, transforms written: [String]) {
        transforms = written.reversed()
        if name == "" && !written.isEmpty {
            start = .position
            names = []
        } else {
            start = name.hasPrefix(".") ? .top : .stack
            names = name == "." ? [] : name.split(separator: ".").map(String.init)
        }
    }
}
