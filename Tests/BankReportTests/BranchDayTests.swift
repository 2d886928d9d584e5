import BankReport
import BankSimulation
import Basics
import ReportKit
import Testing

/// A branch's day (issue 26): durations with units, opening hours, arrivals by period.
@Suite struct BranchDayTests {
    static func parse(_ yaml: String) throws -> BankScenario {
        try BankScenarioParser.parse(yaml, lineOffset: 10)
    }

    @Test func durationsTakeUnitsAndABareNumberStaysSeconds() throws {
        let parsed = try Self.parse("""
            services:
              deposit: {duration: 0.7}
              loan: {duration: {exponential: 20 min}}
              fx: {duration: {uniform: [30 s, 1.5 h]}}
            tellers: {fx: 1}
            target: {within: 10min, percent: 80}
            warmup: 0.5 h
            """)
        let services = parsed.scenario.services
        #expect(services[0].duration == .fixed(0.7))
        #expect(services[1].duration == .exponential(mean: 1200))
        #expect(services[2].duration == .uniform(30, 5400))
        #expect(parsed.scenario.target?.measure == .serviceLevel(within: 600, share: 0.8))
        #expect(parsed.scenario.warmup == .seconds(1800))
    }

    @Test func badUnitsAndClockTimesNameLineAndKey() {
        #expect(ScenarioErrorTests.problems("services:\n  loan: {duration: 20 mins}\n") == [Diagnostic(line: 12,
            "services.loan.duration must be a duration: a number of seconds, or a number with a unit s, min or h (20 min), got \"20 mins\"")])
        #expect(ScenarioErrorTests.problems("open: \"9:60\"\nclose: \"16:00\"\n") == [Diagnostic(line: 11,
            "open must be a time of day HH:MM from 00:00 to 24:00 (09:00), got \"9:60\"")])
        #expect(ScenarioErrorTests.problems("open: \"16:00\"\nclose: \"09:00\"\n") == [Diagnostic(line: 12,
            "close must be after open, got \"09:00\"")])
        #expect(ScenarioErrorTests.problems("open: \"09:00\"\n") == [Diagnostic(line: 11,
            "open needs both open and close, e.g. open: \"09:00\", close: \"16:00\"")])
        #expect(ScenarioErrorTests.problems("arrival:\n  rate:\n    - {from: \"12:00\", per_hour: 30}\n") == [Diagnostic(line: 13,
            "arrival.rate[0].from is a time of day, which needs the day's hours: give open and close (open: \"09:00\")")])
        #expect(ScenarioErrorTests.problems("open: \"09:00\"\nclose: \"16:00\"\narrival:\n  rate:\n    - {from: \"08:00\", per_hour: 30}\n")
            == [Diagnostic(line: 15, "arrival.rate[0].from is before opening (09:00), got \"08:00\"")])
        #expect(ScenarioErrorTests.problems("open: \"09:00\"\nclose: \"16:00\"\narrival: {per_hour: 30}\ncustomers: 40\n")
            == [Diagnostic(line: 14, "customers cannot be given with opening hours or rate periods; the arrival rate over the day makes the number of customers")])
    }

    @Test func periodsEndWhereTheNextBeginsAndTheLastAtClosing() throws {
        let parsed = try Self.parse("""
            open: "09:00"
            close: "16:00"
            arrival:
              rate:
                - {from: "09:00", per_hour: 30}
                - {from: "12:00", per_hour: 90}
                - {from: "13:00", to: "15:30", rate: 0.01}
            batches: [{at: "10:00", count: 5}, {at: 60, count: 2}]
            """)
        #expect(parsed.scenario.hours == OpeningHours(open: 32_400, close: 57_600))
        #expect(parsed.scenario.arrivals == .profile(ArrivalProfile(
            periods: [
                RatePeriod(start: 0, end: 10_800, rate: 30.0 / 3600),
                RatePeriod(start: 10_800, end: 14_400, rate: 90.0 / 3600),
                RatePeriod(start: 14_400, end: 23_400, rate: 0.01),
            ],
            batches: [Batch(at: 3600, count: 5), Batch(at: 60, count: 2)])))
        // 3 h × 30 + 1 h × 90 + 2.5 h × 36, and the batches' 7.
        if case .profile(let profile) = parsed.scenario.arrivals {
            #expect(abs(profile.expectedCustomers - (90 + 90 + 90 + 7)) < 1e-9)
        }
    }

    @Test func aSteadyRateWithHoursRunsFromOpeningToClosing() throws {
        let parsed = try Self.parse("open: \"09:00\"\nclose: \"10:30\"\narrival: {per_hour: 40}\n")
        #expect(parsed.scenario.arrivals == .profile(ArrivalProfile(periods: [RatePeriod(start: 0, end: 5400, rate: 40.0 / 3600)])))
        let day = Simulation.run(parsed.scenario, seed: 3)
        #expect(day.customers.allSatisfy { $0.arrival < SimulatedTime.ticks(seconds: 5400) })
    }

    @Test func timesOfDayInTheReport() async throws {
        let report = try BankScenarioRunner.report(ScenarioSource(text: """
            seed: 4
            open: "09:00"
            close: "12:00"
            services:
              deposit: {duration: {exponential: 5 min}}
              loan: {duration: 20 min}
            arrival:
              rate: [{from: "09:00", per_hour: 10}, {from: "11:00", per_hour: 20}]
            """, name: "day.yml"))
        let text = try report.output(.text)
        #expect(text.contains("arrive as a Poisson stream whose rate changes over the day: 09:00–11:00 10 an hour, 11:00–12:00 20 an hour."))
        #expect(text.contains("Doors open 09:00–12:00; customers inside at closing are still served."))
        #expect(text.contains("예금 (deposit): exponential, mean 5 min, weight 1, 2 tellers; 대출 (loan): 20 min, weight 1, 1 teller."))
        // The customer table gives times of day.
        #expect(text.contains(" 09:"))
    }

    @Test func whoGaveUpIsInTheCSVAndTheJSON() throws {
        let source = ScenarioSource(text: """
            seed: 3
            services:
              deposit: {duration: {exponential: 2 min}, patience: 1 min}
            tellers: {deposit: 1}
            arrival: {rate: 0.05}
            customers: 200
            """, name: "day.yml")
        let report = try BankScenarioRunner.report(source)
        let csv = try report.output(.csv)
        // number,service,arrival,start,finish,wait,teller: no start nor teller, the wait is the patience.
        let gaveUp = csv.split(separator: "\n").filter { $0.split(separator: ",", omittingEmptySubsequences: false)[3].isEmpty }
        #expect(!gaveUp.isEmpty)
        #expect(gaveUp.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false)[5] == "60" })
        let json = try report.output(.json)
        #expect(json.contains("\"start\": null, \"finish\": "))
        #expect(!json.contains("\"finish\": null"))
        #expect(json.contains("\"abandoned\": {"))
        let text = try report.output(.text)
        #expect(text.contains("Gave up waiting"))
        #expect(text.contains("예금 (deposit): exponential, mean 2 min, patience 1 min, weight 1, 1 teller."))
    }
}
