/// A sorted set of page numbers written as a short string that needs no escaping in JSON,
/// whichever of two forms is shorter (the search page's script reads both):
///
/// - a list: the first number, then each gap less one, every number in base 32 digits of the
///   alphabet below, low digits first, a digit with more to follow having 32 added
///   (`0-9A-Za-z-_` is 64 characters);
/// - a bitmap, for sets holding many of the pages: `.`, the first number as above, then the
///   pages from it on, six to a character (bit 0 the first), in the same alphabet.
enum SearchPostings {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)

    /// Appends `pages` (ascending, no repeats) to `out` in the shorter form: the list is written,
    /// then the bitmap over it when that is shorter.
    static func encode(_ pages: [Int32], into out: inout [UInt8]) {
        guard let first = pages.first, let last = pages.last else { return }
        let start = out.count
        number(Int(first), into: &out)
        let firstDigits = out.count - start
        var previous = first
        for page in pages.dropFirst() {
            number(Int(page - previous - 1), into: &out)
            previous = page
        }
        let sixes = Int(last - first) / 6 + 1
        guard 1 + firstDigits + sixes < out.count - start else { return }
        out.removeSubrange(start...)
        out.append(UInt8(ascii: "."))
        number(Int(first), into: &out)
        let bitmap = out.count
        out.append(contentsOf: repeatElement(0, count: sixes))
        for page in pages {
            let offset = Int(page - first)
            out[bitmap + offset / 6] |= 1 << (offset % 6)
        }
        for index in bitmap..<out.count { out[index] = alphabet[Int(out[index])] }
    }

    /// Appends `value` (≥ 0) in base 32, low digits first, continued digits marked with 32.
    private static func number(_ value: Int, into out: inout [UInt8]) {
        var value = value
        while value >= 32 {
            out.append(alphabet[32 + (value & 31)])
            value >>= 5
        }
        out.append(alphabet[value])
    }
}
