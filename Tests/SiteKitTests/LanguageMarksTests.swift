import BuiltInKinds
import Foundation
import SiteKit
import Testing

/// Korean on an English page is marked `lang="ko"` so screen readers pronounce it as Korean.
@Suite struct LanguageMarksTests {
    static let page = """
        ---
        title: 재고 check
        ---
        The button says "고객 10명 추가" and the teller is 예금 1.

        <p lang="ko">이미 표시된 문장</p>

        <svg viewBox="0 0 10 10"><text>예금</text><svg><text>대출</text></svg><text>업무</text></svg>

        After the chart: 품절. <img src="a.png" alt="" lang="ko"> Then 망고.
        """

    @Test func koreanRunsOnAnEnglishPageAreMarked() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n", "Content/p.md": Self.page, "Content/site.yml": "title: T\nunsafe_html: true\n"])
        defer { site.remove() }
        try await site.build()
        let html = try site.output("p/index.html")
        #expect(html.contains("<title>재고 check"))
        #expect(html.contains("<h1><span lang=\"ko\">재고</span> check</h1>"))
        #expect(html.contains("The button says &quot;<span lang=\"ko\">고객 10명 추가</span>&quot; and the teller is <span lang=\"ko\">예금 1</span>."))
        #expect(html.contains("<p lang=\"ko\">이미 표시된 문장</p>"))
        #expect(html.contains("<svg viewBox=\"0 0 10 10\"><text>예금</text><svg><text>대출</text></svg><text>업무</text></svg>"))
        #expect(html.contains("After the chart: <span lang=\"ko\">품절</span>."))
        // A void element's lang covers nothing after it.
        #expect(html.contains("<img src=\"a.png\" alt=\"\" lang=\"ko\"> Then <span lang=\"ko\">망고</span>."))
    }

    @Test func aKoreanSiteIsLeftAsItIs() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n", "Content/p.md": Self.page, "Content/site.yml": "title: T\nlanguage: ko\nunsafe_html: true\n"])
        defer { site.remove() }
        try await site.build()
        let html = try site.output("p/index.html")
        #expect(!html.contains("<span lang=\"ko\">"))
        #expect(html.contains("The button says &quot;고객 10명 추가&quot;"))
    }
}
