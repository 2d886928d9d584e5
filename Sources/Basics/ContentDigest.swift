/// A 128-bit digest of bytes, the same on every run, machine and Swift version: for telling
/// whether a file is as it was when an earlier run recorded it. Not cryptographic (anyone who can
/// edit the file can make it collide); two independent 64-bit lanes, eight bytes a step.
public struct ContentDigest: Hashable, Sendable, CustomStringConvertible {
    public private(set) var high: UInt64
    public private(set) var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The digest of `bytes`.
    public init(bytes: UnsafeRawBufferPointer) {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            a = Self.rotate((a ^ word) &* 0x87C3_7B91_1142_53D5, 31) &* 0x4CF5_AD43_2745_937F
            b = Self.rotate((b ^ Self.rotate(word, 17)) &* 0x1656_67B1_9E37_79F9, 29) &+ a
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        a = Self.rotate((a ^ tail) &* 0x87C3_7B91_1142_53D5, 31) &* 0x4CF5_AD43_2745_937F
        b = Self.rotate((b ^ Self.rotate(tail, 17)) &* 0x1656_67B1_9E37_79F9, 29) &+ a
        high = Self.mix(a ^ Self.rotate(b, 32))
        low = Self.mix(b &+ high)
    }

    /// The digest of a text's UTF-8 bytes.
    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { ContentDigest(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The digest of the digests of `parts`, in order: what changes when any part changes, is
    /// added or is taken away.
    public init(combining parts: some Sequence<ContentDigest>) {
        var words: [UInt64] = []
        for part in parts { words += [part.high, part.low] }
        self = words.withUnsafeBytes { ContentDigest(bytes: $0) }
    }

    /// Its two halves in hexadecimal, `high:low`.
    public var description: String {
        String(high, radix: 16) + ":" + String(low, radix: 16)
    }

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    /// MurmurHash3's 64-bit finaliser: every input bit reaches every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
