import Basics
import Foundation
@testable import Preview
import ReportKit
import SiteKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct InjectionTests {
    private func inject(_ snippet: String, _ page: String) -> String {
        String(decoding: PageInjection.inject(snippet, into: Data(page.utf8)), as: UTF8.self)
    }

    @Test func beforeTheLastClosingBodyInAnyCase() {
        #expect(inject("<x>", "<body><pre>&lt;/body&gt;</pre></BoDy></html>") == "<body><pre>&lt;/body&gt;</pre><x></BoDy></html>")
        #expect(inject("<x>", "<p></body> in a comment</p></body>") == "<p></body> in a comment</p><x></body>")
    }

    @Test func appendedWhenThePageHasNoClosingBody() {
        #expect(inject("<x>", "<p>fragment") == "<p>fragment<x>")
        #expect(inject("<x>", "") == "<x>")
    }

    @Test func scriptListensForReloadAndErrorsAndKnowsItsVersion() {
        let script = ReloadScript.element(version: "42-7")
        #expect(script.contains("new EventSource(\"/__sitegen/events\")"))
        #expect(script.contains("\"reload\""))
        #expect(script.contains("\"build-error\""))
        #expect(script.contains("e.data !== \"42-7\""))
    }

    @Test func overlayListsEveryDiagnosticEscaped() {
        let failure = BuildFailure(step: "Run <report> blocks", diagnostics: [
            Diagnostic(file: "Content/bank/morning.md", line: 14, "bank: tellers.loan must be <b>a number</b> & \"positive\""),
            Diagnostic(file: "Templates/page.mustache", "unclosed section"),
        ])
        let html = ErrorOverlay.html(for: failure)
        #expect(html.contains("Run &lt;report&gt; blocks"))
        #expect(html.contains("2 errors"))
        #expect(html.contains("Content/bank/morning.md:14: bank: tellers.loan must be &lt;b&gt;a number&lt;/b&gt; &amp; &quot;positive&quot;"))
        #expect(html.contains("Templates/page.mustache: unclosed section"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("position:fixed"))
        #expect(!html.contains("http"))
    }

    @Test func errorEventCarriesTheDiagnosticsAsJSON() throws {
        let failure = BuildFailure(step: "Render pages", diagnostics: [Diagnostic(file: "Content/a.md", line: 3, "bad")])
        let event = ServerSentEvent.buildError(failure)
        #expect(event.text.hasPrefix("event: build-error\ndata: {"))
        #expect(event.text.hasSuffix("}\n\n"))
        let json = String(event.text.dropFirst("event: build-error\ndata: ".count).dropLast(2))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["step"] as? String == "Render pages")
        let items = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items[0]["file"] as? String == "Content/a.md")
        #expect(items[0]["line"] as? Int == 3)
        #expect((object["html"] as? String)?.contains("Content/a.md:3: bad") == true)
    }

    @Test func multiLineDataIsOneDataLinePerLine() {
        #expect(ServerSentEvent(name: "x", data: "a\nb").text == "event: x\ndata: a\ndata: b\n\n")
        #expect(ServerSentEvent.reload.text == "event: reload\ndata: \n\n")
    }
}
