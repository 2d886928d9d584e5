import Foundation
import Mustache
import Randomness
import Testing
import Templating

/// The engine against swift-mustache, which sitegen rendered with before: the same templates and
/// values must give the same text, and a template one rejects the other rejects too.
///
/// Known, deliberate differences, which the generated input avoids: a list, mapping or object in
/// `{{name}}` writes nothing here (swift-mustache writes Swift's description of it); `enumerated`
/// lists a mapping in key order (swift-mustache in hash order); `&<>"'` followed by a combining
/// mark are escaped here; a template whose last character is the opening delimiter's first (`{`)
/// is text here, an error there. Where the engine follows the spec and swift-mustache does not: a
/// block whose tag stands alone on its line writes its default as written (swift-mustache adds the
/// tag's indentation to it) and indents an override by its default's first line (the spec's
/// "intrinsic indentation"); the generated blocks stand at the start of their line with an
/// unindented first line, where the two agree. Recursion is compared in `RecursionTests`.
struct OracleTests {
    /// Both engines' output, or nil where the template does not parse.
    private static func both(_ templates: [String: String], _ name: String, _ value: TemplateValue) -> (ours: String?, oracle: String?) {
        var parsed: [String: Templating.Template] = [:]
        var oracle: [String: MustacheTemplate] = [:]
        var oursFailed = false
        var oracleFailed = false
        for (key, text) in templates {
            do { parsed[key] = try Templating.Template(text) } catch { oursFailed = true }
            do { oracle[key] = try MustacheTemplate(string: text) } catch { oracleFailed = true }
        }
        var ours: String?
        if !oursFailed {
            do { ours = try TemplateLibrary(parsed).render(name, value) } catch { ours = "render error: \(error)" }
        }
        let theirs = oracleFailed ? nil : MustacheLibrary(templates: oracle).render(oracleValue(value), withTemplate: name)
        return (ours, theirs)
    }

    /// Where two outputs part: the text around the first difference on each side.
    private static func difference(_ ours: String?, _ oracle: String?) -> String {
        guard let ours, let oracle else { return "ours \(ours == nil ? "rejects" : "renders"), oracle \(oracle == nil ? "rejects" : "renders")" }
        let a = Array(ours.utf8), b = Array(oracle.utf8)
        let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, first - 40)..<min(bytes.count, first + 40)], as: UTF8.self).debugDescription
        }
        return "at byte \(first): ours \(around(a)), oracle \(around(b))"
    }

    static func oracleValue(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): text
        case .bool(let flag): flag
        case .number(let number): number
        case .list(let items): items.map(oracleValue)
        case .map(let entries): entries.mapValues(oracleValue)
        case .object: "object"
        }
    }

    // MARK: sitegen's own templates

    private static let projectFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The site's templates (`Templates/`) and every kind's (`Sources/<Kind>Report/Files/`).
    private static func projectTemplates() throws -> [String: String] {
        let manager = FileManager.default
        let sources = projectFolder.appendingPathComponent("Sources")
        // Sources/SiteKit/Files is a link to Templates/.
        let kinds = try manager.contentsOfDirectory(atPath: sources.path).sorted().filter { $0 != "SiteKit" }
            .map { sources.appendingPathComponent($0).appendingPathComponent("Files") }
        var result: [String: String] = [:]
        for root in [projectFolder.appendingPathComponent("Templates")] + kinds {
            for folder in ["", "partials/"] {
                let url = root.appendingPathComponent(folder)
                guard let files = try? manager.contentsOfDirectory(atPath: url.path) else { continue }
                for file in files where file.hasSuffix(".mustache") {
                    result[folder + String(file.dropLast(".mustache".count))] = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                }
            }
        }
        return result
    }

    @Test func theProjectTemplatesRenderAlikeOnGeneratedPages() throws {
        let templates = try Self.projectTemplates()
        #expect(templates.count >= 10)
        var generator = SeededGenerator(seed: 7)
        var compared = 0
        for round in 0..<30 {
            let value = Values.page(&generator, round: round)
            for name in templates.keys.sorted() where !name.hasPrefix("base") {
                let (ours, oracle) = Self.both(templates, name, value)
                #expect(ours != nil)
                #expect(ours == oracle, "template \(name), round \(round)")
                compared += 1
            }
        }
        #expect(compared >= 300)
    }

    // MARK: generated templates

    @Test func generatedTemplatesRenderAlike() {
        var generator = SeededGenerator(seed: 2026)
        var rendered = 0
        var rejected = 0
        for round in 0..<3000 {
            var maker = TemplateMaker(generator: generator)
            let templates = maker.library()
            generator = maker.generator
            let value = Values.data(&generator)
            let (ours, oracle) = Self.both(templates, "main", value)
            #expect(ours == oracle, "round \(round): \(Self.difference(ours, oracle)) in \(templates.sorted { $0.key < $1.key })")
            if ours == nil { rejected += 1 } else { rendered += 1 }
            if ours != oracle { break }
        }
        // Most generated templates parse, and some do not (both engines reject the same ones).
        #expect(rendered > 1500)
        #expect(rejected > 100)
    }
}

