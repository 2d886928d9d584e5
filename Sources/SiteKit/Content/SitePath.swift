/// Paths inside the site, always with `/` separators and no leading `/`.
enum SitePath {
    /// The folder a page is written to: `bank/morning.md` → `bank/morning`, `bank/index.md` → `bank`,
    /// `index.md` → `` (the root).
    /// A `slug` replaces the last segment of a page that is not an index (`bank/morning.md` with
    /// slug `rush` → `bank/rush`).
    static func outputFolder(forPage contentPath: String, slug: String? = nil) -> String {
        let withoutExtension = String(contentPath.dropLast(3))
        if withoutExtension == "index" { return "" }
        if withoutExtension.hasSuffix("/index") { return String(withoutExtension.dropLast(6)) }
        if let slug { return join(parent(withoutExtension), slug) }
        return withoutExtension
    }

    /// The index page that lists a page among its children: its folder's `index.md`, or for a
    /// section index the `index.md` one folder up (`bank/morning.md` → `bank/index.md`,
    /// `bank/index.md` → `index.md`).
    static func listingIndex(of contentPath: String) -> String {
        let folder = parent(contentPath)
        let isIndex = contentPath == "index.md" || contentPath.hasSuffix("/index.md")
        return join(isIndex ? parent(folder) : folder, "index.md")
    }

    /// Joins a folder and a name: `join("bank", "index.html")` → `bank/index.html`.
    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.isEmpty { return folder }
        return folder + "/" + name
    }

    /// The folder part of a path: `bank/morning.md` → `bank`.
    static func parent(_ path: String) -> String {
        // An ASCII path is cut at its last `/` byte; elsewhere a `/` may be part of a longer character.
        let slash = isASCII(path) ? path.utf8.lastIndex(of: UInt8(ascii: "/")) : path.lastIndex(of: "/")
        guard let slash else { return "" }
        return String(path[..<slash])
    }

    /// True when every byte of `text` is ASCII: each byte is then one character.
    static func isASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// How to reach the site root from a folder: `` → ``, `bank/morning` → `../../`.
    static func rootPrefix(from folder: String) -> String {
        guard !folder.isEmpty else { return "" }
        return String(repeating: "../", count: folder.split(separator: "/").count)
    }

    /// A relative link from a folder to a file path in the site.
    static func relative(from folder: String, to target: String) -> String {
        var folder = folder
        var target = target
        return folder.withUTF8 { from in target.withUTF8 { to in relative(from: from, to: to) } }
    }

    /// ``relative(from:to:)`` over UTF-8 bytes: the folder's segments (empty ones skipped) are
    /// matched against the target's folders in step; each unmatched folder segment is one `..`.
    private static func relative(from folder: UnsafeBufferPointer<UInt8>, to target: UnsafeBufferPointer<UInt8>) -> String {
        let slash = UInt8(ascii: "/")
        var ups = 0
        var rest = 0
        var matching = true
        var index = 0
        while index < folder.count {
            if folder[index] == slash { index += 1; continue }
            var end = index
            while end < folder.count, folder[end] != slash { end += 1 }
            if matching {
                // The target's folder segment at `rest` (its last segment, the file, never matches).
                var segmentEnd = rest
                while segmentEnd < target.count, target[segmentEnd] != slash { segmentEnd += 1 }
                if segmentEnd < target.count, segmentEnd - rest == end - index,
                   folder[index..<end].elementsEqual(target[rest..<segmentEnd]) {
                    rest = segmentEnd + 1
                    index = end
                    continue
                }
                matching = false
            }
            ups += 1
            index = end
        }
        var out = [UInt8]()
        out.reserveCapacity(ups * 3 + target.count - rest)
        for _ in 0..<ups { out += [UInt8(ascii: "."), UInt8(ascii: "."), slash] }
        out += target[rest...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Resolves `.` and `..` in a path relative to the site root; nil when it climbs above the root.
    static func normalize(_ path: String) -> String? {
        if isASCII(path), let normalized = path.utf8.withContiguousStorageIfAvailable(normalizeASCII) {
            switch normalized {
            case .same: return path
            case .changed(let changed): return changed
            case .aboveRoot: return nil
            }
        }
        return normalizeByCharacters(path)
    }

    /// ``normalize(_:)``'s rule over characters, for any path: the segments between `/`
    /// characters, empty ones and `.` dropped, each `..` taking away the one before.
    static func normalizeByCharacters(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// What ``normalizeASCII(_:)`` makes of a path.
    private enum Normalized {
        /// No segment is empty, `.` or `..`: the path is its own normal form.
        case same
        case changed(String)
        /// A `..` climbs above the root.
        case aboveRoot
    }

    /// ``normalize(_:)`` over the bytes of an ASCII path, where each byte is a character.
    private static func normalizeASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Normalized {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var kept: [Range<Int>] = []
        var changed = false
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != slash { end += 1 }
            switch end - start {
            case 0:
                changed = true
            case 1 where bytes[start] == dot:
                changed = true
            case 2 where bytes[start] == dot && bytes[start + 1] == dot:
                guard !kept.isEmpty else { return .aboveRoot }
                kept.removeLast()
                changed = true
            default:
                kept.append(start..<end)
            }
            start = end + 1
        }
        guard changed else { return .same }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, range) in kept.enumerated() {
            if index > 0 { out.append(slash) }
            out += bytes[range]
        }
        return .changed(String(decoding: out, as: UTF8.self))
    }

    /// A relative link from a folder to a file path, each segment percent-encoded (`재고` →
    /// `%EC%9E%AC%EA%B3%A0`), so it works from disk and under any sub-path.
    static func link(from folder: String, to target: String) -> String {
        percentEncoded(relative(from: folder, to: target))
    }

    /// Percent-encodes every byte of a path but unreserved ASCII (letters, digits, `-._~`) and `/`.
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
