/// Reads Mustache text into ``Node``s, over its UTF-8 bytes.
///
/// The rules are those of the Mustache spec as hummingbird-project/swift-mustache reads them
/// (sitegen rendered with that library before, and its tests compare the two on generated
/// templates): text is read a line at a time; a section, comment, partial, parent, block or
/// delimiter tag alone on its line takes the line's leading space and its line end with it; a
/// partial alone on its line indents every line it renders by that space; inside a block that a
/// parent's child overrides, the first line's indentation is taken off every line. Beyond
/// swift-mustache, a block whose tag stands alone on its line indents an override by the
/// indentation of its default's first line, as the spec's `~inheritance` module says.
struct TemplateParser {
    /// How deep sections, parents and blocks may nest, so hostile input cannot exhaust the stack.
    static let depthLimit = 200

    private let bytes: [UInt8]
    private var position = 0
    /// The line of a position the parser passed, so that counting lines stays linear.
    private var lineMark = (index: 0, line: 1)

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    mutating func parseTemplate() throws(TemplateSyntaxError) -> [Node] {
        try parseBlock(Scope(), depth: 0).nodes
    }

    /// Where the block being read stands, and with which delimiters.
    private struct Scope {
        /// The tag that ends the block, and where its opening tag was.
        var closing: (name: String, transforms: [String], opened: Int)?
        /// Whether only spaces and tabs stand before the parser on its line.
        var atLineStart = true
        /// Inside a `{{<parent}}`, at any depth.
        var inParent = false
        /// Directly in a parent's body, where `{{$name}}` defines an override; a delimiter change
        /// ends this (as in swift-mustache).
        var definesBlocks = false
        /// The block is a parent's body: only overrides and text may stand in it.
        var isParentBody = false
        /// Inside an override: the first line's indentation, taken off each line.
        var overrideIndent: Int?
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)

