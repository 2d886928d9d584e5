import ArgumentParser
import Foundation
import ReportCommand

/// Loads products from a saved list response, or fetches them from an open market API, and
/// prints them.
struct MarketCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "market",
        abstract: "Loads or fetches open market products and prints them.",
        discussion: """
            With --api, GET {api}/api/products?page_no=N&items_per_page=M[&search_value=S] is \
            followed page by page (hasNext/lastPage); with --details each product's \
            {api}/api/products/{id} is fetched too, four at a time. Responses are cached in the \
            cache folder: a cached response is used when there is one, --refresh fetches again \
            (falling back to the cached copy with a warning when the fetch fails), --offline uses \
            the cache only. Server errors (5xx) and timeouts are retried twice.
            """)

    /// A products file: a list response (either API version) saved as JSON.
    @Option(name: .long, help: ArgumentHelp("A products file: a list response saved as JSON.", valueName: "file"))
    var source: String?

    /// An open market API's base URL.
    @Option(name: .long, help: ArgumentHelp("An open market API's base URL, e.g. https://market.example.com.", valueName: "url"))
    var api: String?

    /// `--format`.
    @OptionGroup var output: ReportOptions

    /// `items_per_page` sent to the API.
    @Option(name: .customLong("items-per-page"), help: ArgumentHelp("items_per_page sent to the API.", valueName: "n"))
    var itemsPerPage = 20

    /// How many list pages to fetch.
    @Option(name: .long, help: ArgumentHelp("How many list pages to fetch: all or a number.", valueName: "all|n"))
    var pages = "all"

    /// A search term.
    @Option(name: .long, help: ArgumentHelp("Sent as search_value to the API; for a file, keeps the products whose name contains it.", valueName: "text"))
    var search: String?

    /// Also fetch every product's detail (with --api).
    @Flag(name: .long, help: "Also fetch every product's detail (with --api).")
    var details = false

    /// A JSON list of product details (with --source).
    @Option(name: .customLong("details-file"), help: ArgumentHelp("A JSON list of product details (with --source).", valueName: "file"))
    var detailsFile: String?

    /// The order of the products.
    @Option(name: .long, help: ArgumentHelp("The order: as received, newest first, cheapest first or largest discount first."))
    var sort = MarketSort.api

    /// Which products to keep by stock.
    @Option(name: .long, help: ArgumentHelp("Which products to keep: all, those with stock left, or those sold out (품절)."))
    var stock = StockFilter.all

    /// Use cached responses only.
    @Flag(name: .long, help: "Use cached responses only.")
    var offline = false

    /// Fetch again even when a cached response exists.
    @Flag(name: .long, help: "Fetch again even when a cached response exists.")
    var refresh = false

    /// Where responses are cached.
    @Option(name: .long, help: ArgumentHelp("Where responses are cached.", valueName: "dir"))
    var cache = ".sitegen-cache"

    /// The content folder: local image paths in a products file are relative to it.
    @Option(name: .long, help: ArgumentHelp("The content folder; local image paths in a products file are relative to it.", valueName: "dir"))
    var content = "Content"

    /// Seconds to wait for one response.
    @Option(name: .long, help: ArgumentHelp("Seconds to wait for one response.", valueName: "seconds"))
    var timeout = 15.0

    @OptionGroup var language: LanguageOption

    func run() async throws {
        try await language.run { try await report() }
    }

    private func report() async throws {
        do {
            guard !(offline && refresh) else { throw ValidationError("--offline and --refresh cannot be used together") }
            guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be from 0 to 600 seconds") }
            let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let options = try MarketConsole.options(
                source: source, api: api, itemsPerPage: itemsPerPage, pages: pages, search: search, details: details,
                detailsFile: detailsFile, sort: sort, stock: stock, currentDirectory: here)
            let catalogue = try await MarketConsole.load(
                options, cacheDirectory: Self.folder(cache, in: here), offline: offline, refresh: refresh,
                timeout: timeout, imageRoot: Self.folder(content, in: here),
                warn: { Console.error("warning: \($0)") })
            try output.print(MarketConsole.report(catalogue))
        } catch let error as ValidationError {
            throw error
        } catch {
            throw Failure.report(error, file: source)
        }
    }
}

extension MarketCommand {
    /// A folder given on the command line: absolute, or relative to the current folder.
    static func folder(_ path: String, in current: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : current.appendingPathComponent(path)
    }
}

extension MarketSort: ExpressibleByArgument {}
extension StockFilter: ExpressibleByArgument {}
