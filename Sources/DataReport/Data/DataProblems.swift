import Basics

/// The problems found in one data file: every one of them reported at once, but no more than
/// ``limit`` written out, so a million bad rows give a readable message and a count.
struct DataProblems {
    /// The file as messages name it.
    let file: String
    /// How many problems are written out; the rest are counted.
    static let limit = 20
    private(set) var items: [Diagnostic] = []
    private(set) var unwritten = 0

    init(file: String) {
        self.file = file
    }

    /// Records a problem at a line and column of the file.
    mutating func add(line: Int?, column: Int? = nil, _ message: String) {
        guard items.count < Self.limit else {
            unwritten += 1
            return
        }
        items.append(Diagnostic(file: file, line: line, column: column, message))
    }

    /// Records a problem that belongs to the page (a column a block names that the file lacks).
    mutating func add(_ diagnostic: Diagnostic) {
        items.append(diagnostic)
    }

    var isEmpty: Bool { items.isEmpty && unwritten == 0 }

    /// Throws every problem recorded, the count of unwritten ones last.
    func check() throws {
        var all = DiagnosticCollector()
        items.forEach { all.add($0) }
        if unwritten > 0 {
            all.add(Diagnostic(file: file, "\(unwritten == 1 ? "1 more problem" : "\(NumberText.grouped(unwritten)) more problems") like these"))
        }
        try all.check()
    }
}
