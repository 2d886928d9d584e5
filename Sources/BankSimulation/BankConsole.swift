/// The seed's console app (SPEC §5.4), driven by a source of input lines and a sink for output,
/// so the terminal command and the tests run the same code.
///
/// It prints the menu (`1 : 은행개점`, `2 : 종료`) and the prompt `입력 : ` without a newline.
/// `1` opens the bank for a day of ``scenario``, prints each customer's start and end in
/// simulated-time order (see ``DayLog``), the closing sentence, and the menu again. `2` or the
/// end of input closes the app; anything else prints a short error and the menu again.
///
/// Day `k` of a session (the k-th `1`) uses the seed `seed + k − 1`, so a session is reproducible
/// from its seed, while each opening still brings a different day.
public struct BankConsole {
    /// The menu lines.
    public static let menu = ["1 : 은행개점", "2 : 종료"]
    /// The prompt, written without a newline.
    public static let prompt = "입력 : "
    /// The message for input other than `1` or `2`.
    public static let invalidInput = "잘못된 입력입니다. 1 또는 2를 입력해주세요."

    /// The day simulated at each opening.
    public var scenario: Scenario
    /// The seed of the first day.
    public var seed: UInt64

    private let readLine: () -> String?
    private let write: (String) -> Void

    /// - Parameters:
    ///   - readLine: the next input line without its line break, or nil at the end of input.
    ///   - write: receives output text exactly as it should appear (line breaks included).
    public init(scenario: Scenario = .standard, seed: UInt64, readLine: @escaping () -> String?, write: @escaping (String) -> Void) {
        self.scenario = scenario
        self.seed = seed
        self.readLine = readLine
        self.write = write
    }

    /// Runs the menu loop until `2` or the end of input; returns how many days were opened.
    @discardableResult
    public func run() -> Int {
        var days = 0
        while true {
            for line in Self.menu { write(line + "\n") }
            write(Self.prompt)
            guard let input = readLine() else {
                write("\n")
                return days
            }
            switch input.trimmingSpaces {
            case "1":
                let day = Simulation.run(scenario, seed: seed &+ UInt64(days))
                days += 1
                var text = ""
                for line in DayLog.lines(day) { text += line + "\n" }
                text += DayLog.closingSentence(day) + "\n"
                write(text)
            case "2":
                return days
            default:
                write(Self.invalidInput + "\n")
            }
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }
}
