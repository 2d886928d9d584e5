import Mustache
import Randomness
import Templating
import Testing

/// A partial that includes itself renders as deep as the data goes; a rendering that would not
/// end stops at a limit with an error naming the chain of templates, never with empty output.
struct RecursionTests {
    private static func library(_ templates: [String: String], limits: TemplateLimits = .standard, strict: Bool = false) throws -> TemplateLibrary {
        var parsed: [String: Template] = [:]
        for (name, text) in templates { parsed[name] = try Template(text) }
        return TemplateLibrary(parsed, limits: limits, missingPartialsAreErrors: strict)
    }

    private static func failure(_ library: TemplateLibrary, _ name: String = "main", _ value: TemplateValue = .map([:])) -> TemplateRenderError? {
        do {
            _ = try library.render(name, value)
            return nil
        } catch {
            return error
        }
    }

    /// A section tree: each node a title and its children, the leaves with an empty list.
    private static func node(_ title: String, _ children: [TemplateValue]) -> TemplateValue {
        .map(["title": .text(title), "children": .list(children)])
    }

    @Test func aSelfIncludingPartialRendersEveryLevelTheDataHas() throws {
        let tree = Self.node("site", [
            Self.node("Bank", [Self.node("Mornings", [Self.node("Rush hour", [])]), Self.node("Loans", [])]),
            Self.node("Juice", []),
        ])
        let templates = [
            "main": "<nav>\n{{#children}}\n{{>tree}}\n{{/children}}\n</nav>\n",
            "tree": "<li>{{title}}{{^empty(children)}}<ul>{{#children}}{{>tree}}{{/children}}</ul>{{/empty(children)}}</li>",
        ]
        let out = try Self.library(templates).render("main", tree)
        #expect(out == "<nav>\n<li>Bank<ul><li>Mornings<ul><li>Rush hour</li></ul></li><li>Loans</li></ul></li><li>Juice</li></nav>\n")
    }

    @Test func theSpecsRecursionExample() throws {
        let data: TemplateValue = .map(["content": .text("X"), "nodes": .list([.map(["content": .text("Y"), "nodes": .list([])])])])
        let library = try Self.library(["main": "{{>node}}", "node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"])
        #expect(try library.render("main", data) == "X<Y<>>")
    }

    /// A leaf without `children` finds its parent's children up the context stack: the
    /// recursion never ends, and stops at 100 partials deep, naming where.
    @Test func runawayRecursionIsAnErrorNamingTheChain() throws {
        let library = try Self.library(["main": "{{>node}}", "node": "{{content}}\n<{{#nodes}}{{>node}}{{/nodes}}>"])
        let error = try #require(Self.failure(library, "main", .map(["content": .text("X"), "nodes": .list([.map(["content": .text("Y")])])])))
        #expect(error.kind == .includedTooDeeply(limit: 100))
        #expect(error.chain.count == 101)
        #expect(error.chain.first == TemplateRenderError.Inclusion(template: "main", line: 1, tag: ">node"))
        #expect(error.chain.last == TemplateRenderError.Inclusion(template: "node", line: 2, tag: ">node"))
        #expect(error.describeChain() == "main:1 {{>node}} → node:2 {{>node}} ×100")
        #expect(error.message.hasPrefix("partials, parents and overridden blocks nested more than 100 deep"))
    }

    /// Issue 31: 40 partials, each including the next one twice, never finished (2^40 expansions).
    @Test func exponentialPartialsStopAtTheWorkLimit() throws {
        var templates = ["main": "{{>p0}}", "p40": "x"]
        for index in 0..<40 { templates["p\(index)"] = "{{>p\(index + 1)}}{{>p\(index + 1)}}" }
        let error = try #require(Self.failure(try Self.library(templates, limits: TemplateLimits(work: 100_000))))
        #expect(error.kind == .tooMuchWork(limit: 100_000))
        #expect(error.chain.first == TemplateRenderError.Inclusion(template: "main", line: 1, tag: ">p0"))
        #expect(error.chain.count <= 41)
        #expect(error.describeChain().contains("more …"))
    }