/// Random values shaped like sitegen's pages, and like generic data.
private enum Values {
    static func text(_ g: inout SeededGenerator) -> String {
        let pieces = ["mango", "kiwi", " ", "<b>", "&", "\"q\"", "it's", "재고", "\n", "", "a b", "🍓", "x>y"]
        return (0..<g.nextInt(in: 0...3)).map { _ in pieces[g.nextInt(in: 0...(pieces.count - 1))] }.joined()
    }

    static func maybe(_ g: inout SeededGenerator, _ make: (inout SeededGenerator) -> TemplateValue) -> TemplateValue? {
        g.nextInt(in: 0...3) == 0 ? nil : make(&g)
    }

    static func link(_ g: inout SeededGenerator) -> TemplateValue {
        .map(["title": .text(text(&g)), "href": .text(text(&g)), "current": .bool(g.nextInt(in: 0...1) == 0)])
    }

    static func card(_ g: inout SeededGenerator) -> TemplateValue {
        var entries: [String: TemplateValue] = ["title": .text(text(&g)), "href": .text(text(&g))]
        entries["description"] = maybe(&g) { .text(text(&$0)) }
        entries["date"] = maybe(&g) { .text(text(&$0)) }
        entries["date_text"] = entries["date"]
        entries["headlines"] = .list((0..<g.nextInt(in: 0...2)).map { _ in .text(text(&g)) })
        entries["section"] = maybe(&g) { .text(text(&$0)) }
        return .map(entries)
    }

    static func list(_ g: inout SeededGenerator, _ make: (inout SeededGenerator) -> TemplateValue) -> TemplateValue {
        .list((0..<g.nextInt(in: 0...3)).map { _ in make(&g) })
    }

    static func term(_ g: inout SeededGenerator) -> TemplateValue {
        var entries: [String: TemplateValue] = ["name": .text(text(&g)), "slug": .text(text(&g)), "href": .text(text(&g))]
        if g.nextInt(in: 0...1) == 0 {
            let count = g.nextInt(in: 1...12)
            entries["count"] = .number(count)
            entries["count_text"] = .text("\(count) pages")
        }
        return .map(entries)
    }

    /// A page's values with the names sitegen's templates use.
    static func page(_ g: inout SeededGenerator, round: Int) -> TemplateValue {
        var page: [String: TemplateValue] = [
            "title": .text(text(&g)), "content": .text("<p>\(text(&g))</p>\n<p>two</p>"),
            "show_title": .bool(g.nextInt(in: 0...1) == 0), "headlines": list(&g) { .text(text(&$0)) },
            "toc": list(&g) { .map(["level": .number($0.nextInt(in: 2...3)), "title": .text(text(&$0)), "href": .text("#x")]) },
            "taxonomies": list(&g) { .map(["name": .text("tags"), "title": .text("Tags"), "terms": list(&$0, term)]) },
            "has_neighbours": .bool(g.nextInt(in: 0...1) == 0),
        ]
        page["description"] = maybe(&g) { .text(text(&$0)) }
        page["date"] = maybe(&g) { .text(text(&$0)) }
        page["date_text"] = page["date"]
        page["markdown"] = maybe(&g) { _ in .text("index.md") }
        page["previous"] = maybe(&g, link)
        page["next"] = maybe(&g, link)
        page["tags"] = maybe(&g) { list(&$0, term) }
        page["extra"] = maybe(&g) { .map(["note": .text(text(&$0))]) }
        var root: [String: TemplateValue] = [
            "site": .map(["title": .text(text(&g)), "language": .text(round % 2 == 0 ? "en" : "ko")]),
            "page": .map(page), "root": .text(["", "../", "../../"][round % 3]),
            "stylesheets": list(&g) { .text("assets/\(text(&$0)).css") }, "scripts": list(&g) { _ in .text("assets/sort.js") },
            "nav": list(&g, link), "cards": list(&g, card), "children": list(&g, card),
            "is_home": .bool(round % 5 == 0),
            "i18n": .map(["site": .map(["search": .text("Search"), "skip": .text("Skip"), "onThisPage": .text("On this page")])]),
        ]
        root["canonical"] = maybe(&g) { .text("https://e.com/\(text(&$0))") }
        root["feed"] = maybe(&g) { _ in .text("atom.xml") }
        root["taxonomy"] = maybe(&g) { .map(["name": .text("tags"), "title": .text("Tags"), "href": .text("tags/"), "terms": list(&$0, term)]) }
        root["term"] = maybe(&g) { .map(["name": .text(text(&$0)), "slug": .text("s"), "pages": list(&$0, card)]) }
        if let description = maybe(&g, { .text(text(&$0)) }) {
            root["site"] = .map(["title": .text(text(&g)), "language": .text("en"), "description": description])
        }
        return .map(root)
    }

