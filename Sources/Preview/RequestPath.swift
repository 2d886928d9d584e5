/// A request target turned into a path inside the site, or refused.
///
/// The path is split on `/` first and each segment percent-decoded once, so `%2f` can never make a
/// new segment. A segment is refused when it decodes to `.` or `..`, or contains `/`, `\`, NUL or
/// another control character, or is not valid UTF-8 — so `/../`, `/%2e%2e/`, `/..%2f..%2f`,
/// `/..%5c..` and `/%00` never name anything. Empty segments (`//`) are dropped.
struct RequestPath: Equatable {
    /// The decoded segments, e.g. `["bank", "morning"]`.
    var segments: [String]
    /// True when the request ended with `/` (or was `/`): it names a folder.
    var isFolder: Bool

    /// Parses an origin-form request target (`/bank/morning/?x=1`); nil when it is unsafe or not a
    /// path at all (`*`, `http://…`).
    init?(target: String) {
        var path = Substring(target)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        guard path.first == "/" else { return nil }
        var segments: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = Self.decode(raw), Self.isSafe(segment) else { return nil }
            segments.append(segment)
        }
        self.segments = segments
        isFolder = path.hasSuffix("/")
    }

    /// The site path of the file itself (`bank/morning`), without a leading slash.
    var filePath: String { segments.joined(separator: "/") }

    /// The site path of the folder's index page (`bank/morning/index.html`, or `index.html`).
    var indexPath: String { (segments + ["index.html"]).joined(separator: "/") }

    private static func isSafe(_ segment: String) -> Bool {
        guard segment != "." && segment != ".." else { return false }
        return !segment.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Decodes `%XX` escapes once; nil for a malformed escape or bytes that are not UTF-8.
    private static func decode(_ raw: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
