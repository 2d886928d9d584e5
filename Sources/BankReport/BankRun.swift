import BankSimulation
import Basics
import ReportKit

/// A scenario run with its seed: the first day in full, every replication's summary, and what
/// queueing theory predicts when it applies.
public struct BankRun: Sendable {
    public let scenario: Scenario
    /// The seed of the first day; replication k uses `seed + k − 1`.
    public let seed: UInt64
    public let replications: Replications

    public init(_ scenario: Scenario, seed: UInt64, threads: Threads = .allCores) {
        self.scenario = scenario
        self.seed = seed
        replications = Replications(scenario, seed: seed, threads: threads)
    }

    /// The run of a sweep's first value, reusing the days the sweep simulated.
    public init(firstOf sweep: Sweep) {
        scenario = sweep.points[0].scenario
        seed = sweep.seed
        replications = sweep.first
    }

    /// The run of a grid's first cell, reusing the days the grid simulated.
    public init(firstOf grid: SweepGrid) {
        scenario = grid.cells[0].scenario
        seed = grid.seed
        replications = grid.first
    }

    /// The first day, shown in full.
    public var day: Day { replications.first }

    /// Erlang C per service, for Poisson arrivals with exponential durations.
    public var predictions: [ErlangC.Prediction] { ErlangC.predictions(for: scenario) }

    /// How many batches the arrival sentence lists before it counts the rest.
    public static let batchesShown = 10

    /// `23 customers arrive at opening (a number drawn from 10…30).` and the like.
    public var arrivalSentence: String {
        let customers = (day.customers.count == 1 ? BankLabel.customer : .customers).text(NumberText.grouped(day.customers.count))
        switch scenario.arrivals {
        case .opening(let count):
            return BankLabel.arrivalOpening.text(customers, drawn(count))
        case .batches(let batches):
            // A page stays light however many batches: the first ones, then how many more.
            let shown = batches.count > Self.batchesShown + 2 ? Self.batchesShown : batches.count
            // At a number of seconds (`6.5 s`), or on a branch's day in its own units (`10 min`).
            func at(_ seconds: Double) -> String {
                scenario.timeScale == .seconds ? BankLabel.seconds.text(BankFormat.seconds(seconds)) : BankFormat.duration(seconds)
            }
            var parts = batches.prefix(shown).map { BankLabel.arrivalBatch.text(NumberText.grouped($0.count), at($0.at)) }
            if shown < batches.count {
                parts.append(BankLabel.arrivalMoreBatches.text(NumberText.grouped(batches.count - shown)))
            }
            return BankLabel.arrivalBatches.text(customers, parts.joined(separator: ", "))
        case .poisson(let rate, let count):
            let clock = BankClock(scenario)
            return BankLabel.arrivalPoisson.text(customers, clock.rate(rate), drawn(count), clock.rateUnitWord)
        case .profile(let profile):
            func moment(_ seconds: Double) -> String {
                scenario.hours.map { $0.clock(SimulatedTime.ticks(seconds: seconds)) } ?? BankLabel.seconds.text(BankFormat.seconds(seconds))
            }
            var sentence = if let rate = profile.constantRate, scenario.hours != nil {
                BankLabel.arrivalSteady.text(customers, BankFormat.number(rate * 3600))
            } else {
                BankLabel.arrivalProfile.text(customers, profile.periods.map {
                    BankLabel.arrivalPeriod.text(moment($0.start), moment($0.end), BankFormat.number($0.rate * 3600))
                }.joined(separator: ", "))
            }
            if !profile.batches.isEmpty {
                let shown = profile.batches.count > Self.batchesShown + 2 ? Self.batchesShown : profile.batches.count
                var parts = profile.batches.prefix(shown).map {
                    BankLabel.arrivalBatchClock.text(NumberText.grouped($0.count), moment($0.at))
                }
                if shown < profile.batches.count {
                    parts.append(BankLabel.arrivalMoreBatches.text(NumberText.grouped(profile.batches.count - shown)))
                }
                sentence += BankLabel.arrivalOnTop.text(parts.joined(separator: ", "))
            }
            if let hours = scenario.hours {
                sentence += " " + BankLabel.hoursSentence.text(hours.clock(0), hours.clock(SimulatedTime.ticks(seconds: hours.length)))
            }
            return sentence
        }
    }

