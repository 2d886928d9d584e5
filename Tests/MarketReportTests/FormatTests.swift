import MarketReport
import Testing

@Suite struct FormatTests {
    @Test func krwHasSeparatorsAndNoDecimals() {
        #expect(PriceText.format(12000, currency: "KRW") == "KRW 12,000")
        #expect(PriceText.format(12000.0, currency: "KRW") == "KRW 12,000")
        #expect(PriceText.format(1.2345555E7, currency: "KRW") == "KRW 12,345,555")
        #expect(PriceText.format(11, currency: "KRW") == "KRW 11")
        #expect(PriceText.format(999.6, currency: "KRW") == "KRW 1,000")
        #expect(PriceText.format(0, currency: "KRW") == "KRW 0")
    }

    /// One rule per currency: USD always shows its cents.
    @Test func usdAlwaysShowsCents() {
        #expect(PriceText.format(12, currency: "USD") == "USD 12.00")
        #expect(PriceText.format(12.5, currency: "USD") == "USD 12.50")
        #expect(PriceText.format(21.6, currency: "USD") == "USD 21.60")
        #expect(PriceText.format(1234.05, currency: "USD") == "USD 1,234.05")
        #expect(PriceText.format(1.23123123E8, currency: "USD") == "USD 123,123,123.00")
        #expect(PriceText.format(9.999, currency: "USD") == "USD 10.00")
    }

    @Test func ranges() {
        #expect(PriceText.range(1500, 32000, currency: "KRW") == "KRW 1,500 – 32,000")
        #expect(PriceText.range(3, 3, currency: "USD") == "USD 3.00")
        #expect(PriceText.range(2.5, 12, currency: "USD") == "USD 2.50 – 12.00")
    }

    @Test func stock() {
        #expect(StockText.format(7) == "잔여수량 : 7")
        #expect(StockText.format(1) == "잔여수량 : 1")
        #expect(StockText.format(0) == "품절")
        #expect(StockText.format(-2) == "품절")
    }

    @Test func pageDepthFollowsPrettyURLs() {
        #expect(MarketLayout.depth(ofPage: "market/catalogue.md") == 2)
        #expect(MarketLayout.depth(ofPage: "market/index.md") == 1)
        #expect(MarketLayout.depth(ofPage: "index.md") == 0)
        #expect(MarketLayout.depth(ofPage: "shop.md") == 1)
    }

    @Test func imageReferences() throws {
        #expect(ImageReference.resolve("https://img.example/a.png", localRoot: nil) == .remote("https://img.example/a.png"))
        #expect(ImageReference.resolve("javascript:alert(1)", localRoot: nil) == nil)
        #expect(ImageReference.resolve("JAVASCRIPT:alert(1)", localRoot: nil) == nil)
        #expect(ImageReference.resolve("data:image/svg+xml;base64,PHN2Zz4=", localRoot: nil) == nil)
        #expect(ImageReference.resolve("//evil.example/x.png", localRoot: nil) == nil)
        #expect(ImageReference.resolve("https://x.example/\"onerror=\"alert(1)", localRoot: nil) == nil)
        let content = TemporaryContent()
        try content.write("data/images/apple.svg", "<svg/>")
        #expect(ImageReference.resolve("data/images/apple.svg", localRoot: content.url) == .local("data/images/apple.svg"))
        // Local paths are for local catalogues only.
        #expect(ImageReference.resolve("data/images/apple.svg", localRoot: nil) == nil)
        #expect(ImageReference.resolve("data/images/pear.svg", localRoot: content.url) == nil)
        #expect(ImageReference.resolve("data/images/../images/apple.svg", localRoot: content.url) == nil)
        #expect(ImageReference.resolve("../outside.svg", localRoot: content.url) == nil)
        #expect(ImageReference.resolve("/etc/passwd", localRoot: content.url) == nil)
        #expect(ImageReference.resolve("data/images", localRoot: content.url) == nil)
        #expect(ImageReference.local("data/images/apple.svg").href(depth: 4) == "../../../../data/images/apple.svg")
    }
}
