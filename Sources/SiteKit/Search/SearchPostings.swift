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

    /// `pages` (ascending, no repeats) as the shorter form.
    static func encode(_ pages: [Int32]) -> String {
        guard let first = pages.first, let last = pages.last else { return "" }
        var list: [UInt8] = []
        list.reserveCapacity(pages.count * 2)
        number(Int(first), into: &list)
        var previous = first
        for page in pages.dropFirst() {
            number(Int(page - previous - 1), into: &list)
            previous = page
        }
        var start: [UInt8] = []
        number(Int(first), into: &start)
        let bitmapSize = 1 + start.count + Int(last - first) / 6 + 1
        guard bitmapSize < list.count else { return String(decoding: list, as: UTF8.self) }
        var bitmap: [UInt8] = [UInt8(ascii: ".")] + start
        var sixes = [UInt8](repeating: 0, count: Int(last - first) / 6 + 1)
        for page in pages {
            let offset = Int(page - first)
            sixes[offset / 6] |= 1 << (offset % 6)
        }
        bitmap += sixes.map { alphabet[Int($0)] }
        return String(decoding: bitmap, as: UTF8.self)
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
