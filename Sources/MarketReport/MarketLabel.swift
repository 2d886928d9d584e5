import ReportKit

/// Every word the market report prints, keyed by stable names (their text is in the `market` section of the string tables); `{1}`, `{2}` mark values.
enum MarketLabel: String, ReportLabelSet {
    case products, soldOut, discounted, priceRange, priceSpan, itemTally, day, productsCount, productCount, soldOutCount, discountedCount
    case from, search, inStockOnly, soldOutOnly, newestFirst, cheapestFirst, biggestDiscountFirst, perPage, sourceNoteEnd
    case noProducts, productPages, pageTitle, backToFirstPage, back
    case numberColumn, productColumn, priceColumn, stockColumn
    case noImage, was, now, imageOf, imageAlt, imageNumber, images
    case details, description, noDescription
    case productNumber, discount, vendor, listed, updated, vendorSince, vendorNumber
    case csv, json

    static let section = "market"
    static var builtIn: StringTables { MarketReportKind.files.strings }
}