    /// Generic data for generated templates: scalars under `t`, `n`, `f`, `e`; a list of objects
    /// under `items`, an empty list under `none`, texts under `words`, an object under `obj`.
    static func data(_ g: inout SeededGenerator) -> TemplateValue {
        func object(_ g: inout SeededGenerator) -> TemplateValue {
            var entries: [String: TemplateValue] = [:]
            for key in ["t", "n", "f"] where g.nextInt(in: 0...2) > 0 {
                entries[key] = key == "t" ? .text(text(&g)) : key == "n" ? .number(g.nextInt(in: -2...3)) : .bool(g.nextInt(in: 0...1) == 0)
            }
            return .map(entries)
        }
        return .map([
            "t": .text(text(&g)), "n": .number(g.nextInt(in: -2...3)), "f": .bool(g.nextInt(in: 0...1) == 0), "e": .text(""),
            "items": list(&g, object), "none": .list([]), "words": list(&g) { .text(text(&$0)) }, "obj": object(&g),
            "partial": .text(["p1", "p2", "nope"][g.nextInt(in: 0...2)]),
        ])
    }
}

/// Random Mustache text built from pieces that exercise standalone lines, indentation, partials,
/// parents and blocks, delimiters, transforms and malformed tags.
private struct TemplateMaker {
    var generator: SeededGenerator
    /// The partials and parents the template being made may name.
    private var includable: [String] = []
    private var changedDelimiters = false

    init(generator: SeededGenerator) {
        self.generator = generator
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[generator.nextInt(in: 0...(items.count - 1))]
    }

    private mutating func chance(_ percent: Int) -> Bool {
        generator.nextInt(in: 1...100) <= percent
    }

    mutating func library() -> [String: String] {
        // Each may include only those after it, so that no partial includes itself.
        var result: [String: String] = [:]
        includable = []
        changedDelimiters = false
        result["p2"] = body(depth: 2, sections: [])
        changedDelimiters = false
        includable = ["p2"]
        result["base"] = body(depth: 1, sections: [], blocks: true)
        changedDelimiters = false
        result["p1"] = body(depth: 1, sections: [])
        changedDelimiters = false
        includable = ["p1", "p2", "base", "*partial", "absent"]
        result["main"] = body(depth: 0, sections: [])
        return result
    }

    private mutating func space() -> String {
        pick(["", "", " ", "  ", "\t", " \t "])
    }

    private mutating func newline() -> String {
        pick(["\n", "\n", "\n", "\r\n", ""])
    }

    private mutating func scalarName() -> String {
        pick(["t", "n", "f", "e", "missing", "obj.t", "obj.n", ".t", "t.u", "items.t", "uppercased(t)", "count(words)", "plusone(n)", "reversed(t)", "empty(t)", "first(words)", "index()", "first()", "odd()"])
    }

    private mutating func sectionName() -> String {
        pick(["items", "none", "f", "t", "e", "n", "obj", "missing", "words", "empty(items)", "first()", "last()", "even(n)", "reversed(items)", "first(items)", "equalzero(n)"])
    }

    private mutating func body(depth: Int, sections: [String], blocks: Bool = false) -> String {
        var text = ""
        for _ in 0..<generator.nextInt(in: 1...6) {
            text += line(depth: depth, sections: sections, blocks: blocks)
        }
        return text
    }

