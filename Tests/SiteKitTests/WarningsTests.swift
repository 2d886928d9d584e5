import Basics
import Foundation
import SiteKit
import Testing

/// Nothing lost in silence: what the build does not render as written is a warning with file,
/// line and what to do; `--strict` makes the warnings errors.
@Suite("Warnings for content not rendered as written")
struct WarningsTests {
    private static let page = """
    ---
    title: Shortcodes
    ---

    {{< youtube ZJthWmvUzzc >}}

    See {{< ref "other.md" >}} and `{{< ref "in-code.md" >}}`.

    {{ resize_image(path="a.jpg", width=100) }}

    <div class="note">Raw</div>

    Inline <span>raw</span> text and a <!-- comment -->.

    ```html
    {{< highlight html >}}<b>code</b>
    ```

    {{< highlight go >}}
    x := 1
    {{< /highlight >}}
    """

    @Test func shortcodesAndRawHTMLAreWarnings() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n", "Content/page.md": Self.page])
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description) == [
            "Content/page.md:5: `{{< youtube ZJthWmvUzzc >}}` is a shortcode, which sitegen does not run: it is shown as written; link to what it shows instead: [the video](https://…)",
            "Content/page.md:7: `{{< ref \"other.md\" >}}` is a shortcode, which sitegen does not run: it is shown as written; link to the Markdown file instead: [text](other-page.md)",
            "Content/page.md:9: `{{ resize_image(path=\"a.jpg\", width=100) }}` is a shortcode, which sitegen does not run: it is shown as written; use a Markdown image instead: ![description](picture.jpg)",
            "Content/page.md:11: raw HTML `<div class=\"note\">Raw</div>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/page.md:13: raw HTML `<span>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/page.md:19: `{{< highlight go >}}` is a shortcode, which sitegen does not run: it is shown as written; use a fenced code block with the language after the opening ``` and remove the closing shortcode",
        ])
    }

    /// A page written with CRLF line ends gets the same warnings on the same lines (each `\r\n`
    /// is one line end, as libcmark counts it).
    @Test func crlfPageWarnsOnTheSameLines() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n", "Content/page.md": Self.page.replacingOccurrences(of: "\n", with: "\r\n")])
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description).map { $0.prefix(while: { $0 != " " }) } == [
            "Content/page.md:5:", "Content/page.md:7:", "Content/page.md:9:", "Content/page.md:11:", "Content/page.md:13:", "Content/page.md:19:",
        ])
    }

    /// With `unsafe_html: true` raw HTML is kept, so it is no warning; shortcodes still are.
    @Test func unsafeHTMLKeepsRawHTMLWithoutWarning() async throws {
        let site = try TestSite([
            "Content/site.yml": "unsafe_html: true\n",
            "Content/index.md": "# Home\n\n<div>kept</div>\n",
        ])
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        #expect(try site.output("index.html").contains("<div>kept</div>"))
    }

    /// `--strict` turns the warnings into errors and leaves the output folder as it was.
    @Test func strictMakesWarningsErrors() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n", "Content/page.md": "---\ntitle: P\nauthor: me\n---\n\n<br>\n"])
        defer { site.remove() }
        let failure = try #require(await site.failure { $0.strict = true })
        #expect(failure.step == "Warnings (--strict makes them errors)")
        #expect(failure.diagnostics.map(\.description) == [
            "Content/page.md:3: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
            "Content/page.md:6: raw HTML `<br>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
        ])
        #expect(!site.exists("index.html"))
    }

    /// A layout that names no template renders with the default one, with a warning.
    @Test func anUnknownLayoutIsAWarning() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n", "Content/page.md": "---\nlayout: archives\n---\n\nText.\n"])
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description) == [
            "Content/page.md:2: layout \"archives\" names no template, so the page is rendered with page; add Templates/archives.mustache or remove the key (have: 404, base, home, page, search, taxonomy, term)",
        ])
        #expect(try site.output("page/index.html").contains("Text."))
    }

    /// `<!--more-->` marks the summary lists and cards show; it is no warning.
    @Test func moreMarksTheSummary() async throws {
        let site = try TestSite([
            "Content/index.md": "# Home\n",
            "Content/posts/a.md": "---\ntitle: A\n---\n\nThe lead, *short*.[^1] <!--more-->The rest.\n\nMore text.\n\n[^1]: A note.\n",
            "Content/posts/b.md": "---\ntitle: B\nsummary: Said in front matter.\n---\n\nFirst paragraph.\n\n<!--more-->\n\nRest.\n",
            "Content/posts/c.md": "---\ntitle: C\n---\n\nNo mark here.\n",
        ])
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let list = try site.output("posts/index.html")
        #expect(list.contains("The lead, short."))
        #expect(!list.contains("[^1]"))
        #expect(!list.contains("The rest."))
        #expect(list.contains("Said in front matter."))
        #expect(!list.contains("No mark here."))
    }

    /// A page that opens with a fence of a kind sitegen does not read is warned about.
    @Test func unreadFrontMatterIsAWarning() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n", "Content/page.md": "++++\ntitle = 'x'\n++++\n\nText.\n"])
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description) == [
            "Content/page.md:1: the first line \"++++\" looks like front matter sitegen does not read, so it is shown as text; write front matter between --- lines (YAML), +++ lines (TOML) or as a JSON object",
        ])
    }
}
