import Basics
import Foundation
import SiteKit
import Testing

/// Hugo's own basic example site (`Fixtures/hugo-basic`: the `content/` folder of
/// gohugoio/hugoBasicExample at 61c64dc, unchanged, MIT-licensed), built as a new user coming from
/// Hugo would build it: no errors, titles, dates and tags from its TOML and YAML front matter, a
/// page for every file, and a warning for exactly each thing that is not carried over.
@Suite("Hugo's basic example builds unchanged")
struct HugoBasicExampleTests {
    @Test func everyPageBuildsWithAWarningForEachThingLeftOut() async throws {
        let site = try TestSite(fixture: "hugo-basic")
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description) == [
            "Content/about.md:6: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
            "Content/archives.md:3: key \"type\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.type)",
            "Content/archives.md:4: layout \"archives\" names no template, so the page is rendered with page; add Templates/archives.mustache or remove the key (have: 404, base, home, page, search, taxonomy, term)",
            "Content/homepage/about.md:3: key \"button\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.button)",
            "Content/homepage/index.md:2: key \"headless\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.headless)",
            "Content/homepage/work.md:3: key \"button\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.button)",
            "Content/_index.md:2: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
            "Content/post/emoji-support.md:2: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
            "Content/post/emoji-support.md:17: raw HTML `<p><span class=\"nowrap\"><span class=\"emojify\">🙈</span> <cod…` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/emoji-support.md:26: `{{< highlight html >}}` is a shortcode, which sitegen does not run: it is shown as written; use a fenced code block with the language after the opening ``` and remove the closing shortcode",
            "Content/post/emoji-support.md:32: `{{< css.inline >}}` is a shortcode, which sitegen does not run: it is shown as written; replace it with Markdown, or remove it",
            "Content/post/emoji-support.md:33: raw HTML `<style>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/_index.md:4: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
            "Content/post/markdown-syntax.md:2: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
            "Content/post/markdown-syntax.md:11: key \"categories\" is not a sitegen key and is left out; to make it a taxonomy, list it in site.yml's taxonomies: [tags, categories]",
            "Content/post/markdown-syntax.md:15: key \"series\" is not a sitegen key and is left out; to make it a taxonomy, list it in site.yml's taxonomies: [tags, series]",
            "Content/post/markdown-syntax.md:50: raw HTML `<br>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/markdown-syntax.md:51: raw HTML `<cite>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/markdown-syntax.md:101: `{{< highlight html >}}` is a shortcode, which sitegen does not run: it is shown as written; use a fenced code block with the language after the opening ``` and remove the closing shortcode",
            "Content/post/markdown-syntax.md:103: raw HTML `<html lang=\"en\">` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/markdown-syntax.md:140: raw HTML `<abbr title=\"Graphics Interchange Format\">` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/markdown-syntax.md:142: raw HTML `<sub>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/markdown-syntax.md:144: raw HTML `<sup>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/markdown-syntax.md:146: raw HTML `<kbd>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/markdown-syntax.md:148: raw HTML `<mark>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/math-typesetting.md:2: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
            "Content/post/math-typesetting.md:6: key \"math\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.math)",
            "Content/post/math-typesetting.md:29: `{{< math.inline >}}` is a shortcode, which sitegen does not run: it is shown as written; replace it with Markdown, or remove it",
            "Content/post/math-typesetting.md:32: raw HTML `<link rel=\"stylesheet\" href=\"https://cdn.jsdelivr.net/npm/k…` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/math-typesetting.md:40: `{{< math.inline >}}` is a shortcode, which sitegen does not run: it is shown as written; replace it with Markdown, or remove it",
            "Content/post/math-typesetting.md:41: raw HTML `<p>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/placeholder-text.md:2: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
            "Content/post/placeholder-text.md:29: raw HTML `<svg class=\"canon\" xmlns=\"http://www.w3.org/2000/svg\" overf…` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/placeholder-text.md:41: `{{< css.inline >}}` is a shortcode, which sitegen does not run: it is shown as written; replace it with Markdown, or remove it",
            "Content/post/placeholder-text.md:42: raw HTML `<style>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/rich-content.md:2: key \"author\" is not a sitegen key and is left out; move it under extra: to keep it for your templates (page.extra.author)",
            "Content/post/rich-content.md:18: `{{< youtube ZJthWmvUzzc >}}` is a shortcode, which sitegen does not run: it is shown as written; link to what it shows instead: [the video](https://…)",
            "Content/post/rich-content.md:20: raw HTML `<br>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/rich-content.md:26: `{{< twitter_simple user=\"designreviewed\" id=\"10858706712913…` is a shortcode, which sitegen does not run: it is shown as written; link to what it shows instead: [the video](https://…)",
            "Content/post/rich-content.md:28: raw HTML `<br>` is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML",
            "Content/post/rich-content.md:34: `{{< vimeo_simple 48912912 >}}` is a shortcode, which sitegen does not run: it is shown as written; link to what it shows instead: [the video](https://…)",
        ])
        // 12 pages, the tags page and a page for each of its 8 tags.
        #expect(summary.pages == 21)
        let pages = TestSite.snapshot(site.root.appendingPathComponent("Public")).keys.filter { $0.hasSuffix("index.html") && !$0.hasPrefix("tags/") && !$0.hasPrefix("search/") }
        #expect(Set(pages).isSuperset(of: [
            "index.html", "about/index.html", "archives/index.html", "homepage/index.html", "homepage/about/index.html",
            "homepage/work/index.html", "post/index.html", "post/emoji-support/index.html", "post/markdown-syntax/index.html",
            "post/math-typesetting/index.html", "post/placeholder-text/index.html", "post/rich-content/index.html",
        ]))
        #expect(!site.exists("_index/index.html") && !site.exists("post/_index/index.html"))
    }

    @Test func titlesDatesAndTagsComeFromTheFrontMatter() async throws {
        let site = try TestSite(fixture: "hugo-basic")
        defer { site.remove() }
        try await site.build()
        let syntax = try site.output("post/markdown-syntax/index.html")
        #expect(syntax.contains("<title>Markdown Syntax Guide · sitegen site</title>"))
        #expect(syntax.contains("<time datetime=\"2019-03-11\">"))
        #expect(!syntax.contains("+++") && !syntax.contains("author = "))
        for tag in ["markdown", "css", "html"] {
            #expect(syntax.contains("href=\"../../tags/\(tag)/index.html\""))
        }
        #expect(try site.output("post/math-typesetting/index.html").contains("<title>Math Typesetting · sitegen site</title>"))
        // Content/_index.md, with no title, is the home page.
        #expect(try site.output("index.md").hasPrefix("# Home\n"))
        let tags = try site.output("tags/index.html")
        for tag in ["css", "emoji", "html", "index", "markdown", "privacy", "shortcodes", "text"] {
            #expect(tags.contains("href=\"\(tag)/index.html\""), "tag \(tag)")
        }
        // The section page lists its posts newest first, each with the summary before <!--more-->.
        let posts = try site.output("post/index.html")
        #expect(posts.contains("<h1>Posts</h1>"))
        let order = ["markdown-syntax", "rich-content", "placeholder-text", "math-typesetting", "emoji-support"].map { posts.range(of: "href=\"\($0)/index.html\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && zip(order, order.dropFirst()).allSatisfy { $0! < $1! })
        #expect(posts.contains("Emoji can be enabled in a Hugo project in a number of ways."))
        #expect(!posts.contains("The emojify function"))
        // Old addresses redirect: about.md's aliases, and post/_index.md's.
        #expect(try site.output("about-us/index.html").contains("url=../about/index.html"))
        #expect(try site.output("posts/index.html").contains("url=../post/index.html"))
        #expect(try site.output("post/migrate-from-jekyl/index.html").contains("url=../markdown-syntax/index.html"))
    }

    /// `sitegen check` on the example: every link of every page, the templates' too, leads
    /// somewhere.
    @Test func checkFindsNoBrokenLink() async throws {
        let site = try TestSite(fixture: "hugo-basic")
        defer { site.remove() }
        let summary = try await site.check()
        #expect(summary.warnings.count == 41)
    }
}
