/// A parsed Mustache template: a tree of nodes, ready to render any number of times.
public struct Template: Sendable {
    let nodes: [Node]

    /// Parses `text`; a template that does not parse throws a ``TemplateSyntaxError`` naming the
    /// line and column.
    public init(_ text: String) throws(TemplateSyntaxError) {
        var parser = TemplateParser(text)
        nodes = try parser.parseTemplate()
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
    /// name is looked up. `indentation` is the space before a partial standing alone on its line.
    case partial(PartialName, indentation: String?, overrides: [String: [Node]]?)
    /// `{{$name}}default{{/name}}`: an override from a child template, or the default.
    case block(String, [Node], indentation: String)
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
