/// Why a rendering stopped: it went beyond one of the ``TemplateLimits``, or named a partial that
/// does not exist (in a library that makes that an error). Carries the templates being rendered.
public struct TemplateRenderError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Partials, parents and overridden blocks inside one another deeper than the limit.
        case includedTooDeeply(limit: Int)
        /// Sections, partials and blocks inside one another deeper than the limit.
        case nestedTooDeeply(limit: Int)
        /// More partial expansions and section repetitions than the limit.
        case tooMuchWork(limit: Int)
        /// More output than the limit, in bytes.
        case outputTooLarge(limit: Int)
        /// `{{>*name}}` (or a written name) that names no template.
        case missingPartial(String)
    }

    /// One tag on the way to where rendering stopped: in `template`, at `line`, the partial,
    /// parent or block `tag` (`>partials/nav`, `<base`, `$content`).
    public struct Inclusion: Sendable, Equatable {
        public let template: String
        public let line: Int
        /// `>`, `<` or `$`, and the name after it (kept apart: a rendering makes many).
        let sigil: Character
        let name: String

        public var tag: String { String(sigil) + name }

        init(template: String, line: Int, sigil: Character, name: String) {
            self.template = template
            self.line = line
            self.sigil = sigil
            self.name = name
        }

        public init(template: String, line: Int, tag: String) {
            self.init(template: template, line: line, sigil: tag.first ?? ">", name: String(tag.dropFirst()))
        }
    }

    public let kind: Kind
    /// The tags being rendered when rendering stopped, outermost first (the first names the
    /// template the rendering started with).
    public let chain: [Inclusion]

    public init(kind: Kind, chain: [Inclusion]) {
        self.kind = kind
        self.chain = chain
    }

    /// The problem in words (`partials nested more than 100 deep`).
    public var message: String {
        switch kind {
        case .includedTooDeeply(let limit):
            "partials, parents and overridden blocks nested more than \(limit) deep (does the data end the recursion, e.g. an empty list of children at the leaves?)"
        case .nestedTooDeeply(let limit): "sections, partials and blocks nested more than \(limit) deep"
        case .tooMuchWork(let limit): "rendering takes more than \(Self.grouped(limit)) partial expansions and section repetitions"
        case .outputTooLarge(let limit): "rendering writes more than \(limit >> 20) MB"
        case .missingPartial(let name): "{{>\(name)}} names no template"
        }
    }

    /// The chain as `page:12 → partials/nav:3 → partials/nav:3 → …`, each template named by
    /// `file` (e.g. its path) and the line of its tag; a long chain keeps its first and last
    /// tags, and a run of the same tag is written once with its count.
    public func describeChain(_ file: (String) -> String = { $0 }) -> String {
        var runs: [(inclusion: Inclusion, count: Int)] = []
        for inclusion in chain {
            if let last = runs.last, last.inclusion == inclusion {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((inclusion, 1))
            }
        }
        var parts = runs.map { run in
            "\(file(run.inclusion.template)):\(run.inclusion.line) {{\(run.inclusion.tag)}}" + (run.count > 1 ? " ×\(run.count)" : "")
        }
        if parts.count > 8 {
            parts = parts.prefix(4) + ["… \(parts.count - 7) more …"] + parts.suffix(3)
        }
        return parts.joined(separator: " → ")
    }

    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return digits + result
    }
}

/// How far one rendering may go before it stops with a ``TemplateRenderError``: a template that
/// includes itself renders as deep as its data goes, and no deeper than these.
public struct TemplateLimits: Sendable, Equatable {
    /// Partials, parents and overridden blocks inside one another.
    public var inclusionDepth: Int
    /// Sections, partials and blocks inside one another, which bounds the renderer's stack.
    public var nesting: Int
    /// Partial expansions and section repetitions in all.
    public var work: Int
    /// Bytes written.
    public var outputBytes: Int

    public init(inclusionDepth: Int = 100, nesting: Int = 1_000, work: Int = 1_000_000, outputBytes: Int = 64 << 20) {
        self.inclusionDepth = inclusionDepth
        self.nesting = nesting
        self.work = work
        self.outputBytes = outputBytes
    }

    /// 100 inclusions deep, 1,000 nested, 1,000,000 expansions and repetitions, 64 MB.
    public static let standard = TemplateLimits()
}