        /// The scope of a section, block or parent opened by the tag at `tag` in this one.
        func entering(_ name: String, _ transforms: [String] = [], at tag: Int, atLineStart: Bool) -> Scope {
            var inner = self
            inner.closing = (name, transforms, tag)
            inner.atLineStart = atLineStart
            inner.definesBlocks = false
            inner.isParentBody = false
            return inner
        }
    }

    /// What a block holds: its nodes, and in a parent's body the overrides it defines.
    private struct Block {
        var nodes: [Node] = []
        var overrides: [(name: String, nodes: [Node])] = []
    }

    private mutating func parseBlock(_ entered: Scope, depth: Int) throws(TemplateSyntaxError) -> Block {
        guard depth <= Self.depthLimit else { throw error(.nestedTooDeeply) }
        var scope = entered
        var block = Block()
        // The spaces and tabs at the start of the current line, not yet written.
        var lead: ArraySlice<UInt8> = []
        while position < bytes.count {
            if scope.atLineStart {
                let spaces = readSpacesAndTabs()
                if scope.inParent && !scope.definesBlocks {
                    if let indent = scope.overrideIndent {
                        lead = spaces.dropFirst(indent)
                    } else {
                        scope.overrideIndent = spaces.count
                    }
                } else {
                    lead = spaces
                }
            }
            let text = readText(until: scope.open)
            if let newline = text.newline {
                block.nodes.append(.text(Self.string(lead) + Self.string(text.bytes) + Self.string(newline)))
                scope.atLineStart = true
                continue
            }
            if !text.bytes.isEmpty {
                block.nodes.append(.text(Self.string(lead) + Self.string(text.bytes)))
                lead = []
                scope.atLineStart = false
            }
            guard position < bytes.count else { break }
            let tag = position
            var standalone = false
            switch bytes[position] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                let inverted = bytes[position] == UInt8(ascii: "^")
                position += 1
                let (name, transforms) = try readName(scope)
                if scope.atLineStart && finishLine() {
                    standalone = true
                } else if !lead.isEmpty {
                    block.nodes.append(.text(Self.string(lead)))
                    lead = []
                }
                let body = try parseBlock(scope.entering(name, transforms, at: tag, atLineStart: standalone), depth: depth + 1).nodes
                let lookup = Lookup(name: name, transforms: transforms)
                try add(inverted ? .inverted(lookup, body) : .section(lookup, body), to: &block, scope, at: tag)

            case UInt8(ascii: "/"):
                position += 1
                let namePosition = position
                let (name, transforms) = try readName(scope)
                guard let closing = scope.closing, closing.name == name, closing.transforms == transforms else {
                    position = namePosition
                    throw error(.closeDoesNotMatch(expected: scope.closing.map { Self.written($0.name, $0.transforms) }, found: Self.written(name, transforms)))
                }
                if !(scope.atLineStart && finishLine()) && !lead.isEmpty {
                    block.nodes.append(.text(Self.string(lead)))
                }
                return block

            case UInt8(ascii: "!"):
                position += 1
                guard let end = find(scope.close, from: position) else { throw error(.unfinishedComment) }
                position = end + scope.close.count
                standalone = scope.atLineStart && finishLine()

            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                let braced = bytes[position] == UInt8(ascii: "{")
                if !lead.isEmpty {
                    block.nodes.append(.text(Self.string(lead)))
                    lead = []
                }
                position += 1
                let (name, transforms) = try readName(scope)
                if braced {
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else { throw error(.unfinishedTag) }
                    position += 1
                }
                try add(.variable(Lookup(name: name, transforms: transforms), escaped: false), to: &block, scope, at: tag)

            case UInt8(ascii: ">"):
                position += 1
                skipWhitespace()
                let dynamic = position < bytes.count && bytes[position] == UInt8(ascii: "*")
                if dynamic { position += 1 }
                let name = try readPartialName(scope)
                if !lead.isEmpty { block.nodes.append(.text(Self.string(lead))) }
                standalone = scope.atLineStart && finishLine()
                let partial: PartialName = dynamic ? .lookedUp(Lookup(name: name, transforms: [])) : .fixed(name)
                try add(.partial(partial, indentation: standalone ? Self.string(lead) : nil, overrides: nil, line: line(at: tag)), to: &block, scope, at: tag)
                lead = []

            case UInt8(ascii: "<"):
                let tagLine = line(at: tag)
                position += 1
                skipWhitespace()
                let written = try readPartialName(scope)
                if !lead.isEmpty { block.nodes.append(.text(Self.string(lead))) }
                standalone = scope.atLineStart && finishLine()
                var inner = scope.entering(written, at: tag, atLineStart: true)
                inner.inParent = true
                inner.definesBlocks = true
                inner.isParentBody = true
                var overrides: [String: [Node]] = [:]
                for (name, nodes) in try parseBlock(inner, depth: depth + 1).overrides {
                    overrides[name] = nodes
                }
                let partial: PartialName = written.hasPrefix("*")
                    ? .lookedUp(Lookup(name: String(written.dropFirst()), transforms: []))
                    : .fixed(written)
                try add(.partial(partial, indentation: Self.string(lead), overrides: overrides, line: tagLine), to: &block, scope, at: tag)
                lead = []

            case UInt8(ascii: "$"):
                position += 1
                let (name, transforms) = try readName(scope)
                guard transforms.isEmpty else { throw error(.transformOnBlock) }
                if scope.definesBlocks {
                    standalone = scope.atLineStart && finishLine()
                    block.overrides.append((name, try parseBlock(scope.entering(name, at: tag, atLineStart: standalone), depth: depth + 1).nodes))
                } else {
                    let tagLine = line(at: tag)
                    standalone = scope.atLineStart && finishLine()
                    // A tag alone on its line writes no space of its own: its default is written
                    // as it stands, and an override takes the indentation of the default's first line.
                    var overrideIndentation: String?
                    if standalone {
                        overrideIndentation = Self.string(peekSpacesAndTabs().dropFirst(scope.inParent && !scope.definesBlocks ? scope.overrideIndent ?? 0 : 0))
                    } else if !lead.isEmpty {
                        block.nodes.append(.text(Self.string(lead)))
                    }
                    let body = try parseBlock(scope.entering(name, at: tag, atLineStart: standalone), depth: depth + 1).nodes
                    try add(.block(name, body, indentation: Self.string(lead), overrideIndentation: overrideIndentation, line: tagLine), to: &block, scope, at: tag)
                    lead = []
                }

            case UInt8(ascii: "="):
                position += 1
                (scope.open, scope.close) = try readDelimiters(scope)
                scope.definesBlocks = false
                standalone = scope.atLineStart && finishLine()

            case UInt8(ascii: "%"):
                position += 1
                let escapes = try readPragma(scope)
                try add(.contentType(escapes: escapes), to: &block, scope, at: tag)
                standalone = scope.atLineStart && finishLine()

            default:
                if !lead.isEmpty {
                    block.nodes.append(.text(Self.string(lead)))
                    lead = []
                }
                let (name, transforms) = try readName(scope)
                try add(.variable(Lookup(name: name, transforms: transforms), escaped: true), to: &block, scope, at: tag)
            }
            scope.atLineStart = standalone
        }
        if let closing = scope.closing {
            position = closing.opened
            throw error(.neverClosed(closing.name))
        }
        return block
    }

    /// Adds a node that is not text; in a parent's body that is an error at the tag.
    private func add(_ node: Node, to block: inout Block, _ scope: Scope, at tag: Int) throws(TemplateSyntaxError) {
        guard !scope.isParentBody else { throw error(.tagInsideParent, at: tag) }
        block.nodes.append(node)
    }

    // MARK: Reading text

    /// Text up to a line end (which is read too) or an opening delimiter (read, not returned), or
    /// to the end.
    private mutating func readText(until open: [UInt8]) -> (bytes: ArraySlice<UInt8>, newline: ArraySlice<UInt8>?) {
        let start = position
        guard let first = open.first else { return ([], nil) }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x0A {
                position += 1
                return (bytes[start..<position - 1], bytes[position - 1..<position])
            }
            if byte == 0x0D, position + 1 < bytes.count, bytes[position + 1] == 0x0A {
                position += 2
                return (bytes[start..<position - 2], bytes[position - 2..<position])
            }
            if byte == first, matches(open, at: position) {
                let text = bytes[start..<position]
                position += open.count
                return (text, nil)
            }
            position += 1
        }
        return (bytes[start..<position], nil)
    }

    /// The spaces and tabs at the parser's position, left unread.
    private func peekSpacesAndTabs() -> ArraySlice<UInt8> {
        var end = position
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return bytes[position..<end]
    }

    private mutating func readSpacesAndTabs() -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return bytes[start..<position]
    }

    /// Whether the rest of the line is spaces and tabs (or the text ends here); if so, reads them
    /// and the line end.
    private mutating func finishLine() -> Bool {
        if position >= bytes.count { return true }
        var next = position
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        guard let length = newlineLength(at: next) else { return false }
        position = next + length
        return true
    }

    /// The length of the line end at `index`: LF, CRLF, CR, VT, FF, NEL, LS or PS.
    private func newlineLength(at index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        case 0x0A, 0x0B, 0x0C: return 1
        case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : nil
        case 0xE2:
            return index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) ? 3 : nil
        default: return nil
        }
    }

    /// Skips white space of any kind, line ends included.
    private mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte < 0x80 {
                guard byte == 0x20 || (0x09...0x0D).contains(byte) else { return }
                position += 1
            } else {
                var decoder = UTF8()
                var iterator = bytes[position...].makeIterator()
                guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.properties.isWhitespace else { return }
                position += UTF8.width(scalar)
            }
        }
    }

    private func matches(_ delimiter: [UInt8], at index: Int) -> Bool {
        guard index + delimiter.count <= bytes.count else { return false }
        for offset in delimiter.indices where bytes[index + offset] != delimiter[offset] { return false }
        return true
    }

    private func find(_ delimiter: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + delimiter.count <= bytes.count {
            if matches(delimiter, at: index) { return index }
            index += 1
        }
        return nil
    }

    // MARK: Reading tags

    private static func isNameByte(_ byte: UInt8, brackets: Bool, slash: Bool = false) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"), UInt8(ascii: "*"):
            true
        case UInt8(ascii: "("), UInt8(ascii: ")"): brackets
        case UInt8(ascii: "/"): slash
        default: false
        }
    }

    /// A name, with space around it, up to the closing delimiter: `name`, or `a(b(name))` for
    /// transforms a and b.
    private mutating func readName(_ scope: Scope) throws(TemplateSyntaxError) -> (String, [String]) {
        let text = try readTagName(scope, slash: false)
        guard let open = text.firstIndex(where: { $0 == "(" || $0 == ")" }) else { return (text, []) }
        guard text[open] == "(" else { throw error(.unfinishedTag) }
        // `a(b(c))`: transforms a and b, applied inside out, to c.
        var transforms = [String(text[..<open])]
        var rest = text[text.index(after: open)...]
        while true {
            let word = rest.prefix { $0 != "(" && $0 != ")" }
            rest = rest[word.endIndex...]
            if rest.first == "(" {
                transforms.append(String(word))
                rest = rest.dropFirst()
                continue
            }
            let closers = rest.prefix { $0 == ")" }
            guard !closers.isEmpty, closers.count == transforms.count, closers.endIndex == rest.endIndex else {
                throw error(.unfinishedTag)
            }
            return (String(word), transforms)
        }
    }

    private mutating func readPartialName(_ scope: Scope) throws(TemplateSyntaxError) -> String {
        try readTagName(scope, slash: true)
    }

    private mutating func readTagName(_ scope: Scope, slash: Bool) throws(TemplateSyntaxError) -> String {
        skipWhitespace()
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position], brackets: true, slash: slash) { position += 1 }
        let name = Self.string(bytes[start..<position])
        skipWhitespace()
        guard matches(scope.close, at: position) else { throw error(.unfinishedTag) }
        position += scope.close.count
        return name
    }

    /// `=<% %>=` after the opening delimiter: the new opening and closing delimiters.
    private mutating func readDelimiters(_ scope: Scope) throws(TemplateSyntaxError) -> ([UInt8], [UInt8]) {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        skipWhitespace()
        let openStart = position
        while position < bytes.count, !isSpace(bytes[position]) { position += 1 }
        let open = Array(bytes[openStart..<position])
        skipWhitespace()
        let closeStart = position
        while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: "=") { position += 1 }
        let close = Array(bytes[closeStart..<position])
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "="), !open.isEmpty, !close.isEmpty else { throw error(.badDelimiters) }
        position += 1
        guard matches(scope.close, at: position) else { throw error(.badDelimiters) }
        position += scope.close.count
        return (open, close)
    }

    /// `%CONTENT_TYPE: TEXT` after the opening delimiter: whether what follows is escaped.
    private mutating func readPragma(_ scope: Scope) throws(TemplateSyntaxError) -> Bool {
        let variable = readPragmaWord()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error(.unknownPragma) }
        position += 1
        let value = readPragmaWord()
        guard matches(scope.close, at: position), variable == "CONTENT_TYPE", value == "HTML" || value == "TEXT" else {
            throw error(.unknownPragma)
        }
        position += scope.close.count
        return value == "HTML"
    }

    private mutating func readPragmaWord() -> String {
        skipWhitespace()
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position], brackets: false) { position += 1 }
        let text = Self.string(bytes[start..<position])
        skipWhitespace()
        return text
    }

    // MARK: Helpers

    private static func string(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func written(_ name: String, _ transforms: [String]) -> String {
        transforms.reversed().reduce(name) { "\($1)(\($0))" }
    }

    /// The 1-based line of `index`, counted as a text editor counts: a line ends at LF, CRLF or
    /// a lone CR.
    private mutating func line(at index: Int) -> Int {
        if index < lineMark.index { lineMark = (0, 1) }
        lineMark = (index, lineMark.line + Self.lineEnds(in: bytes, from: lineMark.index, to: index))
        return lineMark.line
    }

    /// How many line ends (LF, CRLF, lone CR) end in `bytes[from..<to]`; a CR at `to - 1` followed
    /// by LF ends its line at the LF.
    private static func lineEnds(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) { count += 1 }
            index += 1
        }
        return count
    }

    private func error(_ kind: TemplateSyntaxError.Kind, at index: Int? = nil) -> TemplateSyntaxError {
        let at = min(index ?? position, bytes.count)
        let lineStart = bytes[..<at].lastIndex { $0 == 0x0A || $0 == 0x0D }.map { $0 + 1 } ?? 0
        let lineEnd = bytes[at...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
        let line = 1 + Self.lineEnds(in: bytes, from: 0, to: lineStart)
        let column = 1 + Self.string(bytes[lineStart..<at]).count
        return TemplateSyntaxError(kind: kind, line: line, column: column, lineText: Self.string(bytes[lineStart..<lineEnd]))
    }
}
