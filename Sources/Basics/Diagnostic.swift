/// A problem with the user's input, located by file, line and, where it helps, column.
///
/// Printed as `Content/bank/morning.md:14: bank: tellers.loan must be a non-negative integer, got "two"`,
/// or with a column as `Content/shop/sales.csv:14:3: price: "12a" is not a number`.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user would type it (`Content/bank/morning.md`); filled in by the caller
    /// that knows it.
    public var file: String?
    /// The 1-based line in ``file``.
    public var line: Int?
    /// The 1-based column on ``line``, shown only with a line: a character position in a text
    /// file, a field's position in a CSV row.
    public var column: Int?
    /// What is wrong, naming the key or value.
    public var message: String

    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        let place = line.map { line in column.map { "\(line):\($0)" } ?? "\(line)" }
        switch (file, place) {
        case let (file?, place?): return "\(file):\(place): \(message)"
        case let (file?, nil): return "\(file): \(message)"
        case let (nil, place?): return "line \(place): \(message)"
        case (nil, nil): return message
        }
    }

    /// The same diagnostic with its file set, and its message prefixed (e.g. with the block kind).
    public func located(in file: String, prefix: String? = nil) -> Diagnostic {
        var copy = self
        if copy.file == nil { copy.file = file }
        if let prefix { copy.message = "\(prefix): \(copy.message)" }
        return copy
    }
}

/// Several diagnostics reported at once, so the user sees every problem in one run.
public struct Diagnostics: Error, Sendable, Equatable, CustomStringConvertible {
    public var items: [Diagnostic]

    public init(_ items: [Diagnostic]) {
        self.items = items
    }

    public var description: String {
        items.map(\.description).joined(separator: "\n")
    }

    /// Flattens any error into diagnostics: `Diagnostic`, `Diagnostics`, or another error's text.
    public static func from(_ error: any Error) -> [Diagnostic] {
        switch error {
        case let many as Diagnostics: many.items
        case let one as Diagnostic: [one]
        default: [Diagnostic(String(describing: error))]
        }
    }
}

/// Gathers diagnostics while reading a scenario, so one run reports every bad key, not just the first.
public struct DiagnosticCollector: Sendable {
    public private(set) var items: [Diagnostic] = []

    public init() {}

    /// A collector holding `items` already.
    public init(_ items: [Diagnostic]) {
        self.items = items
    }

    /// Runs `body`; on a thrown diagnostic records it and returns nil.
    public mutating func attempt<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            items += Diagnostics.from(error)
            return nil
        }
    }

    /// Records a diagnostic.
    public mutating func add(_ diagnostic: Diagnostic) {
        items.append(diagnostic)
    }

    /// Throws everything recorded, if anything.
    public func check() throws {
        if items.count == 1 { throw items[0] }
        if !items.isEmpty { throw Diagnostics(items) }
    }
}
