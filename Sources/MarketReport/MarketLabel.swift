import ReportKit

/// Every English word the market report prints, keyed by stable names; `{1}`, `{2}` mark values.
enum MarketLabel: String, ReportLabelSet {
    case products, soldOut, discounted, priceRange, productsCount, productCount, soldOutCount, discountedCount
    case from, search, inStockOnly, soldOutOnly, newestFirst, cheapestFirst, biggestDiscountFirst, perPage, sourceNoteEnd
    case noProducts, productPages, pageTitle, backToFirstPage, back
    case numberColumn, productColumn, priceColumn, stockColumn
    case noImage, was, now, imageOf, imageAlt, imageNumber, images
    case details, description, noDescription
    case productNumber, discount, vendor, listed, updated, vendorSince, vendorNumber
    case csv, json

    var english: String {
        switch self {
        case .products: "Products"
        case .soldOut: "Sold out ({1})"
        case .discounted: "Discounted"
        case .priceRange: "Price range ({1})"
        case .productsCount: "{1} products"
        case .productCount: "{1} product"
        case .soldOutCount: "{1} sold out"
        case .discountedCount: "{1} discounted"
        case .from: "From {1}"
        case .search: "search “{1}”"
        case .inStockOnly: "in stock only"
        case .soldOutOnly: "sold out only"
        case .newestFirst: "newest first"
        case .cheapestFirst: "cheapest first"
        case .biggestDiscountFirst: "biggest discount first"
        case .perPage: "{1} per page"
        case .sourceNoteEnd: ". Prices are sale prices; a discounted product shows its list price struck through."
        case .noProducts: "No products to show."
        case .productPages: "Product pages"
        case .pageTitle: "{1} — page {2} of {3}"
        case .backToFirstPage: "← {1}, page 1"
        case .back: "← {1}"
        case .numberColumn: "No."
        case .productColumn: "Product"
        case .priceColumn: "Price"
        case .stockColumn: "Stock"
        case .noImage: "No image: {1}"
        case .was: "Was "
        case .now: "now "
        case .imageOf: "Image {1} of {2}"
        case .imageAlt: "{1}, image {2} of {3}"
        case .imageNumber: "{1}, image {2}"
        case .images: "Images"
        case .details: "Details"
        case .description: "Description"
        case .noDescription: "No description for {1}."
        case .productNumber: "Product number"
        case .discount: "Discount"
        case .vendor: "Vendor"
        case .listed: "Listed"
        case .updated: "Updated"
        case .vendorSince: "Vendor since"
        case .vendorNumber: "vendor {1}"
        case .csv: "CSV"
        case .json: "JSON"
        }
    }
}
