/// The line each key of a page's front matter was written on, for messages about a value (an
/// unknown layout, an alias that leaves the site).
///
/// A page sets a handful of keys, so they are kept as pairs in the order written and looked up
/// one by one: a dictionary of five took 264 bytes, their pairs take 152.
public struct KeyLines: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private struct Pair: Sendable, Equatable {
        let key: String
        var line: Int
    }

    private var pairs: [Pair] = []

    public init() {}

    /// Keys and their lines: `["title": 2, "tags": 5]`.
    public init(dictionaryLiteral elements: (String, Int)...) {
        for (key, line) in elements { self[key] = line }
    }

    /// The line `key` was written on; nil when the front matter does not set it.
    public subscript(key: String) -> Int? {
        get { pairs.first { $0.key == key }?.line }
        set {
            if let index = pairs.firstIndex(where: { $0.key == key }) {
                if let newValue { pairs[index].line = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                pairs.append(Pair(key: key, line: newValue))
            }
        }
    }

    /// Makes room for `count` keys in one go: a page's keys are counted before they are read,
    /// so the pairs take one allocation of their size instead of growing.
    public mutating func reserveCapacity(_ count: Int) {
        pairs.reserveCapacity(count)
    }

    /// Sets the line of `key` and returns the line it had, nil when it had none (as a
    /// dictionary's `updateValue(_:forKey:)` does).
    @discardableResult
    public mutating func updateValue(_ line: Int, forKey key: String) -> Int? {
        let old = self[key]
        self[key] = line
        return old
    }

    /// The same keys on the same lines, in whatever order they were set.
    public static func == (a: KeyLines, b: KeyLines) -> Bool {
        a.pairs.count == b.pairs.count && a.pairs.allSatisfy { b[$0.key] == $0.line }
    }
}
