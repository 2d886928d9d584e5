/// What a block reads from a data file: the columns it uses, the types it sets, and which columns
/// must hold numbers.
public struct DataRequest: Sendable {
    /// A column a block uses.
    public struct Use: Sendable, Equatable {
        /// The column's name in the file.
        public var name: String
        /// The line in the page that names it, where a missing column is reported.
        public var line: Int?
        /// What the block needs numbers (or dates) from this column for, e.g. `y`; nil when any
        /// value will do.
        public var numbersFor: String?

        public init(_ name: String, line: Int? = nil, numbersFor: String? = nil) {
            self.name = name
            self.line = line
            self.numbersFor = numbersFor
        }
    }

    /// A type a block sets for a column (`types: {code: text}`), with the line that sets it.
    public struct Declared: Sendable, Equatable {
        public var type: ColumnType
        public var line: Int?

        public init(_ type: ColumnType, line: Int? = nil) {
            self.type = type
            self.line = line
        }
    }

    public var uses: [Use]
    public var types: [String: Declared]
    /// Read every column of the file, in the file's order (a table that does not choose columns).
    public var everyColumn: Bool

    public init(uses: [Use] = [], types: [String: Declared] = [:], everyColumn: Bool = false) {
        self.uses = uses
        self.types = types
        self.everyColumn = everyColumn
    }

    /// The names read, in order: every column of `header` when ``everyColumn`` is set, else
    /// the used ones in the order first used.
    func names(header: [String]) -> [String] {
        if everyColumn { return header }
        var seen = Set<String>()
        return uses.map(\.name).filter { seen.insert($0).inserted }
    }
}
