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
///
/// With a ``ConsolePace`` the log is paced like the seed's `Thread.sleep`: before each line the
/// console sleeps for the simulated time since the previous one (since opening, for the first)
/// divided by the pace; without one, a day is printed at once.
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
    /// How fast the log runs; nil prints each day at once.
    public var pace: ConsolePace?

    private let readLine: () -> String?
    private let write: (String) -> Void
    private let sleep: (Double) -> Void
    private let opening: (UInt64) -> Void

    /// - Parameters:
    ///   - readLine: the next input line without its line break, or nil at the end of input.
    ///   - write: receives output text exactly as it should appear (line breaks included).
    ///   - sleep: waits this many real seconds (only called with a ``pace``).
    ///   - opening: told each day's seed as the bank opens, before its first line.
    public init(
        scenario: Scenario = .standard, seed: UInt64, pace: ConsolePace? = nil,
        readLine: @escaping () -> String?, write: @escaping (String) -> Void,
        sleep: @escaping (Double) -> Void = { _ in }, opening: @escaping (UInt64) -> Void = { _ in }
    ) {
        self.scenario = scenario
        self.seed = seed
        self.pace = pace
        self.readLine = readLine
        self.write = write
        self.sleep = sleep
        self.opening = opening
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
                let daySeed = seed &+ UInt64(days)
                opening(daySeed)
                let day = Simulation.run(scenario, seed: daySeed)
                days += 1
                if let pace {
                    var previous: Int64 = 0
                    for entry in DayLog.entries(day) {
                        if entry.time > previous { sleep(pace.realSeconds(entry.time - previous)) }
                        previous = entry.time
                        write(DayLog.line(entry, day: day) + "\n")
                    }
                    write(DayLog.closingSentence(day) + "\n")
                } else {
                    var text = ""
                    for line in DayLog.lines(day) { text += line + "\n" }
                    text += DayLog.closingSentence(day) + "\n"
                    write(text)
                }
            case "2":
                return days
            default:
                write(Self.invalidInput + "\n")
            }
        }
    }
}

/// How fast a paced console log runs: simulated seconds per real second (`1` is the seed's real
/// time, `10` ten times faster). A positive number up to ``maximum``.
public struct ConsolePace: Sendable, Equatable, CustomStringConvertible {
    /// The fastest pace.
    public static let maximum = 1_000_000.0

    /// Simulated seconds per real second.
    public let simulatedSecondsPerSecond: Double

    /// Nil unless `0 < value ≤ maximum`.
    public init?(_ value: Double) {
        guard value > 0, value <= Self.maximum else { return nil }
        simulatedSecondsPerSecond = value
    }

    /// Reads a command-line value such as `1`, `0.5` or `10`; nil when it is not a valid pace.
    public init?(argument: String) {
        guard let value = Double(argument.trimmingSpaces), value.isFinite else { return nil }
        self.init(value)
    }

    /// The real seconds that `ticks` of simulated time take at this pace.
    public func realSeconds(_ ticks: Int64) -> Double {
        SimulatedTime.seconds(ticks) / simulatedSecondsPerSecond
    }

    public var description: String { "\(simulatedSecondsPerSecond)" }
}

/// Tellers per service for the console, written `deposit=1,loan=0`: the seed's first variant had
/// a single teller for everyone. A service given 0 tellers is closed: nobody comes for it (its
/// weight becomes 0). Services left out keep their tellers.
public struct ConsoleTellers: Sendable, Equatable {
    /// The most tellers one service may have.
    public static let maximum = 100

    /// (service key, tellers) in the order written.
    public let counts: [(service: String, tellers: Int)]

    /// Reads `KEY=N,KEY=N` for the services of `scenario`; the problem names the option.
    public init(parsing text: String, for scenario: Scenario = .standard) throws(ScenarioProblem) {
        let keys = scenario.services.map(\.key)
        let usage = "takes SERVICE=N pairs separated by commas, e.g. deposit=1,loan=0; the services are: \(keys.joined(separator: ", "))"
        var counts: [(service: String, tellers: Int)] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
            guard pair.count == 2, !pair[0].isEmpty else {
                throw ScenarioProblem(key: "--tellers", "\(usage); got \"\(part)\"")
            }
            guard keys.contains(pair[0]) else {
                throw ScenarioProblem(key: "--tellers", "names an unknown service \"\(pair[0])\"; the services are: \(keys.joined(separator: ", "))")
            }
            guard !counts.contains(where: { $0.service == pair[0] }) else {
                throw ScenarioProblem(key: "--tellers", "gives \(pair[0]) twice")
            }
            guard let number = Int(pair[1]), (0...Self.maximum).contains(number) else {
                throw ScenarioProblem(key: "--tellers", "\(pair[0]) must be a whole number from 0 to \(Self.maximum), got \"\(pair[1])\"")
            }
            counts.append((pair[0], number))
        }
        self.counts = counts
        let total = zip(keys, scenario.tellers).reduce(0) { total, service in
            total + (counts.first { $0.service == service.0 }?.tellers ?? service.1)
        }
        guard total > 0 else { throw ScenarioProblem(key: "--tellers", "must leave at least one teller") }
        _ = try apply(to: scenario)
    }

    /// `scenario` with these tellers; a service with none gets weight 0.
    public func apply(to scenario: Scenario) throws(ScenarioProblem) -> Scenario {
        var result = scenario
        for count in counts {
            guard let index = result.services.firstIndex(where: { $0.key == count.service }) else {
                throw ScenarioProblem(key: "--tellers", "names an unknown service \"\(count.service)\"")
            }
            result.tellers[index] = count.tellers
            if count.tellers == 0 { result.services[index].weight = 0 }
        }
        if let problem = result.problems().first { throw ScenarioProblem(key: "--tellers", "leaves no day to run: \(problem)") }
        return result
    }

    public static func == (lhs: ConsoleTellers, rhs: ConsoleTellers) -> Bool {
        lhs.counts.elementsEqual(rhs.counts) { $0.service == $1.service && $0.tellers == $1.tellers }
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: Substring {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }
}
