import Basics
import BuiltInKinds
import Foundation
import TestThreads
import ReportKit
import SiteKit
import Testing

/// The `table`, `chart` and `figure` blocks in a whole site: a Korean site's page, its `.md`
/// twin, search, the home card, `check`, and `serve` running only the blocks whose file changed.
@Suite("Data blocks in a site")
struct DataSiteTests {
    private static let sales = "day,product,quantity,price\n2024-05-06,망고 주스,12,4500\n2024-05-06,\"키위, 골드\",5,7900\n2024-05-13,망고 주스,8,4500\n2024-05-13,\"키위, 골드\",2,7900\n"

    private static let files = [
        "Content/site.yml": "title: 가게\nlanguage: ko\n",
        "Content/index.md": "---\ntitle: 홈\n---\n[판매](shop/index.md), [대기](queue.md)\n",
        "Content/shop/index.md": """
            ---
            title: 판매
            ---
            ```figure
            source: sales.csv
            value: quantity
            label: 이번 주 판매
            date: day
            period: week
            compare: previous
            ```

            ```table
            source: sales.csv
            columns: [product, quantity, {column: price, format: currency, currency: KRW}]
            types: {price: integer}
            highlight: quantity < 5
            ```

            """,
        "Content/shop/sales.csv": sales,
        "Content/queue.md": "---\ntitle: 대기\n---\n```chart\nsource: data/queue.csv\nx: week\ny: waiting\n```\n",
        "Content/data/queue.csv": "week,waiting\n2024-05-06,4\n2024-05-13,7\n",
    ]

    private func makeSite() throws -> TestSite {
        var site = try TestSite(Self.files)
        site.kinds = BuiltInKinds.all
        return site
    }

    @Test func aKoreanPageItsTwinSearchAndTheHomeCard() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try await site.build()
        let page = try site.output("shop/index.html")
        // The week of May 13: 8 + 2 = 10 cups against 12 + 5 = 17 the week before.
        #expect(page.contains("2024년 5월 13일부터 한 주"))
        #expect(page.contains("4,500원"))
        #expect(page.contains("4행"))
        #expect(page.contains("class=\"data-highlight\""))
        let twin = try site.output("shop/index.md")
        #expect(twin.contains("| 망고 주스 | 12 | 4,500원 |"))
        #expect(twin.contains("- **이번 주 판매:** 10"))
        // The table's download gives back the file's rows.
        #expect(try site.output("shop/table-2.csv") == "\u{FEFF}product,quantity,price\n망고 주스,12,4500\n\"키위, 골드\",5,7900\n망고 주스,8,4500\n\"키위, 골드\",2,7900\n")
        // The figure is the page's dashboard card: its value big, the change and the period under it.
        let home = try site.output("index.html")
        #expect(home.contains("<span class=\"card-value\">10</span> <span class=\"card-label\">이번 주 판매</span>"))
        #expect(home.contains("<dt>변화</dt><dd>▼-41.2%</dd>"))
        #expect(home.contains("<dt>기간</dt><dd>2024년 5월 13일부터 한 주</dd>"))
        // Search finds the figure, the table's caption and (as keywords) its column headers.
        let pages = try site.output("search/pages/0.js")
        #expect(pages.contains("[\"shop/index.html\",\"판매\",\"판매\",[\"▼ 2024년 5월 6일부터 한 주(17)보다 -41.2%, -7.\",\"이번 주 판매 10\",\"기간 2024년 5월 13일부터 한 주\",\"4행\"]]"))
        let termFile = try #require(try site.output("search/search-index.js").firstMatch(of: #/"files":\["([0-9a-f]{16})"/#)?.1)
        #expect(try site.output("search/terms/\(termFile).js").contains("[\"quantity\","))
        #expect(try site.output("queue/index.html").contains("class=\"line-chart\""))
        #expect(site.exists("queue/chart-1.csv"))
    }

    @Test func checkReportsBadDataAtFileLineAndColumnAllAtOnce() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let summary = try await site.check()
        #expect(summary.warnings.isEmpty)
        try site.write("day,product,quantity,price\n2024-05-06,망고 주스,12,4500\n2024-05-06,키위,x,7900\n2024-05-13,망고 주스,8,45a0\n", to: "Content/shop/sales.csv")
        do {
            try await site.check()
            Issue.record("check passed bad data")
        } catch let failure as BuildFailure {
            let messages = failure.diagnostics.map(\.description)
            #expect(messages.contains { $0.hasPrefix("Content/shop/sales.csv:3:3: ") && $0.contains("\"x\"") }, "\(messages)")
            #expect(messages.contains { $0.hasPrefix("Content/shop/sales.csv:4:4: table: ") && $0.contains("\"45a0\"") }, "\(messages)")
        }
        #expect(!site.exists("index.html"))
    }

    @Test func editingADataFileRunsOnlyTheBlocksReadingItAndRendersOnlyTheirPages() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let session = SiteSession(options: site.options, kinds: site.kinds)
        // On the tests' build threads, off the pool the preview tests' servers need.
        _ = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build() }
        #expect(await session.lastRebuild == SiteBuild.Work(rendered: 3, pages: 3, reportsRun: 3, full: true))

        try site.write("week,waiting\n2024-05-06,4\n2024-05-13,9\n", to: "Content/data/queue.csv")
        let queue = site.root.appendingPathComponent("Content/data/queue.csv").path
        var files = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build(changed: [queue]) }
        // The chart's page and the home page; the shop's two blocks are not run again.
        #expect(await session.lastRebuild == SiteBuild.Work(rendered: 2, pages: 3, reportsRun: 1, full: false))
        #expect(text(files, "queue/chart-1.csv")?.contains("2024-05-13,9") == true)

        try site.write(Self.sales + "2024-05-13,망고 주스,1,4500\n", to: "Content/shop/sales.csv")
        let sales = site.root.appendingPathComponent("Content/shop/sales.csv").path
        files = try await withTaskExecutorPreference(TestThreads.shared) { try await session.build(changed: [sales]) }
        #expect(await session.lastRebuild == SiteBuild.Work(rendered: 2, pages: 3, reportsRun: 2, full: false))
        #expect(text(files, "index.html")?.contains("<span class=\"card-value\">11</span>") == true)
    }

    private func text(_ files: SiteFiles, _ path: String) -> String? {
        guard case .data(let data)? = files[path] else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
