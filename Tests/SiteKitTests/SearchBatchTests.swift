@testable import SiteKit
import Foundation
import Testing

/// `sitegen build` makes its search index a batch of pages at a time
/// (`SearchFiles.indexing(_:batch:entries:)`): whatever the batch, the files must be those of the
/// whole index made at once, page numbers running on across batches and a page a report adds
/// listed once even when its repeat is in a later batch.
@Suite("Search index made in batches")
struct SearchBatchTests {
    /// Page `number`'s entries: the page, and on every third page a product page that repeats
    /// (the same folder and title) on pages far apart.
    private static func entries(_ number: Int) -> [SearchIndex.Entry] {
        var entries = [SearchIndex.Entry(
            path: "notes/page-\(number)/index.html", title: "Page \(number) 재고 mango",
            section: "Notes", headings: number % 2 == 0 ? ["Steps \(number % 5)"] : [],
            text: ["Text of page \(number): kiwi \(number % 7) banana."], keywords: ["tag\(number % 4)"]
        )]
        if number % 3 == 0 {
            let product = "product-\(number % 4)"
            entries.append(SearchIndex.Entry(
                path: "notes/page-\(number)/\(product)/index.html", title: "Product \(number % 4)", section: "Page \(number)",
                headings: [], text: ["A product."], keywords: [], repeatKey: [product, "Product \(number % 4)"]
            ))
        }
        return entries
    }

    @Test(arguments: [1, 2, 7, 64, 1000])
    func filesAreThoseOfTheWholeIndex(batch: Int) async throws {
        let pages = Array(0..<100)
        let all = SearchIndex.distinct(pages.map(Self.entries))
        let whole = SearchFiles(entries: all, terms: all.map { SearchFiles.EntryTerms($0) })
        let batched = await SearchFiles.indexing(pages, batch: batch, entries: Self.entries)
        #expect(batched.files.map(\.path) == whole.files.map(\.path))
        #expect(batched.files.map(\.contents) == whole.files.map(\.contents))
        // Four product pages in all, each listed once.
        #expect(all.count == 104)
        // The batched index keeps nothing to update: a change makes a fresh index.
        #expect(batched.entries.isEmpty && batched.terms.isEmpty)
        #expect(batched.replacing([(0, all[0])]) == nil)
        #expect(whole.replacing([(0, all[0])]) != nil)
    }
}
