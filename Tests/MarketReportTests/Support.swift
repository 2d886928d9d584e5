import Basics
import Foundation
import MarketReport
import Mustache
import ReportKit

/// A content folder in the temporary directory with the files a test writes into it.
final class TemporaryContent: @unchecked Sendable {
    let url: URL
    let warnings = WarningLog()

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("market-report-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes a file under the folder, creating its folders.
    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// - Parameter listing: URLs the site lists in `security.http.urls` (the loopback test
    ///   servers: private addresses are refused unless listed).
    func context(offline: Bool = false, refresh: Bool = false, listing: [String] = []) -> ReportContext {
        let warnings = self.warnings
        return ReportContext(
            contentDirectory: url, cacheDirectory: url.appendingPathComponent(".cache"),
            offline: offline, refresh: refresh, warn: { warnings.add($0) },
            network: NetworkPolicy(listed: listing.compactMap(NetworkPolicy.Entry.init), onlyListed: false))
    }

    /// Runs a market block on page `pagePath` whose fence is on line 10; its `api:` URL is listed.
    func run(_ yaml: String, pagePath: String = "market/catalogue.md", index: Int = 0, kind: MarketReportKind = MarketReportKind()) async throws -> Report {
        let block = ReportBlock(kind: "market", source: yaml, pagePath: pagePath, line: 10, index: index)
        let api = yaml.split(separator: "\n").first { $0.hasPrefix("api: ") }.map { String($0.dropFirst(5)) }
        return try await kind.run(block, context: context(listing: api.map { [$0] } ?? []))
    }
}

/// Collects warnings.
final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    var all: [String] { lock.withLock { items } }

    func add(_ text: String) {
        lock.withLock { items.append(text) }
    }
}

/// A v2 list response holding the given product objects.
func listJSON(_ products: [String]) -> String {
    """
    {"pageNo": 1, "itemsPerPage": \(products.count), "totalCount": \(products.count), "lastPage": 1, "hasNext": false, "hasPrev": false,
     "pages": [\(products.joined(separator: ",\n"))]}
    """
}

/// One product object in the list shape.
func productJSON(
    id: String, name: String, price: Double = 1000, bargain: Double? = nil, currency: String = "KRW", stock: Int = 5,
    thumbnail: String? = nil, created: String = "2024-01-01T00:00:00", vendor: String? = "과일가게", description: String? = nil
) -> String {
    func quoted(_ text: String?) -> String {
        guard let text else { return "null" }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }
    let sale = bargain ?? price
    return """
        {"id": \(id), "vendor_id": 1, "vendorName": \(quoted(vendor)), "name": \(quoted(name)), "description": \(quoted(description)),
         "thumbnail": \(quoted(thumbnail)), "currency": "\(currency)", "price": \(price), "bargain_price": \(sale),
         "discounted_price": \(price - sale), "stock": \(stock), "created_at": "\(created)", "issued_at": "\(created)"}
        """
}

/// The kind's own partials (`Sources/MarketReport/Files/partials/`, as the kind carries them),
/// so tests see cards and galleries as the site draws them.
enum ProjectPartials {
    static let library: MustacheLibrary = {
        var templates: [String: MustacheTemplate] = [:]
        for name in ["product-card", "gallery"] {
            let text = MarketReportKind().builtIn.files["partials/\(name).mustache"] ?? ""
            templates["partials/\(name)"] = try? MustacheTemplate(string: text)
        }
        return MustacheLibrary(templates: templates)
    }()

    static let draw: ReportRenderer.ComponentRenderer = { component in
        library.render(value(component.value), withTemplate: "partials/\(component.name)")
    }

    private static func value(_ value: ComponentValue) -> Any {
        switch value {
        case .text(let text): text
        case .flag(let flag): flag
        case .list(let items): items.map(Self.value)
        case .object(let entries): Dictionary(entries.map { ($0.key, Self.value($0.value)) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

extension Report {
    /// The HTML with components drawn by the project's partials.
    var page: String { html(components: ProjectPartials.draw) }
}

extension ReportPage {
    /// The HTML with components drawn by the project's partials.
    var page: String { html(components: ProjectPartials.draw) }
}
