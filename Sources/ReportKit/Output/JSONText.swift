import Foundation

/// JSON output for downloads and `--format json`: pretty-printed, keys sorted (Foundation's
/// encoder keeps keys in a hashed dictionary, so without sorting their order changes from run to
/// run), slashes unescaped, UTF-8 text kept as is.
public enum JSONText {
    /// Encodes a value; encoding our own models cannot fail, but a failure is reported, not hidden.
    public static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
