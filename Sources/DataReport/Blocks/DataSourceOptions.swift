import Basics
import Foundation

/// Where a block's data comes from and how to read it: the keys every data block shares.
///
/// `source:` names a file beside the page (`sales.csv`) or anywhere under the content folder
/// (`data/sales.csv`): the page's folder is tried first, then the content folder; the file must
/// stay inside the content folder. `file_format:` (`csv`, `json`, `yaml`) is needed only when the
/// extension does not say; `separator:` (`,`, `;`, `tab`) only when the header line does not
/// show it; `types:` sets columns' types (`integer`, `decimal`, `date`, `text`) instead of
/// inferring them; `filter:` keeps the rows that match a condition (`stock < 5`).
struct DataSourceOptions: Sendable {
    /// The keys this reads.
    static let keys = ["source", "file_format", "separator", "types", "filter"]

    var url: URL
    /// The file as messages name it: `Content/shop/sales.csv`.
    var shown: String
    /// The file relative to the content folder: `shop/sales.csv`.
    var input: String
    var format: DataFormat
    var types: [String: DataRequest.Declared] = [:]
    var filter: RowCondition?

    /// Reads the shared keys of `map`, recording problems in `problems`; nil when `source` is
    /// missing or names no readable file.
    static func parse(_ map: ScenarioMapping, pagePath: String, contentDirectory: URL, problems: inout DiagnosticCollector) -> DataSourceOptions? {
        guard let node = problems.attempt({ try map.required("source") }) else { return nil }
        guard let file = problems.attempt({ try locate(node, pagePath: pagePath, contentDirectory: contentDirectory) }) else { return nil }
        let label = contentDirectory.lastPathComponent
        var format = DataFormat(fileName: file.relative)
        if let formatNode = map["file_format"] {
            problems.attempt {
                let name = try formatNode.string()
                switch name {
                case "csv": format = .csv(separator: nil)
                case "json": format = .json
                case "yaml", "yml": format = .yaml
                default: throw formatNode.error("must be csv, json or yaml, got \(formatNode.shownValue)")
                }
            }
        }
        if let separatorNode = map["separator"] {
            problems.attempt {
                guard let separator = DataFormat.separator(named: try separatorNode.string()) else {
                    throw separatorNode.error("must be \",\", \";\" or tab, got \(separatorNode.shownValue)")
                }
                guard format == nil || format == .csv(separator: nil) || format == .csv(separator: "\t") else {
                    throw separatorNode.error("applies only to CSV files")
                }
                format = .csv(separator: separator)
            }
        }
        guard let format else {
            problems.add(node.error("names a file whose format its extension does not tell (\(DataFormat.knownExtensions)); add file_format: csv, json or yaml"))
            return nil
        }
        var options = DataSourceOptions(url: file.url, shown: SitePathText.join(label, file.relative), input: file.relative, format: format)
        if let typesNode = map["types"], let types = problems.attempt({ try typesNode.mapping(allowed: nil) }) {
            for entry in types.entries {
                problems.attempt {
                    let name = try entry.value.string()
                    guard let type = ColumnType(declared: name) else {
                        throw entry.value.error("must be one of \(ColumnType.declaredNames.joined(separator: ", ")), got \(entry.value.shownValue)")
                    }
                    options.types[entry.key] = .init(type, line: entry.keyLine)
                }
            }
        }
        if let filterNode = map["filter"] {
            options.filter = problems.attempt { try RowCondition(try filterNode.string(), line: filterNode.line, key: "filter") }
        }
        return options
    }

    /// The data file a `source:` names: beside the page first, else under the content folder.
    private static func locate(_ node: ScenarioNode, pagePath: String, contentDirectory: URL) throws -> (url: URL, relative: String) {
        let text = try node.string().trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw node.error("must name a data file, beside the page or under the content folder") }
        guard !text.hasPrefix("/"), !text.hasPrefix("~"), !text.contains("\\"), !text.contains(":") else {
            throw node.error("must be a path relative to the page or the content folder, got \(node.shownValue)")
        }
        guard !text.split(separator: "/").contains("..") else {
            throw node.error("must stay inside the content folder, got \(node.shownValue)")
        }
        let pageFolder = pagePath.split(separator: "/").dropLast().joined(separator: "/")
        let candidates = (pageFolder.isEmpty ? [] : [pageFolder + "/" + text]) + [text]
        for relative in candidates {
            let url = contentDirectory.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            guard isInside(url, folder: contentDirectory) else {
                throw node.error("must stay inside the content folder, got \(node.shownValue)")
            }
            return (url, relative)
        }
        let places = candidates.map { SitePathText.join(contentDirectory.lastPathComponent, $0) }.joined(separator: " or ")
        throw node.error("names a file that does not exist: \(places)")
    }

    /// True when `file`, with links resolved, lies inside `folder`.
    private static func isInside(_ file: URL, folder: URL) -> Bool {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let path = file.standardizedFileURL.resolvingSymlinksInPath().path
        return path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// Reads the file for `request` (with this block's types laid over it).
    func read(_ request: DataRequest) throws -> DataTable {
        var request = request
        request.types.merge(types) { _, declared in declared }
        if let filter { request.uses.append(.init(filter.column, line: filter.line)) }
        return try DataReader.read(url, shown: shown, format: format, request: request)
    }

    /// The rows that pass ``filter`` (all rows without one), in file order.
    func rows(of table: DataTable) throws -> [Int] {
        guard let filter, let column = table[filter.column] else { return Array(0..<table.rowCount) }
        try filter.check(against: column)
        return (0..<table.rowCount).filter { filter.matches(column, row: $0) }
    }
}

/// Paths as messages show them.
enum SitePathText {
    /// `Content` + `shop/sales.csv` → `Content/shop/sales.csv`.
    static func join(_ folder: String, _ path: String) -> String {
        folder.isEmpty ? path : folder + "/" + path
    }
}
