/// How a data file is written, decided by its extension or a block's `format:`.
public enum DataFormat: Sendable, Equatable {
    /// CSV with a header row; `separator` nil means found from the header (`,`, `;` or tab).
    case csv(separator: Unicode.Scalar?)
    /// An array of objects.
    case json
    /// A list of mappings.
    case yaml

    /// The format of a file named `name`: `.csv`, `.tsv` (tab), `.json`, `.yml` or `.yaml`.
    public init?(fileName name: String) {
        let lower = name.lowercased()
        if lower.hasSuffix(".csv") || lower.hasSuffix(".txt") {
            self = .csv(separator: nil)
        } else if lower.hasSuffix(".tsv") {
            self = .csv(separator: "\t")
        } else if lower.hasSuffix(".json") {
            self = .json
        } else if lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") {
            self = .yaml
        } else {
            return nil
        }
    }

    /// The extensions ``init(fileName:)`` knows, for messages.
    public static let knownExtensions = ".csv, .tsv, .json, .yml or .yaml"

    /// A separator a block names in `separator:` (`,`, `;`, `tab` or a tab character).
    public static func separator(named name: String) -> Unicode.Scalar? {
        switch name {
        case ",": ","
        case ";": ";"
        case "tab", "\t": "\t"
        default: nil
        }
    }
}
