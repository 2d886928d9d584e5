import Foundation
import SiteKit
import Testing

@Suite("GFM tables, task lists, heading ids and tables of contents in a built site")
struct GFMSiteTests {
    static let files = [
        "Content/index.md": "# Home\n\nSee [prices](shop/day.md#prices), [재고](shop/day.md#재고) and [the echo](shop/day.md#echo-1).\n",
        "Content/shop/day.md": """
            ---
            title: A day
            toc: true
            ---
            ## Prices

            | Fruit | Price |
            |:--|--:|
            | [Mango](../index.md) | 3 \\| 4 |
            | ~~Kiwi~~ | 1 |

            ## 재고

            - [x] counted
            - [ ] ordered

            ### Prices

            ```echo
            say: hi
            ```

            """,
    ]

    @Test func tablesTasksAndTocRender() async throws {
        var site = try TestSite(Self.files)
        defer { site.remove() }
        site.kinds = [EchoKind()]
        try await site.build()
        let html = try site.output("shop/day/index.html")
        #expect(html.contains("""
            <nav class="toc" aria-label="Contents">
            <ol>
            <li class="toc-level-2"><a href="#prices">Prices</a></li>
            <li class="toc-level-2"><a href="#재고"><span lang="ko">재고</span></a></li>
            <li class="toc-level-3"><a href="#prices-1">Prices</a></li>
            </ol>
            </nav>
            """))
        #expect(html.contains("""
            <h2 id="prices">Prices</h2>
            <table>
            <thead>
            <tr>
            <th style="text-align: left">Fruit</th>
            <th style="text-align: right">Price</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td style="text-align: left"><a href="../../index.html">Mango</a></td>
            <td style="text-align: right">3 | 4</td>
            </tr>
            <tr>
            <td style="text-align: left"><del>Kiwi</del></td>
            <td style="text-align: right">1</td>
            </tr>
            </tbody>
            </table>
            <h2 id="재고"><span lang="ko">재고</span></h2>
            <ul>
            <li><input type="checkbox" checked="" disabled="" /> counted</li>
            <li><input type="checkbox" disabled="" /> ordered</li>
            </ul>
            <h3 id="prices-1">Prices</h3>
            """))
        // The Markdown twin keeps the extensions as GFM, with link targets rewritten.
        let markdown = try site.output("shop/day/index.md")
        #expect(markdown.contains("""
            | Fruit | Price |
            | :-- | --: |
            | [Mango](../../index.md) | 3 \\| 4 |
            | ~~Kiwi~~ | 1 |
            """))
        #expect(markdown.contains("  - [x] counted\n  - [ ] ordered\n"))
        // Pages without `toc: true` have no table of contents; their links keep the fragment.
        let home = try site.output("index.html")
        #expect(!home.contains("class=\"toc\""))
        #expect(home.contains("<a href=\"shop/day/index.html#prices\">prices</a>"))
        // libcmark percent-encodes the Korean fragment; browsers decode it to find the id.
        #expect(home.contains("<a href=\"shop/day/index.html#%EC%9E%AC%EA%B3%A0\"><span lang=\"ko\">재고</span></a>"))
    }

    @Test func linkToAMissingHeadingIsAnError() async throws {
        var files = Self.files
        files["Content/other.md"] = "# Other\n\nFine [link](shop/day.md#prices).\n\nBad [link](shop/day.md#price) and [self](#nowhere).\n"
        var site = try TestSite(files, templates: .bare)
        defer { site.remove() }
        site.kinds = [EchoKind()]
        let failure = try #require(await site.failure())
        #expect(failure.step == "Render pages")
        #expect(failure.diagnostics.map(\.description).sorted() == [
            "Content/other.md:5: link \"#nowhere\" points to no heading \"#nowhere\" in other.md (its ids: other)",
            "Content/other.md:5: link \"shop/day.md#price\" points to no heading \"#price\" in shop/day.md (did you mean \"#prices\"? its ids: echo-1, echo-1-title, prices, prices-1, 재고)",
        ])
    }
}
