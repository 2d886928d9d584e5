import Foundation
import SiteKit
import Testing

@Suite("Built-in search: the split index, the search page and the box on every page")
struct SearchTests {
    @Test func thePageFilesListEveryPageInReadingOrderWithItsPlainText() async throws {
        var site = try TestSite(fixture: "search-site")
        site.kinds = [EchoKind()]
        defer { site.remove() }
        try await site.build()
        let seed = try #require(try site.output("juice/망고/index.html").firstMatch(of: #/said <span lang="ko">망고</span> seed (\d+)/#)?.1)
        #expect(try site.output("search/pages/0.js") == """
        sitegenSearch.pages(0,[
        ["index.html","Fruit stand","",["Fresh juice every morning."]],
        ["about/index.html","About \\"us\\"","",["Who keeps the stand."]],
        ["juice/index.html","Juice","Juice",["Every juice we make."]],
        ["juice/%EB%A7%9D%EA%B3%A0/index.html","망고 주문","Juice",["망고쥬스 세 잔이 나갔습니다.","said 망고 seed \(seed)"]],
        ["juice/%EB%A7%9D%EA%B3%A0/more/index.html","Extra 망고","망고 주문",["extra"]]
        ]);

        """)
        // Five records of about 75 bytes: a page file holds 6,000 / 75 of them. Digits sort first.
        let group = try #require(try site.output("search/search-index.js").firstMatch(of: #/"group":(\d+),/#)?.1)
        // One term file, named by its first term's hash.
        let name = try #require(try site.output("search/search-index.js").firstMatch(of: #/"files":\["([0-9a-f]{16})"\]/#)?.1)
        #expect(try site.output("search/search-index.js") == "sitegenSearch.index({\"pages\":5,\"group\":\(group),\"terms\":[\"\(seed)\"],\"files\":[\"\(name)\"]});\n")
        #expect((60...90).contains(Int(group) ?? 0))
        #expect(!site.exists("search/pages/1.js"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("Public/search/terms").path) == ["\(name).js"])
    }

    @Test func eachTermListsItsPagesAnywhereInTitlesAndInHeadings() async throws {
        var site = try TestSite(fixture: "search-site")
        site.kinds = [EchoKind()]
        defer { site.remove() }
        try await site.build()
        let (name, terms) = try termFile(site)
        #expect(terms.hasPrefix("sitegenSearch.terms(\"\(name)\",[\n"))
        #expect(terms.hasSuffix("\n]);\n"))
        let rows = terms.split(separator: "\n").dropFirst().dropLast().map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
        // Pages: 0 home, 1 about, 2 juice, 3 juice/망고, 4 its extra page. A set is its first page,
        // then each gap less one; "=" repeats the first set; empty sets at the end are left out.
        for row in [
            #"["juice","01","2"]"#,  // home's text, the juice page's title and text
            #"["opening","1","","="]"#,  // about's heading
            #"["stock","3"]"#,  // a tag of 망고 주문
            #"["us","1","="]"#,  // in about's title only
            #"["망고","30","="]"#,  // in both titles (and a tag, and the report's text)
            #"["고쥬스","3"]"#,  // 망고쥬스 is found by its syllables: 고쥬스, 쥬스, 스
            #"["쥬스","3"]"#,
            #"["재고","3","","="]"#,  // a heading
            #"["echo","3","","="]"#,  // the report's title, a heading
        ] {
            #expect(rows.contains(row), "\(row)")
        }
        // Sorted as scripts compare strings (UTF-16), each term once.
        let names = rows.map { $0.dropFirst(2).prefix { $0 != "\"" } }.map(String.init)
        #expect(names == names.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        #expect(Set(names).count == names.count)
    }

    @Test func aTermInManyPagesIsABitmap() async throws {
        var files = ["Content/index.md": "# Home\n\nKiwi and more.\n"]
        for page in 0..<40 { files["Content/p\(page).md"] = "---\ntitle: P\(page)\nweight: \(page)\n---\nA kiwi.\n" }
        let site = try TestSite(files)
        defer { site.remove() }
        try await site.build()
        // 41 pages from page 0: ".", the first page, then six pages to a character ("_" all six,
        // "V" the last five) instead of a list of 41 characters.
        #expect(try termFile(site).contents.contains(#"["kiwi",".0______V"]"#))
    }

    @Test func aProductShownByTwoBlocksIsOneResult() async throws {
        var site = try TestSite([
            "Content/index.md": "# Home\n\n```echo\nsay: 망고\npage: a\n```\n",
            "Content/two.md": "# Two\n\n```echo\nsay: 망고\npage: a\n```\n\n```echo\nsay: 키위\npage: b\n```\n",
        ])
        site.kinds = [EchoKind()]
        defer { site.remove() }
        try await site.build()
        let pages = try site.output("search/pages/0.js")
        // two/a is the same product as a (the same folder below its page, the same title): left out.
        #expect(pages.contains(#"["a/index.html","Extra 망고","Home",["extra"]]"#))
        #expect(!pages.contains("two/a/index.html"))
        #expect(pages.contains(#"["two/b/index.html","Extra 키위","Two",["extra"]]"#))
        #expect(try site.output("search/search-index.js").contains(#"{"pages":4,"#))
    }

    /// White space of every kind, ASCII or not, is one space in the index's text.
    @Test func whiteSpaceRunsAreOneSpace() async throws {
        let site = try TestSite([
            "Content/index.md": "---\ndescription: \"  tabs\\tand\\r\\nlines \\u000B\\u000C here  \"\n---\n# Home\n",
            "Content/wide.md": "---\ndescription: \"wide\\u3000space\\u00A0and\\u2028망고 \\t 쥬스\"\n---\n# Wide\n",
        ])
        defer { site.remove() }
        try await site.build()
        let pages = try site.output("search/pages/0.js")
        #expect(pages.contains(#"["index.html","Home","",["tabs and lines here"]]"#))
        #expect(pages.contains(#"["wide/index.html","Wide","",["wide space and 망고 쥬스"]]"#))
        // Words are runs of letters, marks and digits after NFKC: the full-width space splits too.
        let terms = try termFile(site).contents
        #expect(terms.contains(#"["wide","1","="]"#) && terms.contains(#"["space","1"]"#))
    }

    @Test func theSearchPageLoadsTheIndexBesideItAndEveryPageHasTheBox() async throws {
        var site = try TestSite(fixture: "search-site")
        site.kinds = [EchoKind()]
        defer { site.remove() }
        try await site.build()
        let search = try site.output("search/index.html")
        #expect(search.contains("<title>Search · Fruit stand</title>"))
        #expect(search.contains(#"load("search-index.js")"#))
        #expect(search.contains("<label for=\"search-query\">Search pages and reports</label>"))
        #expect(search.contains("<p class=\"search-status\" id=\"search-status\" role=\"status\" data-index-failed=\"The search index could not be loaded.\""))
        #expect(search.contains(#"<div id="search-more" hidden><div class="search-row" style="margin-top: 0.8rem"><button type="button">More results</button></div></div>"#))
        #expect(search.contains("var root = \"../\";"))
        #expect(!search.contains("{{"))
        let box = #"<form class="site-search" role="search" action="ROOTsearch/index.html" method="get">"#
        #expect(try site.output("index.html").contains(box.replacing("ROOT", with: "")))
        #expect(try site.output("juice/망고/index.html").contains(box.replacing("ROOT", with: "../../")))
        #expect(try site.output("juice/망고/more/index.html").contains(box.replacing("ROOT", with: "../../../")))
        #expect(search.contains(box.replacing("ROOT", with: "../")))
        #expect(try site.output("404.html").contains(box.replacing("ROOT", with: "")))
    }

    /// Issue 31: an i18n string ending in `\` broke the search page's script (the words were
    /// written into JavaScript string literals). They are attributes now, HTML-escaped, and the
    /// script holds none of them.
    @Test func interfaceWordsNeverEnterTheSearchScript() async throws {
        let site = try TestSite(fixture: "search-site")
        defer { site.remove() }
        try site.write(#"search: {noResults: 'None for {1} \', results: '{1} "spotted" </script><b>'}"# + "\n", to: "Templates/i18n/en.yml")
        try await site.build()
        let search = try site.output("search/index.html")
        #expect(search.contains(#"data-no-results="None for {1} \""#))
        #expect(search.contains(#"data-results="{1} &quot;spotted&quot; &lt;/script&gt;&lt;b&gt;""#))
        let script = try #require(search.split(separator: "<script>").last?.split(separator: "</script>").first)
        #expect(!script.contains("None for") && !script.contains("spotted"))
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

    @Test func aFileAtAnIndexFilesAddressIsAnError() async throws {
        let site = try TestSite(fixture: "search-site")
        defer { site.remove() }
        try site.write("x", to: "Content/search/search-index.js")
        try site.write("x", to: "Content/search/pages/0.js")
        try site.write("x", to: "Content/search/pages/9.js")
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Public/search/pages/0.js is written by Content/search/pages/0.js and the search index; rename one",
            "Public/search/search-index.js is written by Content/search/search-index.js and the search index; rename one",
        ])
    }

    /// The name and contents of a small site's only term file, as its table of contents names it.
    private func termFile(_ site: TestSite) throws -> (name: String, contents: String) {
        let name = try #require(try site.output("search/search-index.js").firstMatch(of: #/"files":\["([0-9a-f]{16})"\]/#)?.1)
        return (String(name), try site.output("search/terms/\(name).js"))
    }
}
