import Foundation
import OpenMarket
import Testing

/// The real API responses kept in Fixtures/ decode to the values written in them.
@Suite struct FixtureTests {
    static func fixture(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw FixtureMissing(name: name)
        }
        return try Data(contentsOf: url)
    }

    struct FixtureMissing: Error { let name: String }

    @Test func v1ListDecodes() throws {
        let page = try MarketDecoder.listPage(Self.fixture("list-v1-2022-05"), source: "list")
        #expect(page.pageNumber == 1)
        #expect(page.itemsPerPage == 15)
        #expect(page.totalCount == 1387)
        #expect(page.offset == 0)
        #expect(page.limit == 15)
        #expect(page.lastPage == 93)
        #expect(page.hasNext == true)
        #expect(page.hasPrevious == false)
        #expect(page.products.count == 15)
        #expect(page.products.map(\.id.integer) == Array(2080...2094).reversed())
        #expect(page.products.filter(\.isSoldOut).map(\.id) == [.integer(2084), .integer(2082)])
        #expect(page.products.filter { $0.currency == "USD" }.map(\.id) == [.integer(2085), .integer(2081)])

        let first = page.products[0]
        #expect(first.name == "ㄴㄴㄴㄴㄴㄴ")
        #expect(first.vendorID == 6)
        #expect(first.vendorName == nil)
        #expect(first.description == nil)
        #expect(first.currency == "KRW")
        #expect(first.price == 123_123)
        #expect(first.bargainPrice == 123_122)
        #expect(first.discountedPrice == 1)
        #expect(first.isDiscounted)
        #expect(first.stock == 1)
        #expect(first.createdAt == MarketDate(year: 2022, month: 5, day: 14))
        #expect(first.createdAt?.description == "2022-05-14T00:00:00")
        #expect(first.thumbnail == "https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/6/thumb/ef2a5592d33111ec9676d7a49354f5e5.jpg")
        #expect(first.images.isEmpty)

        // Exponent-form prices: 1.23123123E8 and 1.23123E8.
        let usd = page.products[9]
        #expect(usd.id == .integer(2085))
        #expect(usd.price == 123_123_123)
        #expect(usd.bargainPrice == 123_123_000)
        #expect(usd.discountedPrice == 123)
        #expect(usd.createdAt?.dayText == "2022-05-12")
    }

    @Test func v1DetailDecodes() throws {
        let detail = try MarketDecoder.detail(Self.fixture("detail-v1-2022-01"), source: "detail")
        #expect(detail.id == .integer(16))
        #expect(detail.vendorID == 2)
        #expect(detail.name == "팥빙수")
        #expect(detail.price == 2000)
        #expect(detail.bargainPrice == 2000)
        #expect(detail.discountedPrice == 0)
        #expect(!detail.isDiscounted)
        #expect(detail.stock == 0)
        #expect(detail.isSoldOut)
        #expect(detail.createdAt == MarketDate(year: 2022, month: 1, day: 3))
        #expect(detail.images.count == 1)
        #expect(detail.images[0].id == 7)
        #expect(detail.images[0].succeed == true)
        #expect(detail.images[0].url.hasSuffix("/origin/8279f1c16c6111ecbf33d51698ab7ead.png"))
        #expect(detail.images[0].thumbnailURL?.hasSuffix("/thumb/8279f1c16c6111ecbf33d51698ab7ead.png") == true)
        #expect(detail.images[0].issuedAt == MarketDate(year: 2022, month: 1, day: 3))
        #expect(detail.vendor == Vendor(id: 2, name: "dacodaco", createdAt: MarketDate(year: 2021, month: 12, day: 26), issuedAt: MarketDate(year: 2021, month: 12, day: 26)))
        #expect(detail.vendorName == "dacodaco")
    }

    @Test func v2DetailDecodes() throws {
        let detail = try MarketDecoder.detail(Self.fixture("detail-v2-2022-11"), source: "detail")
        #expect(detail.id == .integer(32))
        #expect(detail.vendorID == 15)
        #expect(detail.name == "우유병 텀블러")
        #expect(detail.description?.hasPrefix("하얀 우유병 모양의 텀블러!") == true)
        #expect(detail.price == 3500)
        #expect(detail.bargainPrice == 3400)
        #expect(detail.discountedPrice == 100)
        #expect(detail.stock == 2)
        #expect(detail.createdAt == MarketDate(year: 2022, month: 10, day: 18))
        #expect(detail.images.map(\.id) == [35, 36])
        #expect(detail.images.map(\.succeed) == [nil, nil])
        #expect(detail.vendor == Vendor(id: 15, name: "red123"))
        #expect(detail.vendorName == "red123")
    }
}
