/// Templates by name: each renders with the others as its partials and parents.
public struct TemplateLibrary: Sendable {
    private let templates: [String: Template]
    private let limits: TemplateLimits
    private let missingPartialsAreErrors: Bool

    /// - Parameters:
    ///   - limits: how deep and how much one rendering may go.
    ///   - missingPartialsAreErrors: whether a partial or parent that names no template stops the
    ///     rendering (the spec renders nothing for it).
    public init(_ templates: [String: Template], limits: TemplateLimits = .standard, missingPartialsAreErrors: Bool = false) {
        self.templates = templates
        self.limits = limits
        self.missingPartialsAreErrors = missingPartialsAreErrors
    }

    /// Renders template `name` with `value` as the context; nil when there is no such template.
    /// A partial may include itself: it renders as deep as the data goes, and a rendering that
    /// goes beyond the limits throws, naming the chain of templates.
    public func render(_ name: String, _ value: TemplateValue) throws(TemplateRenderError) -> String? {
        try renderBytes(name, value).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``render(_:_:)`` as UTF-8 bytes, for output written to a file: the bytes are not read
    /// again to make a `String` of them.
    public func renderBytes(_ name: String, _ value: TemplateValue) throws(TemplateRenderError) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        var renderer = Renderer(templates: templates, limits: limits, missingPartialsAreErrors: missingPartialsAreErrors, name: name, root: value)
        try renderer.render(template.nodes)
        return renderer.output
    }
}

/// One rendering: the output so far and the context the nodes are read in.
private struct Renderer {
    let templates: [String: Template]
    let limits: TemplateLimits
    let missingPartialsAreErrors: Bool
    var output: [UInt8] = []
    /// The context stack, innermost last.
    var stack: [TemplateValue]
    /// The element's place when rendering a list's elements: `{{#first()}}`, `{{index()}}`.
    var position: (index: Int, count: Int)?
    /// Written after each line end (a partial alone on its line indents what it renders).
    var indentation: [UInt8] = []
    /// `{{$block}}` overrides from the child templates being rendered, the outermost kept, each
    /// with the template it is written in.
    var overrides: [String: (nodes: [Node], template: String)] = [:]
    /// Whether `{{name}}` is HTML-escaped (`{{%CONTENT_TYPE: TEXT}}` turns it off).
    var escapes = true
    /// Nested `render` calls.
    var depth = 0
    /// Partial expansions and section repetitions so far.
    var work = 0
    /// The template whose nodes are rendering.
    var current: String
    /// The partials, parents and overridden blocks being rendered, outermost first.
    var chain: [TemplateRenderError.Inclusion] = []

    init(templates: [String: Template], limits: TemplateLimits, missingPartialsAreErrors: Bool, name: String, root: TemplateValue) {
        self.templates = templates
        self.limits = limits
        self.missingPartialsAreErrors = missingPartialsAreErrors
        current = name
        stack = [root]
    }

    private func failure(_ kind: TemplateRenderError.Kind) -> TemplateRenderError {
        TemplateRenderError(kind: kind, chain: chain)
    }

    /// Counts one partial expansion or section repetition.
    private mutating func step() throws(TemplateRenderError) {
        work += 1
        guard work <= limits.work else { throw failure(.tooMuchWork(limit: limits.work)) }
    }

    /// Enters a partial, parent or overridden block named by `tag` at `line` of the current template.
    private mutating func include(_ sigil: Character, _ name: String, line: Int) throws(TemplateRenderError) {
        chain.append(TemplateRenderError.Inclusion(template: current, line: line, sigil: sigil, name: name))
        guard chain.count <= limits.inclusionDepth else { throw failure(.includedTooDeeply(limit: limits.inclusionDepth)) }
        try step()
    }