    @Test func theStandardLimitsStopTheExponentialPartials() throws {
        var templates = ["main": "{{>p0}}", "p40": ""]
        for index in 0..<40 { templates["p\(index)"] = "{{>p\(index + 1)}}{{>p\(index + 1)}}" }
        #expect(Self.failure(try Self.library(templates))?.kind == .tooMuchWork(limit: TemplateLimits.standard.work))
    }

    @Test func sectionsRepeatedWithoutEndStopAtTheWorkLimit() throws {
        let text = String(repeating: "{{#a}}", count: 60) + String(repeating: "{{/a}}", count: 60)
        let library = try Self.library(["main": text], limits: TemplateLimits(work: 50_000))
        #expect(Self.failure(library, "main", .map(["a": .list([.bool(true), .bool(true)])]))?.kind == .tooMuchWork(limit: 50_000))
    }

    @Test func outputBeyondTheBudgetIsAnError() throws {
        var templates = ["main": "{{>p0}}", "p12": "0123456789"]
        for index in 0..<12 { templates["p\(index)"] = "{{>p\(index + 1)}}{{>p\(index + 1)}}" }
        let library = try Self.library(templates, limits: TemplateLimits(outputBytes: 10_000))
        #expect(Self.failure(library)?.kind == .outputTooLarge(limit: 10_000))
        // 4,096 copies of ten bytes fit a budget of 64 KB.
        #expect(try Self.library(templates, limits: TemplateLimits(outputBytes: 1 << 16)).render("main", .map([:]))?.utf8.count == 40_960)
    }

    /// Sections inside a recursive partial: the renderer's stack is bounded before the
    /// inclusion depth is reached, on a task's thread as in a build.
    @Test func deepNestingStopsBeforeTheStackDoes() async throws {
        let text = String(repeating: "{{#a}}", count: 30) + "{{>main}}" + String(repeating: "{{/a}}", count: 30)
        let library = try Self.library(["main": text])
        let kind = await Task.detached { Self.failure(library, "main", .map(["a": .bool(true)]))?.kind }.value
        #expect(kind == .nestedTooDeeply(limit: 1_000))
    }

    @Test func aPartialNamedByAValueThatIncludesItselfIsAnError() throws {
        let library = try Self.library(["main": "x{{>*name}}{{>*name}}"])
        let error = try #require(Self.failure(library, "main", .map(["name": .text("main")])))
        #expect(error.kind == .includedTooDeeply(limit: 100))
        #expect(error.describeChain() == "main:1 {{>main}} ×101")
    }

