import Basics
import Foundation
import TOMLKit

extension FrontMatter {
    /// Reads front matter written in any of the languages Hugo reads: YAML as it is, TOML turned
    /// into YAML with each top-level key on the line it has in the file, JSON as YAML's flow form
    /// (which JSON is). Every value is then checked by the one YAML reading, so all three give the
    /// same errors, each naming its line in the file.
    /// - Parameter firstLine: the line of the file the front matter's first line is on.
    init(text: String, format: SourceText.Format, firstLine: Int, taxonomies: [String]) throws {
        let lineOffset = firstLine - 1
        switch format {
        case .yaml:
            try self.init(yaml: text, lineOffset: lineOffset, taxonomies: taxonomies)
        case .toml: try self.init(toml: text, lineOffset: lineOffset, taxonomies: taxonomies)
        case .json: try self.init(json: text, lineOffset: lineOffset, taxonomies: taxonomies)
        }
    }

    /// Reads TOML front matter (the text between `+++` lines).
    /// - Parameter lineOffset: the number of lines before the TOML in the file.
    public init(toml: String, lineOffset: Int, taxonomies: [String] = SiteConfig.defaultTaxonomies) throws {
        try self.init(parsingYAML: try TOMLFrontMatter.yaml(from: toml, lineOffset: lineOffset), lineOffset: lineOffset, taxonomies: taxonomies)
    }

    /// Reads JSON front matter (an object opening the file).
    /// - Parameter lineOffset: the number of lines before the JSON in the file.
    public init(json: String, lineOffset: Int, taxonomies: [String] = SiteConfig.defaultTaxonomies) throws {
        try TOMLFrontMatter.checkJSON(json, lineOffset: lineOffset)
        // JSON may indent with tabs, which YAML's flow form does not take; a JSON string holds no
        // raw tab, so every tab is white space between tokens.
        try self.init(parsingYAML: json.replacing("\t", with: " "), lineOffset: lineOffset, taxonomies: taxonomies)
    }
}

/// TOML and JSON front matter, read and turned into YAML for ``FrontMatter``.
enum TOMLFrontMatter {
    /// YAML with the same keys and values as `toml`, each top-level key on its line in `toml`
    /// (its value written in flow form on that line), so that errors name the line in the file.
    /// - Throws: TOML's own syntax errors, with their line.
    static func yaml(from toml: String, lineOffset: Int) throws -> String {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            throw Diagnostic(line: error.source.begin.line + lineOffset, "invalid TOML: \(error.description)")
        }
        let keyLines = topLevelKeyLines(toml)
        var lines = Array(repeating: "", count: max(1, toml.split(separator: "\n", omittingEmptySubsequences: false).count))
        for (key, value) in table {
            let text = yamlKey(key) + ": " + flow(value)
            if let line = keyLines[key], line - 1 < lines.count, lines[line - 1].isEmpty {
                lines[line - 1] = text
            } else {
                // A key whose line was not found goes after the rest.
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The 1-based line of each top-level key: `key =` before the first table header, and each
    /// `[table]` or `[[array]]` header's first name; multi-line strings are skipped.
    static func topLevelKeyLines(_ toml: String) -> [String: Int] {
        var found: [String: Int] = [:]
        var inTable = false
        var multiline: String?
        for (index, raw) in toml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if let open = multiline {
                if line.contains(open) { multiline = nil }
                continue
            }
            if line.hasPrefix("[") {
                inTable = true
                let name = line.drop { $0 == "[" || $0 == " " }
                if let key = firstKey(name) { found[key] = found[key] ?? index + 1 }
                continue
            }
            guard !inTable, let key = firstKey(Substring(line)), line.dropFirst(keyLength(line)).trimmingCharacters(in: .whitespaces).first.map({ $0 == "=" || $0 == "." }) == true else { continue }
            found[key] = found[key] ?? index + 1
            for quotes in ["\"\"\"", "'''"] where line.components(separatedBy: quotes).count == 2 { multiline = quotes }
        }
        return found
    }

    /// The first key of a line (`title`, `"quoted key"`, `a` of `a.b`), unquoted.
    private static func firstKey(_ text: Substring) -> String? {
        if let quote = text.first, quote == "\"" || quote == "'" {
            let rest = text.dropFirst()
            return rest.firstIndex(of: quote).map { String(rest[..<$0]) }
        }
        let key = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        return key.isEmpty ? nil : String(key)
    }

    private static func keyLength(_ line: String) -> Int {
        if let quote = line.first, quote == "\"" || quote == "'" {
            return (line.dropFirst().firstIndex(of: quote).map { line.distance(from: line.startIndex, to: $0) } ?? line.count) + 1
        }
        return line.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }.count
    }

    /// A key as YAML writes it: plain when it is a plain word, else double-quoted.
    private static func yamlKey(_ key: String) -> String {
        let plain = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } && key.first?.isLetter == true
        return plain ? key : quoted(key)
    }

    /// A value in YAML's flow form, on one line.
    private static func flow(_ value: any TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return quoted(value.string ?? "")
        case .bool: return value.bool == true ? "true" : "false"
        case .int: return value.int.map { String($0) } ?? "0"
        case .double:
            let double = value.double ?? 0
            return double.isNaN ? ".nan" : double.isInfinite ? (double > 0 ? ".inf" : "-.inf") : String(double)
        case .date: return value.date.map(day) ?? ""
        case .time: return quoted(value.time.map(clock) ?? "")
        case .dateTime:
            guard let dateTime = value.dateTime else { return "" }
            var text = day(dateTime.date) + "T" + clock(dateTime.time)
            if let offset = dateTime.offset?.offset {
                text += offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + pad(abs(offset) / 60) + ":" + pad(abs(offset) % 60)
            }
            return text
        case .array: return "[" + (value.array.map { $0.map { flow($0) } } ?? []).joined(separator: ", ") + "]"
        case .table: return "{" + (value.table.map { $0.map { quoted($0.0) + ": " + flow($0.1) } } ?? []).joined(separator: ", ") + "}"
        }
    }

    private static func day(_ date: TOMLDate) -> String {
        String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
    }

    private static func clock(_ time: TOMLTime) -> String {
        var text = pad(time.hour) + ":" + pad(time.minute) + ":" + pad(time.second)
        if time.nanoSecond > 0 {
            var fraction = String(format: "%09d", time.nanoSecond)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }

    private static func pad(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }

    /// A YAML double-quoted string: JSON's escapes, which YAML shares.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Throws JSON's own syntax error, with its line, unless `json` is one JSON object.
    static func checkJSON(_ json: String, lineOffset: Int) throws {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            let line = detail.range(of: #"line \d+"#, options: .regularExpression).flatMap { Int(detail[$0].dropFirst(5)) } ?? 1
            throw Diagnostic(line: line + lineOffset, "invalid JSON front matter: \(detail)")
        }
        guard object is [String: Any] else {
            throw Diagnostic(line: 1 + lineOffset, "JSON front matter must be an object ({ \"title\": … })")
        }
    }
}
