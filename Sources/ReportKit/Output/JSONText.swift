/// JSON output for downloads and `--format json`: pretty-printed with two-space indents, object
/// keys in the order the type encodes them (declaration order for synthesized `Codable`), slashes
/// unescaped, UTF-8 text kept as is, numbers in their shortest exact form.
///
/// Foundation's `JSONEncoder` keeps keys in a hashed dictionary on Linux, so their order changes
/// from run to run; the contract needs a fixed order ("in the order shown"), hence this encoder.
public enum JSONText {
    /// Encodes a value. Non-finite numbers are written as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
    public static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = OrderedJSONEncoder()
        try value.encode(to: encoder)
        var out = ""
        encoder.storage.root.write(to: &out, indent: 0)
        return out + "\n"
    }
}
