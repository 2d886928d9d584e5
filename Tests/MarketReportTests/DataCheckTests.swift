import Foundation
import MarketReport
import ReportKit
import Testing

/// Doubtful product figures are warned about by name; a currency that is not a code never
/// reaches a page or a download.
@Suite struct DataCheckTests {
    private static func product(_ id: Int, _ fields: String) -> String {
        """
        {"id": \(id), "vendor_id": 1, "name": "P\(id)", "thumbnail": null, "created_at": "2024-01-01T00:00:00", \(fields)}
        """
    }

    @Test func badCurrencyNegativeFiguresAndAWrongBargainPriceAreWarned() async throws {
        let content = TemporaryContent()
        try content.write("data/products.json", listJSON([
            Self.product(1, #""currency": "<img src=x onerror=alert(1)>", "price": 100, "bargain_price": 100, "discounted_price": 0, "stock": 1"#),
            Self.product(2, #""currency": "EUR", "price": -5, "bargain_price": -5, "discounted_price": 0, "stock": -2"#),
            Self.product(3, #""currency": "USD", "price": 100, "bargain_price": 90, "discounted_price": 20, "stock": 3"#),
            Self.product(4, #""currency": "krw", "price": 100, "bargain_price": 80, "discounted_price": 20, "stock": 3"#),
        ]))
        let report = try await content.run("source: data/products.json")
        #expect(content.warnings.all.map { $0.components(separatedBy: "catalogue.md:10: market: ").last ?? $0 } == [
            #"product 1 ("P1"): currency "<IMG SRC=X ONERROR=ALERT(1)>" is not KRW or USD"#,
            "product 1: currency is not a three-letter code; shown as XXX (no currency)",
            #"product 2 ("P2"): currency "EUR" is not KRW or USD"#,
            #"product 2 ("P2"): price is negative (-5)"#,
            #"product 2 ("P2"): stock is negative (-2)"#,
            #"product 3 ("P3"): bargain_price 90 is not price − discounted_price (100 − 20 = 80)"#,
        ])
        let everything = [report.html, report.markdown] + report.pages.flatMap { [$0.html, $0.markdown] }
            + report.files.map { String(decoding: $0.contents, as: UTF8.self) }
        for text in everything { #expect(!text.lowercased().contains("onerror")) }
        #expect(report.html.contains("XXX 100"))
    }
}
