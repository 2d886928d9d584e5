import Foundation

/// Adds HTML to a served page just before its last `</body>` (any letter case), or at the end when
/// the page has none.
enum PageInjection {
    static func inject(_ snippet: String, into page: Data) -> Data {
        let bytes = [UInt8](page)
        let closing = Array("</body".utf8)
        var result = Data(capacity: bytes.count + snippet.utf8.count)
        guard let position = lastIndex(of: closing, in: bytes) else {
            result.append(page)
            result.append(Data(snippet.utf8))
            return result
        }
        result.append(contentsOf: bytes[..<position])
        result.append(Data(snippet.utf8))
        result.append(contentsOf: bytes[position...])
        return result
    }

    /// The start of the last ASCII-case-insensitive occurrence of `needle` in `haystack`.
    private static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var start = haystack.count - needle.count
        while start >= 0 {
            if (0..<needle.count).allSatisfy({ lowercased(haystack[start + $0]) == needle[$0] }) { return start }
            start -= 1
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