    @Test func anOverrideThatReachesItsOwnBlockIsAnError() throws {
        let library = try Self.library([
            "base": "[{{$head}}base{{/head}}]",
            "inner": "{{$head}}inner{{/head}}",
            "main": "{{<base}}{{$head}}h{{>inner}}{{>inner}}{{/head}}{{/base}}",
        ])
        let error = try #require(Self.failure(library))
        #expect(error.kind == .includedTooDeeply(limit: 100))
        #expect(Array(error.chain.prefix(4)) == [
            .init(template: "main", line: 1, tag: "<base"), .init(template: "base", line: 1, tag: "$head"),
            .init(template: "main", line: 1, tag: ">inner"), .init(template: "inner", line: 1, tag: "$head"),
        ])
        #expect(error.chain.count == 101)
    }

    @Test func aMissingPartialIsAnErrorWhenAsked() throws {
        let templates = ["main": "a\n{{=<% %>=}}\n<%>*name%>b"]
        #expect(try Self.library(templates).render("main", .map(["name": .text("nope")])) == "a\nb")
        let error = try #require(Self.failure(try Self.library(templates, strict: true), "main", .map(["name": .text("nope")])))
        #expect(error == TemplateRenderError(kind: .missingPartial("nope"), chain: [.init(template: "main", line: 3, tag: ">nope")]))
    }

    @Test func linesAreCountedAsAnEditorCounts() throws {
        for newline in ["\n", "\r\n", "\r"] {
            let library = try Self.library(["main": ["a", "b", "{{>main}}"].joined(separator: newline)])
            #expect(Self.failure(library)?.chain.first?.line == 3, "\(newline.debugDescription)")
            #expect(try Template(["a", "b", "{{! c }}"].joined(separator: newline)).references == [])
            #expect(try Template(["a", "{{#x}}", "{{>p}}", "{{/x}}"].joined(separator: newline)).references == [.init(sigil: ">", name: "p", line: 3, always: false)])
        }
    }

    // MARK: Random template graphs

    /// Random partials including one another (cycles through `{{#children}}`, forward chains
    /// outside it) over random trees: every rendering ends; it gives swift-mustache's text or
    /// stops at a limit — never at a limit when the tree ends in empty lists and stays small.
    @Test func randomTemplateGraphsEndWithTheRightTextOrALimit() throws {
        var generator = SeededGenerator(seed: 31)
        let limits = TemplateLimits(work: 20_000, outputBytes: 1 << 20)
        var agreed = 0
        var stopped = 0
        for round in 0..<300 {
            let count = generator.nextInt(in: 1...5)
            var templates: [String: String] = [:]
            for index in 0..<count {
                var body = "[\(index):{{title}}"
                for _ in 0..<generator.nextInt(in: 0...3) {
                    let target = generator.nextInt(in: 0...(count - 1))
                    if generator.nextInt(in: 0...2) > 0 {
                        body += "{{#children}}{{>p\(target)}}{{/children}}"
                    } else if target > index {
                        body += "\n  {{>p\(target)}}\n"
                    } else {
                        body += "{{^children}}-{{/children}}"
                    }
                }
                templates["p\(index)"] = body + "]"
            }
            templates["main"] = "{{>p0}}"
            // Ends in empty lists (bounded), or some leaves lack `children` (may run away).
            let bounded = round % 3 != 0
            let tree = Self.tree(&generator, depth: generator.nextInt(in: 0...4), bounded: bounded)
            let library = try Self.library(templates, limits: limits)
            switch Result(catching: { () throws(TemplateRenderError) in try library.render("main", tree) }) {
            case .success(let ours):
                var oracle: [String: MustacheTemplate] = [:]
                for (name, text) in templates { oracle[name] = try MustacheTemplate(string: text) }
                let theirs = MustacheLibrary(templates: oracle).render(OracleTests.oracleValue(tree), withTemplate: "main")
                #expect(ours == theirs, "round \(round): \(templates.sorted { $0.key < $1.key })")
                agreed += 1
            case .failure(let error):
                switch error.kind {
                case .tooMuchWork, .outputTooLarge: #expect(!bounded || error.chain.count < 40, "round \(round)")
                case .includedTooDeeply: #expect(!bounded, "round \(round): a bounded tree ran away")
                case .nestedTooDeeply, .missingPartial: Issue.record("round \(round): \(error)")
                }
                stopped += 1
            }
        }
        // Both outcomes occur, so neither half of the check is vacuous.
        #expect(agreed > 150)
        #expect(stopped > 10)
    }

    private static func tree(_ g: inout SeededGenerator, depth: Int, bounded: Bool) -> TemplateValue {
        let title = ["a", "b<", "c&", "재고"][g.nextInt(in: 0...3)]
        if depth == 0 {
            return bounded || g.nextInt(in: 0...1) == 0 ? node(title, []) : .map(["title": .text(title)])
        }
        return node(title, (0..<g.nextInt(in: 0...3)).map { _ in tree(&g, depth: depth - 1, bounded: bounded) })
    }
}
