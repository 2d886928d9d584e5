/// Templates by name: each renders with the others as its partials and parents.
public struct TemplateLibrary: Sendable {
    private let templates: [String: Template]

    public init(_ templates: [String: Template]) {
        self.templates = templates
    }

    /// Renders template `name` with `value` as the context; nil when there is no such template.
    public func render(_ name: String, _ value: TemplateValue) -> String? {
        guard let template = templates[name] else { return nil }
        var renderer = Renderer(templates: templates, name: name, root: value)
        renderer.render(template.nodes)
        return String(decoding: renderer.output, as: UTF8.self)
    }
}

/// One rendering: the output so far and the context the nodes are read in.
private struct Renderer {
    /// How deep sections, partials and blocks may nest while rendering.
    static let depthLimit = 100

    let templates: [String: Template]
    var output: [UInt8] = []
    /// The context stack, innermost last.
    var stack: [TemplateValue]
    /// The element's place when rendering a list's elements: `{{#first()}}`, `{{index()}}`.
    var position: (index: Int, count: Int)?
    /// Written after each line end (a partial alone on its line indents what it renders).
    var indentation: [UInt8] = []
    /// `{{$block}}` overrides from the child templates being rendered, outermost first.
    var overrides: [String: [Node]] = [:]
    /// Whether `{{name}}` is HTML-escaped (`{{%CONTENT_TYPE: TEXT}}` turns it off).
    var escapes = true
    var depth = 0
    /// The partials being rendered, outermost first: one that is reached again renders nothing,
    /// as does a block reached again inside its own override. (sitegen's `TemplateSet` rejects
    /// partials that name themselves; these catch a partial named by a value, and an override
    /// that reaches its own block, which would otherwise render without end.)
    var openPartials: [String]
    var openOverrides: Set<String> = []

    init(templates: [String: Template], name: String, root: TemplateValue) {
        self.templates = templates
        openPartials = [name]
        stack = [root]
    }

    /// Renders `nodes` as one template, section body or list element.
    ///
    /// Indentation follows swift-mustache: each piece that starts after a line end in this call's
    /// own output is indented, where a piece is a text, a variable, or everything a nested
    /// section, partial or block wrote; the first piece of a call is not (its caller decides).
    mutating func render(_ nodes: [Node]) {
        guard depth < Self.depthLimit else { return }
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
                case .bool(true)?: render(body)
                case .list(let items)?:
                    let outer = position
                    for (index, item) in items.enumerated() {
                        position = (index, items.count)
                        stack.append(item)
                        render(body)
                        stack.removeLast()
                    }
                    position = outer
                case let value?: renderPushing(value, body)
                }
            case .inverted(let lookup, let body):
                switch resolve(lookup) {
                case nil, .bool(false)?: render(body)
                case .list(let items)? where items.isEmpty: renderPushing(.list(items), body)
                default: break
                }
            case .partial(let name, let indentation, let childOverrides):
                let partialName: String
                switch name {
                case .fixed(let name): partialName = name
                case .lookedUp(let lookup):
                    guard case .text(let name)? = resolve(lookup) else { continue }
                    partialName = name
                }
                guard let template = templates[partialName], !openPartials.contains(partialName) else { continue }
                openPartials.append(partialName)
                defer { openPartials.removeLast() }
                let saved = (indentation: self.indentation, overrides: overrides, position: position, escapes: escapes)
                self.indentation += (indentation ?? "").utf8
                if let childOverrides {
                    overrides.merge(childOverrides) { outer, _ in outer }
                }
                position = nil
                escapes = true
                render(template.nodes)
                (self.indentation, overrides, position, escapes) = saved
            case .block(let name, let defaultNodes, let indentation):
                let override = overrides[name]
                if override != nil {
                    guard openOverrides.insert(name).inserted else { continue }
                }
                let saved = (indentation: self.indentation, position: position)
                self.indentation += indentation.utf8
                position = nil
                render(override ?? defaultNodes)
                (self.indentation, position) = saved
                if override != nil { openOverrides.remove(name) }
            case .contentType(let escapes):
                self.escapes = escapes
            }
            if !indentation.isEmpty, output.count > mark, endsLine(from: start, to: mark) {
                output.insert(contentsOf: indentation, at: mark)
            }
        }
    }

    /// Whether `output[from..<to]` ends with a line feed that is not part of a CRLF (one
    /// character, not a line end, as swift-mustache counts).
    private func endsLine(from start: Int, to end: Int) -> Bool {
        guard end > start, output[end - 1] == 0x0A else { return false }
        return end - 1 == start || output[end - 2] != 0x0D
    }

    /// Renders `body` with `value` on the stack and no list position.
    private mutating func renderPushing(_ value: TemplateValue, _ body: [Node]) {
        let outer = position
        position = nil
        stack.append(value)
        render(body)
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