    /// Renders `nodes` as one template, section body or list element.
    ///
    /// Indentation follows swift-mustache: each piece that starts after a line end in this call's
    /// own output is indented, where a piece is a text, a variable, or everything a nested
    /// section, partial or block wrote; the first piece of a call is not (its caller decides).
    mutating func render(_ nodes: [Node]) throws(TemplateRenderError) {
        guard depth < limits.nesting else { throw failure(.nestedTooDeeply(limit: limits.nesting)) }
        depth += 1
        let outerEscapes = escapes
        let start = output.count
        defer {
            escapes = outerEscapes
            depth -= 1
        }
        for node in nodes {
            let mark = output.count
            switch node {
            case .text(let text):
                output.append(contentsOf: text.utf8)
            case .variable(let lookup, let escaped):
                guard let value = resolve(lookup), let text = Self.text(of: value) else { continue }
                if escaped && escapes {
                    writeEscaped(text)
                } else {
                    output.append(contentsOf: text.utf8)
                }
            case .section(let lookup, let body):
                switch resolve(lookup) {
                case nil, .bool(false)?: break
                case .bool(true)?:
                    try step()
                    try render(body)
                case .list(let items)?:
                    let outer = position
                    for (index, item) in items.enumerated() {
                        try step()
                        position = (index, items.count)
                        stack.append(item)
                        try render(body)
                        stack.removeLast()
                    }
                    position = outer
                case let value?:
                    try step()
                    try renderPushing(value, body)
                }
            case .inverted(let lookup, let body):
                switch resolve(lookup) {
                case nil, .bool(false)?: try render(body)
                case .list(let items)? where items.isEmpty: try renderPushing(.list(items), body)
                default: break
                }
            case .partial(let name, let indentation, let childOverrides, let line):
                let partialName: String
                switch name {
                case .fixed(let name): partialName = name
                case .lookedUp(let lookup):
                    guard case .text(let name)? = resolve(lookup) else { continue }
                    partialName = name
                }
                let sigil: Character = childOverrides == nil ? ">" : "<"
                guard let template = templates[partialName] else {
                    guard missingPartialsAreErrors else { continue }
                    chain.append(TemplateRenderError.Inclusion(template: current, line: line, sigil: sigil, name: partialName))
                    throw failure(.missingPartial(partialName))
                }
                try include(sigil, partialName, line: line)
                let saved = (indentation: self.indentation, overrides: overrides, position: position, escapes: escapes, current: current)
                self.indentation += (indentation ?? "").utf8
                if let childOverrides, !childOverrides.isEmpty {
                    let written = current
                    overrides.merge(childOverrides.lazy.map { ($0.key, (nodes: $0.value, template: written)) }) { outer, _ in outer }
                }
                position = nil
                escapes = true
                current = partialName
                try render(template.nodes)
                (self.indentation, overrides, position, escapes, current) = saved
                chain.removeLast()
            case .block(let name, let defaultNodes, let indentation, let overrideIndentation, let line):
                let saved = (indentation: self.indentation, position: position)
                position = nil
                if let override = overrides[name] {
                    try include("$", name, line: line)
                    let indent = overrideIndentation ?? indentation
                    self.indentation += indent.utf8
                    let before = output.count
                    let outerTemplate = current
                    current = override.template
                    try render(override.nodes)
                    current = outerTemplate
                    // A block alone on its line wrote no space before the override's first line.
                    if overrideIndentation != nil, output.count > before {
                        output.insert(contentsOf: indent.utf8, at: before)
                    }
                    chain.removeLast()
                } else {
                    // A block alone on its line has its default as written.
                    if overrideIndentation == nil { self.indentation += indentation.utf8 }
                    try render(defaultNodes)
                }
                (self.indentation, position) = saved
            case .contentType(let escapes):
                self.escapes = escapes
            }
            if !indentation.isEmpty, output.count > mark, endsLine(from: start, to: mark) {
                output.insert(contentsOf: indentation, at: mark)
            }
            guard output.count <= limits.outputBytes else { throw failure(.outputTooLarge(limit: limits.outputBytes)) }
        }
    }

    /// Whether `output[from..<to]` ends with a line feed that is not part of a CRLF (one
    /// character, not a line end, as swift-mustache counts).
    private func endsLine(from start: Int, to end: Int) -> Bool {
        guard end > start, output[end - 1] == 0x0A else { return false }
        return end - 1 == start || output[end - 2] != 0x0D
    }

    /// Renders `body` with `value` on the stack and no list position.
    private mutating func renderPushing(_ value: TemplateValue, _ body: [Node]) throws(TemplateRenderError) {
        let outer = position
        position = nil
        stack.append(value)
        try render(body)
        stack.removeLast()
        position = outer
    }

    // MARK: Lookups

    private func resolve(_ lookup: Lookup) -> TemplateValue? {
        var transforms = lookup.transforms[...]
        var value: TemplateValue?
        switch lookup.start {
        case .position:
            guard let position, let first = transforms.popFirst() else { return nil }
            value = TemplateTransforms.apply(first, at: position.index, of: position.count)
        case .top:
            value = walk(stack.last, lookup.names[...])
        case .stack:
            guard let first = lookup.names.first else { return stack.last }
            for item in stack.reversed() {
                if let child = item.child(named: first) {
                    value = walk(child, lookup.names.dropFirst())
                    break
                }
            }
        }
        for transform in transforms {
            guard let current = value else { return nil }
            value = TemplateTransforms.apply(transform, to: current)
        }
        return value
    }

    private func walk(_ start: TemplateValue?, _ names: ArraySlice<String>) -> TemplateValue? {
        var value = start
        for name in names {
            value = value?.child(named: name)
        }
        return value
    }

    // MARK: Output

    /// What `{{name}}` writes for a value: lists, mappings and objects write nothing.
    private static func text(of value: TemplateValue) -> String? {
        switch value {
        case .text(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): String(number)
        case .list, .map, .object: nil
        }
    }

    /// Writes `text` with `& < > " '` escaped for HTML.
    private mutating func writeEscaped(_ text: String) {
        let needsEscaping = text.utf8.contains { byte in
            byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
        }
        guard needsEscaping else { return output.append(contentsOf: text.utf8) }
        for byte in text.utf8 {
            switch byte {
            case 0x26: output.append(contentsOf: "&amp;".utf8)
            case 0x3C: output.append(contentsOf: "&lt;".utf8)
            case 0x3E: output.append(contentsOf: "&gt;".utf8)
            case 0x22: output.append(contentsOf: "&quot;".utf8)
            case 0x27: output.append(contentsOf: "&#39;".utf8)
            default: output.append(byte)
            }
        }
    }
}
