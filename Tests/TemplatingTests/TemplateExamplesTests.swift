import Testing
import Templating

/// Hand-worked renders: what each kind of tag writes.
struct TemplateExamplesTests {
    private struct Item: TemplateObject {
        let name: String
        let price: Int
        func value(named key: String) -> TemplateValue? {
            switch key {
            case "name": .text(name)
            case "price": .number(price)
            default: nil
            }
        }
    }

    private func render(_ templates: [String: String], _ value: TemplateValue, name: String = "main") throws -> String? {
        var parsed: [String: Template] = [:]
        for (key, text) in templates { parsed[key] = try Template(text) }
        return try TemplateLibrary(parsed).render(name, value)
    }

    private let shop: TemplateValue = .map([
        "title": .text("Fruit & <Juice>"),
        "items": .objects([Item(name: "mango", price: 3), Item(name: "kiwi", price: 12)]),
        "none": .list([]),
        "open": .bool(true),
    ])

    @Test func variablesAreEscapedUnlessTripleOrAmpersand() throws {
        #expect(try render(["main": "{{title}}|{{{title}}}|{{& title}}|{{missing}}."], shop) == "Fruit &amp; &lt;Juice&gt;|Fruit & <Juice>|Fruit & <Juice>|.")
        #expect(try render(["main": "{{q}}"], .map(["q": .text("\"it's\"")])) == "&quot;it&#39;s&quot;")
    }

    @Test func listsRepeatWithTheirPosition() throws {
        let template = "{{#items}}{{^first()}}, {{/first()}}{{index()}}:{{name}} {{price}}{{#last()}}.{{/last()}}{{/items}}"
        #expect(try render(["main": template], shop) == "0:mango 3, 1:kiwi 12.")
    }

    @Test func standaloneSectionLinesLeaveNoBlankLines() throws {
        let template = "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n  {{/items}}\n</ul>\n{{^none}}\nnone\n{{/none}}\n"
        #expect(try render(["main": template], shop) == "<ul>\n  <li>mango</li>\n  <li>kiwi</li>\n</ul>\nnone\n")
    }

    @Test func aStandalonePartialIsIndentedLineByLine() throws {
        let out = try render(["main": "<div>\n  {{> row}}\n</div>\n", "row": "<p>{{title}}</p>\n<p>end</p>\n"], shop)
        #expect(out == "<div>\n  <p>Fruit &amp; &lt;Juice&gt;</p>\n  <p>end</p>\n</div>\n")
    }

    @Test func aChildOverridesItsParentsBlocks() throws {
        let templates = [
            "base": "<title>{{$title}}Shop{{/title}}</title>\n<main>\n{{$body}}\n(empty)\n{{/body}}\n</main>\n",
            "main": "{{<base}}\n{{$body}}\n  <p>{{title}}</p>\n{{/body}}\n{{/base}}\n",
        ]
        #expect(try render(templates, shop) == "<title>Shop</title>\n<main>\n<p>Fruit &amp; &lt;Juice&gt;</p>\n</main>\n")
    }

    @Test func transformsApplyInsideOut() throws {
        let value: TemplateValue = .map(["words": .list([.text("b"), .text("a")]), "n": .number(4), "s": .text("kiwi")])
        #expect(try render(["main": "{{count(words)}} {{first(sorted(words))}} {{plusone(n)}} {{#even(n)}}even{{/even(n)}} {{uppercased(s)}} {{#empty(words)}}x{{/empty(words)}}"], value) == "2 a 5 even KIWI ")
    }

    @Test func dottedNamesAndTheStack() throws {
        let value: TemplateValue = .map(["page": .map(["title": .text("A")]), "site": .text("S"), "items": .list([.map(["site": .text("inner")]), .map([:])])])
        #expect(try render(["main": "{{page.title}} {{#items}}[{{site}}]{{/items}} {{#page}}{{title}}{{.title}}{{site}}{{/page}}"], value) == "A [inner][S] AAS")
    }

    @Test func delimitersAndContentTypeChange() throws {
        #expect(try render(["main": "{{=<% %>=}}<% title %> {{title}}<%={{ }}=%> {{title}}"], shop) == "Fruit &amp; &lt;Juice&gt; {{title}} Fruit &amp; &lt;Juice&gt;")
        #expect(try render(["main": "{{%CONTENT_TYPE: TEXT}}{{title}}"], shop) == "Fruit & <Juice>")
    }

    @Test func errorsNameTheLineAndColumn() {
        func failure(_ text: String) -> TemplateSyntaxError? {
            do {
                _ = try Template(text)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure("a\n{{#x}}\nb\n{{/y}}\n") == TemplateSyntaxError(kind: .closeDoesNotMatch(expected: "x", found: "y"), line: 4, column: 4, lineText: "{{/y}}"))
        #expect(failure("a\n  {{#x}}\nb\n")?.kind == .neverClosed("x"))
        #expect(failure("a\n  {{#x}}\nb\n")?.line == 2)
        #expect(failure("one {{two three}}")?.kind == .unfinishedTag)
        #expect(failure("{{<base}}\n{{name}}\n{{/base}}")?.kind == .tagInsideParent)
        #expect(failure("{{<base}}\n{{name}}\n{{/base}}")?.line == 2)
        #expect(failure("{{! never closed")?.kind == .unfinishedComment)
        #expect(failure("{{%CONTENT_TYPE: PDF}}")?.kind == .unknownPragma)
        #expect(failure(String(repeating: "{{#a}}", count: 500))?.kind == .nestedTooDeeply)
    }
}