    private mutating func line(depth: Int, sections: [String], blocks: Bool) -> String {
        let lead = space()
        switch generator.nextInt(in: 0...17) {
        case 0, 1: return lead + pick(["plain", "<li>", "a{b", "x } y", "{}", "--", ""]) + space() + newline()
        case 2, 3: return lead + "{{\(space())\(scalarName())\(space())}}" + pick(["", " after", "{{t}}"]) + newline()
        case 4: return lead + pick(["{{{t}}}", "{{& t}}", "{{{obj.t}}}"]) + newline()
        case 5, 6, 7:
            guard depth < 4 else { return lead + "deep" + newline() }
            let name = sectionName()
            let sigil = pick(["#", "#", "^"])
            let inner = body(depth: depth + 1, sections: sections + [name], blocks: blocks)
            let close = chance(1) ? "other" : name
            if chance(50) {
                return lead + "{{\(sigil)\(name)}}" + space() + newline() + inner + space() + "{{/\(close)}}" + space() + newline()
            }
            return lead + "{{\(sigil)\(name)}}" + pick(["", "x", "{{t}}"]) + inner + "{{/\(close)}}" + pick(["", " y"]) + newline()
        case 8: return lead + "{{!\(pick([" note ", "multi\nline", ""]))}}" + space() + newline()
        case 9, 10:
            guard !includable.isEmpty else { return lead + "{{e}}" + newline() }
            return lead + "{{>\(space())\(pick(includable))}}" + space() + newline()
        case 11:
            let parents = includable.filter { $0 == "base" || $0 == "p1" }
            guard depth < 3, !parents.isEmpty else { return lead + "no parent" + newline() }
            var overrides = ""
            // An override that names the parent again would render forever in swift-mustache.
            let outer = includable
            includable = includable.filter { $0 == "p2" }
            defer { includable = outer }
            for _ in 0..<generator.nextInt(in: 0...2) {
                let name = pick(["head", "body"])
                overrides += space() + "{{$\(name)}}" + space() + newline() + body(depth: depth + 2, sections: [], blocks: false) + space() + "{{/\(name)}}" + newline()
                if chance(20) { overrides += pick(["stray text\n", "{{t}}\n", "{{! ok }}\n"]) }
            }
            let parent = pick(parents)
            return lead + "{{<\(parent)}}" + space() + newline() + overrides + space() + "{{/\(chance(1) ? "p2" : parent)}}" + newline()
        case 12:
            // Blocks only in the parent: an override that reaches its own block renders forever.
            // At the start of the line, with an unindented first line (see the type's comment).
            guard blocks, depth < 4 else { return lead + "{{n}}" + newline() }
            let name = pick(["head", "body", "foot"])
            return "{{$\(name)}}" + space() + newline() + "block {{t}}" + newline() + body(depth: depth + 1, sections: [], blocks: blocks) + space() + "{{/\(name)}}" + space() + newline()
        case 13:
            // A change that lasts to the end of its section, once per template (a second one
            // would read as an empty tag, `{{.}}`, whose object the engines write differently).
            let lasting = !changedDelimiters && chance(30)
            changedDelimiters = changedDelimiters || lasting
            return lead + (lasting ? "{{=[[ ]]=}}" : pick(["{{=<% %>=}}<% t %><%={{ }}=%>", "{{= | | =}}|t||={{ }}=|"])) + space() + newline()
        case 14: return lead + pick(["{{%CONTENT_TYPE: TEXT}}", "{{%CONTENT_TYPE: HTML}}", "{{%CONTENT_TYPE:TEXT}}"]) + space() + newline()
        case 15:
            guard chance(8) else { return lead + "{{t}}" + newline() }
            return lead + pick(["{{t", "{{a b}}", "{{#x}}", "{{/x}}", "{{{t}}", "{{first(}}", "{{a)b}}", "{{=x=}}", "{{% NOPE: X}}", "}}", "{{$x(y)}}y{{/x(y)}}"]) + newline()
        case 16: return lead + "{{\(scalarName())}}{{\(scalarName())}}" + space() + (includable.contains("p2") ? "{{>p2}}" : "") + newline()
        default: return lead + String(repeating: " ", count: generator.nextInt(in: 0...2)) + "text {{t}}" + newline()
        }
    }
}
