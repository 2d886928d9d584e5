/// The `id` attributes in a piece of HTML (report output), which `page.md#id` links may target.
enum HTMLAnchors {
    static func ids(in html: String) -> [String] {
        var ids: [String] = []
        var rest = Substring(html)
        while let range = rest.firstRange(of: " id=\"") {
            let after = rest[range.upperBound...]
            guard let close = after.firstIndex(of: "\"") else { break }
            ids.append(String(after[..<close]))
            rest = after[close...]
        }
        return ids
    }
}
