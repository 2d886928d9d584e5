import Foundation
import OpenMarket
import Testing

@Suite struct DecodingTests {
    func list(_ json: String) throws -> ProductListPage {
        try MarketDecoder.listPage(Data(json.utf8), source: "test.json")
    }

    @Test func v2ListHeaderAndExponentPrices() throws {
        let page = try list("""
            {"pageNo": 2, "itemsPerPage": 1, "totalCount": 9, "offset": 1, "limit": 1, "lastPage": 9,
             "hasNext": true, "hasPrev": true,
             "pages": [{"id": 7, "vendor_id": 1, "vendorName": "과일가게", "name": "망고", "description": "노란 망고",
                        "thumbnail": "https://x.example/m.png", "currency": "USD", "price": 1.2345555E7,
                        "bargain_price": 1.2345E7, "discounted_price": 555.0, "stock": 3,
                        "created_at": "2024-01-30T00:00:00", "issued_at": "2024-01-30T12:34:56.50"}]}
            """)
        #expect(page.pageNumber == 2)
        #expect(page.lastPage == 9)
        #expect(page.hasNext == true)
        #expect(page.hasPrevious == true)
        let product = try #require(page.products.first)
        #expect(product.vendorName == "과일가게")
        #expect(product.description == "노란 망고")
        #expect(product.price == 12_345_555)
        #expect(product.bargainPrice == 12_345_000)
        #expect(product.discountedPrice == 555)
        #expect(product.createdAt?.description == "2024-01-30T00:00:00")
        #expect(product.issuedAt?.description == "2024-01-30T12:34:56.5")
    }

    @Test func missingDiscountFieldsAreDerived() throws {
        let page = try list(#"{"pages": [{"id": 1, "name": "a", "currency": "krw", "price": 100, "bargain_price": 80, "stock": 0}]}"#)
        let product = try #require(page.products.first)
        #expect(product.currency == "KRW")
        #expect(product.discountedPrice == 20)
        #expect(product.thumbnail == nil)
        #expect(product.createdAt == nil)
        #expect(page.hasPage(after: 1) == false)
    }

    @Test func nonIntegerIdsAreKeptAsText() throws {
        let page = try list("""
            {"pages": [
              {"id": "../../etc", "name": "a", "currency": "KRW", "price": 1, "stock": 1},
              {"id": 1.5, "name": "b", "currency": "KRW", "price": 1, "stock": 1},
              {"id": "12", "name": "c", "currency": "KRW", "price": 1, "stock": 1},
              {"id": 13.0, "name": "d", "currency": "KRW", "price": 1, "stock": 1}]}
            """)
        #expect(page.products.map(\.id) == [.invalid("../../etc"), .invalid("1.5"), .integer(12), .integer(13)])
        #expect(page.products.map(\.id.integer) == [nil, nil, 12, 13])
    }

    @Test func errorsNameTheJSONPath() {
        #expect(throws: MarketError.decoding(source: "test.json", path: "pages[1].price", message: "must be a number")) {
            try list(#"{"pages": [{"id": 1, "name": "a", "currency": "KRW", "price": 1, "stock": 1}, {"id": 2, "name": "b", "currency": "KRW", "price": "cheap", "stock": 1}]}"#)
        }
        #expect(throws: MarketError.decoding(source: "test.json", path: "pages[0].name", message: "is missing")) {
            try list(#"{"pages": [{"id": 1, "currency": "KRW", "price": 1, "stock": 1}]}"#)
        }
        #expect(throws: MarketError.decoding(source: "test.json", path: "pages", message: "is missing")) {
            try list(#"{"pageNo": 1}"#)
        }
        #expect(throws: MarketError.decoding(source: "test.json", path: "pages[0].stock", message: "must be a whole number")) {
            try list(#"{"pages": [{"id": 1, "name": "a", "currency": "KRW", "price": 1, "stock": 1.5}]}"#)
        }
        #expect(throws: MarketError.decoding(source: "test.json", path: "pages[0].created_at", message: "is not a date like 2024-01-30T00:00:00, got \"yesterday\"")) {
            try list(#"{"pages": [{"id": 1, "name": "a", "currency": "KRW", "price": 1, "stock": 1, "created_at": "yesterday"}]}"#)
        }
        #expect(throws: MarketError.notJSON(source: "test.json", start: "<html><body>oops</body></html>")) {
            try list("<html><body>oops</body></html>")
        }
    }

    /// Every bad field of a product is reported in one run, not just the first.
    @Test func everyBadFieldOfAProductIsReported() {
        let expected = MarketError.several([
            .decoding(source: "test.json", path: "pages[0].name", message: "is missing"),
            .decoding(source: "test.json", path: "pages[0].price", message: "must be a number"),
            .decoding(source: "test.json", path: "pages[0].stock", message: "must be a whole number"),
        ])
        #expect(throws: expected) {
            try list(#"{"pages": [{"id": 1, "currency": "KRW", "price": "cheap", "stock": 1.5}]}"#)
        }
        #expect(expected.description == "test.json: pages[0].name is missing; test.json: pages[0].price must be a number; test.json: pages[0].stock must be a whole number")
    }

    @Test func errorMessagesReadWell() {
        let error = MarketError.decoding(source: "data/products.json", path: "pages[3].price", message: "must be a number")
        #expect(error.description == "data/products.json: pages[3].price must be a number")
        #expect(MarketError.status(url: "http://h/api/products", code: 404).description == "GET http://h/api/products failed: HTTP 404 Not Found")
        #expect(MarketError.timedOut(url: "http://h/x", seconds: 0.25).description == "GET http://h/x timed out after 0.3 s")
    }

    @Test func datesParseWithAndWithoutFraction() {
        #expect(MarketDate(parsing: "2024-01-30T00:00:00") == MarketDate(year: 2024, month: 1, day: 30))
        #expect(MarketDate(parsing: "2024-01-30T00:00:00.00") == MarketDate(year: 2024, month: 1, day: 30))
        #expect(MarketDate(parsing: "2024-01-30T10:20:30.120")?.description == "2024-01-30T10:20:30.12")
        #expect(MarketDate(parsing: "2024-02-29T00:00:00") != nil)
        #expect(MarketDate(parsing: "2023-02-29T00:00:00") == nil)
        #expect(MarketDate(parsing: "2024-13-01T00:00:00") == nil)
        #expect(MarketDate(parsing: "2024-01-30") == nil)
        #expect(MarketDate(parsing: "2024-01-30T00:00:00.") == nil)
        #expect(MarketDate(year: 2024, month: 1, day: 30) < MarketDate(year: 2024, month: 1, day: 30, second: 0, fraction: "5"))
        #expect(MarketDate(year: 2023, month: 12, day: 31, hour: 23) < MarketDate(year: 2024, month: 1, day: 1))
    }
}
