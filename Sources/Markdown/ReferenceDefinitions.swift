/// The lines of a page that look like link reference definitions (`[label]: /url`), by label,
/// so that a snippet parsed on its own gets the definitions it uses appended.
struct ReferenceDefinitions {
    /// The first definition of each label (the one CommonMark uses).
    private var lines: [String: String] = [:]

    /// Collects the definition-like lines of `source`, block quote markers removed.
    init(_ source: SourceText) {
        for line in source.lines {
            var index = 0
            while index < line.count, line[index] == 32 || line[index] == 9 || line[index] == UInt8(ascii: ">") { index += 1 }
            guard index < line.count, line[index] == UInt8(ascii: "[") else { continue }
            let rest = line[index...]
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")), close + 1 < line.count,
                  line[close + 1] == UInt8(ascii: ":") else { continue }
            let label = Self.normalized(line[(index + 1)..<close])
            if lines[label] == nil { lines[label] = String(decoding: rest, as: UTF8.self) }
        }
    }

    /// The definitions whose labels appear in brackets in `text`, one per line.
    func used(in text: String) -> String {
        guard !lines.isEmpty else { return "" }
        let bytes = Array(text.utf8)
        var found: [String] = []
        var seen: Set<String> = []
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "[")) {
            let end = min(bytes.count, open + 1001)
            guard let close = bytes[(open + 1)..<end].firstIndex(where: { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "[") }) else {
                index = open + 1
                continue
            }
            let label = Self.normalized(bytes[(open + 1)..<close])
            if let definition = lines[label], seen.insert(label).inserted { found.append(definition) }
            index = close
        }
        return found.joined(separator: "\n")
    }

    /// A label compared as CommonMark compares them: case-folded, inner spaces collapsed.
    private static func normalized(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