    /// `예금 (deposit): 0.7 s, weight 1, 2 tellers` for each service.
    public var serviceSentences: [String] {
        scenario.services.enumerated().map { index, service in
            let tellers = scenario.tellers[index]
            let duration = Self.durationText(service.duration)
            return BankLabel.serviceSentence.text(
                service.name, service.key,
                service.patience.map { BankLabel.patienceSentence.text(duration, Self.durationText($0)) } ?? duration,
                BankFormat.number(service.weight), (tellers == 1 ? BankLabel.teller : .tellers).text(String(tellers)))
        }
    }

    /// `0.7 s`, `exponential, mean 1 s`, `uniform 0.5–1.5 s`, in the interface's words.
    static func durationText(_ duration: ServiceDuration) -> String {
        func seconds(_ value: Double) -> String { SimulatedTime.exactText(SimulatedTime.ticks(seconds: value)) }
        // A minute or more is written in minutes or hours; shorter, as the seed's seconds.
        if duration.mean >= 60 {
            return switch duration {
            case .fixed(let value): BankLabel.durationFixedUnit.text(BankFormat.duration(value))
            case .exponential(let mean): BankLabel.durationExponentialUnit.text(BankFormat.duration(mean))
            case .uniform(let low, let high): BankLabel.durationUniformUnit.text(BankFormat.duration(low), BankFormat.duration(high))
            }
        }
        return switch duration {
        case .fixed(let value): BankLabel.durationFixed.text(seconds(value))
        case .exponential(let mean): BankLabel.durationExponential.text(seconds(mean))
        case .uniform(let low, let high): BankLabel.durationUniform.text(seconds(low), seconds(high))
        }
    }

    private func drawn(_ count: CustomerCount) -> String {
        guard case .range(let range) = count else { return "" }
        return BankLabel.drawnFrom.text(NumberText.grouped(range.lowerBound), NumberText.grouped(range.upperBound))
    }
}

/// Number formats shared by the bank outputs (locale-free).
enum BankFormat {
    /// Ticks as seconds with two decimals and thousands separators: `8.40`, `7,428.01`.
    static func seconds(_ ticks: Int64) -> String {
        let text = SimulatedTime.text(ticks, places: 2)
        guard ticks >= 1_000 * SimulatedTime.ticksPerSecond, let dot = text.firstIndex(of: "."), let whole = Int(text[..<dot]) else {
            return text
        }
        return NumberText.grouped(whole) + text[dot...]
    }

    /// Seconds as given in a scenario, without trailing zeros: `6.5`, `0`.
    static func seconds(_ value: Double) -> String {
        SimulatedTime.exactText(SimulatedTime.ticks(seconds: value))
    }

    /// A duration in the largest unit that keeps it at least 1: `0.7 s`, `5 min`, `1.5 h`.
    static func duration(_ seconds: Double) -> String {
        if seconds >= 3600 { return BankLabel.hours.text(number(seconds / 3600)) }
        if seconds >= 60 { return BankLabel.minutes.text(number(seconds / 60)) }
        return BankLabel.seconds.text(self.seconds(seconds))
    }

    /// A plain number with at most four decimals and no trailing zeros: `2.7`, `1`.
    static func number(_ value: Double) -> String {
        var text = NumberText.fixed(value, places: 4)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A wait or time in seconds with two decimals: `1.23 s`.
    static func secondsText(_ value: Double) -> String {
        BankLabel.seconds.text(NumberText.fixed(value, places: 2))
    }
}
