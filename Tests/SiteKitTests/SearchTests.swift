import Foundation
import SiteKit
import Testing

@Suite("Built-in search: the index, the search page and the box on every page")
struct SearchTests {
    @Test func theIndexListsEveryPageInReadingOrderWithItsText() async throws {
        var site = try TestSite(fixture: "search-site")
        site.kinds = [EchoKind()]
        defer { site.remove() }
        try await site.build()
        let seed = try #require(try site.output("juice/망고/index.html").firstMatch(of: #/said <span lang="ko">망고</span> seed (\d+)/#)?.1)
        #expect(try site.output("search/search-index.js") == """
        window.sitegenSearch={"pages":[
        ["index.html","Fruit stand","","Fresh juice every morning."],
        ["about/index.html","About \\"us\\"","","Who keeps the stand. · Opening hours"],
        ["juice/index.html","Juice","Juice","Every juice we make."],
        ["juice/%EB%A7%9D%EA%B3%A0/index.html","망고 주문","Juice","망고쥬스 세 잔이 나갔습니다. · 재고 · 망고 · Stock · Echo · said 망고 seed \(seed)"],
        ["juice/%EB%A7%9D%EA%B3%A0/more/index.html","Extra 망고","망고 주문","extra"]
        ]};

        """)
    }

    /// White space of every kind, ASCII or not, is one space in the index's text.
    @Test func whiteSpaceRunsAreOneSpace() async throws {
        let site = try TestSite([
            "Content/index.md": "---\ndescription: \"  tabs\\tand\\r\\nlines \\u000B\\u000C here  \"\n---\n# Home\n",
            "Content/wide.md": "---\ndescription: \"wide\\u3000space\\u00A0and\\u2028망고 \\t 쥬스\"\n---\n# Wide\n",
        ])
        defer { site.remove() }
        try await site.build()
        let index = try site.output("search/search-index.js")
        #expect(index.contains(#"["index.html","Home","","tabs and lines here"]"#))
        #expect(index.contains(#"["wide/index.html","Wide","","wide space and 망고 쥬스"]"#))
    }

    @Test func theSearchPageLoadsTheIndexBesideItAndEveryPageHasTheBox() async throws {
        var site = try TestSite(fixture: "search-site")
        site.kinds = [EchoKind()]
        defer { site.remove() }
        try await site.build()
        let search = try site.output("search/index.html")
        #expect(search.contains("<title>Search · Fruit stand</title>"))
        #expect(search.contains("<script src=\"search-index.js\"></script>"))
        #expect(search.contains("<label for=\"search-query\">Search pages and reports</label>"))
        #expect(search.contains("<p class=\"search-status\" id=\"search-status\" role=\"status\"></p>"))
        #expect(search.contains("var root = \"../\";"))
        #expect(!search.contains("{{"))
        let box = #"<form class="site-search" role="search" action="ROOTsearch/index.html" method="get">"#
        #expect(try site.output("index.html").contains(box.replacing("ROOT", with: "")))
        #expect(try site.output("juice/망고/index.html").contains(box.replacing("ROOT", with: "../../")))
        #expect(try site.output("juice/망고/more/index.html").contains(box.replacing("ROOT", with: "../../../")))
        #expect(search.contains(box.replacing("ROOT", with: "../")))
        #expect(try site.output("404.html").contains(box.replacing("ROOT", with: "")))
    }

    @Test func aPageAtTheSearchPagesAddressIsAnError() async throws {
        let site = try TestSite(fixture: "search-site")
        defer { site.remove() }
        try site.write("# Find\n", to: "Content/search.md")
        let failure = try #require(await site.failure())
        #expect(failure.step == "Index search")
        #expect(failure.diagnostics.map(\.description) == [
            "Public/search/index.html is written by Content/search.md and the search page; rename one",
        ])
    }

    @Test func aFileAtTheIndexsAddressIsAnError() async throws {
        let site = try TestSite(fixture: "search-site")
        defer { site.remove() }
        try site.write("x", to: "Content/search/search-index.js")
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Public/search/search-index.js is written by Content/search/search-index.js and the search index; rename one",
        ])
    }
}
