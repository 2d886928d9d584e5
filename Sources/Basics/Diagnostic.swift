/// A problem with the user's input, located by file and line.
///
/// Printed as `Content/bank/morning.md:14: bank: tellers.loan must be a non-negative integer, got "two"`.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user would type it (`Content/bank/morning.md`); filled in by the caller
    /// that knows it.
    public var file: String?
    /// The 1-based line in ``file``.
    public var line: Int?
    /// What is wrong, naming the key or value.
    public var message: String

    public init(file: String? = nil, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        switch (file, line) {
        case let (file?, line?): "\(file):\(line): \(message)"
        case let (file?, nil): "\(file): \(message)"
        case let (nil, line?): "line \(line): \(message)"
        case (nil, nil): message
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
