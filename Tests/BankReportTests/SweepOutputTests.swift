import BankReport
import BankSimulation
import Basics
import Foundation
import ReportKit
import Testing

/// `sweep:` blocks: parsing, and the text, CSV and JSON of `sitegen bank --scenario`.
@Suite struct SweepOutputTests {
    /// Five deposit customers (0.7 s) at opening, nobody for a loan; one to four deposit tellers.
    /// By hand (start times per teller count):
    /// 1: 0, .7, 1.4, 2.1, 2.8 → mean wait 7.0/5 = 1.4, max 2.8, closing 3.5, 예금 busy 3.5 of 3.5;
    /// 2: 0, 0, .7, .7, 1.4 → 2.8/5 = .56, max 1.4, closing 2.1, 3.5 of 2 × 2.1 = 5/6;
    /// 3: 0, 0, 0, .7, .7 → 1.4/5 = .28, max .7, closing 1.4, 3.5 of 3 × 1.4 = 5/6;
    /// 4: 0, 0, 0, 0, .7 → .7/5 = .14, max .7, closing 1.4, 3.5 of 4 × 1.4 = 0.625.
    /// The loan teller serves nobody: 0.
    static let fiveDeposits = """
        seed: 1
        customers: 5
        services:
          deposit: {duration: 0.7}
          loan: {weight: 0}
        tellers: {loan: 1}
        sweep: {tellers.deposit: [1, 2, 3, 4]}
        """

    /// The console text is the page's comparison: without a target, where the wait changes most;
    /// the deciding figures, then every figure per value. The service level counts waits of at
    /// most 0.5 s (0.7 s rounded): 1, 2, 3, 4 of the 5 waits above. Nearest-rank percentiles:
    /// one teller, 50th = 3rd wait = 1.4, 90th = 5th = 2.8; two tellers 0.7 and 1.4; three and four
    /// 0 and 0.7. Customers (5) never change: said once.
    @Test func text() throws {
        #expect(try BankScenarioRunner.run(yaml: Self.fiveDeposits, format: .text) == """
            Bank sweep: 4 values of the number of 예금 tellers

            The mean wait of 예금 customers changes most between 1 예금 teller and 2 예금 tellers: by −0.84 s, from 1.40 s to 0.56 s.

            Largest change: 예금 tellers: 1 → 2

            The same day run once for each of 4 values of the number of 예금 tellers, every value with seed 1, so the same customers arrive at the same moments for the same business; one day per value.

            The deciding figures per value
            예금 tellers  Waited at most 0.5 s, 예금  Mean wait (s), 예금  Utilisation 예금
            ------------  --------------------------  -------------------  ----------------
                       1                       20.0%                 1.40            100.0%
                       2                       40.0%                 0.56             83.3%
                       3                       60.0%                 0.28             83.3%
                       4                       80.0%                 0.14             62.5%

            All figures per value
            ---------------------

            예금: waits per value; times in seconds
            예금 tellers  Mean wait (s)  Waited at most 0.5 s  50th percentile (s)  90th percentile (s)  95th percentile (s)  Max wait (s)  Utilisation
            ------------  -------------  --------------------  -------------------  -------------------  -------------------  ------------  -----------
                       1           1.40                 20.0%                 1.40                 2.80                 2.80          2.80       100.0%
                       2           0.56                 40.0%                 0.70                 1.40                 1.40          1.40        83.3%
                       3           0.28                 60.0%                 0.00                 0.70                 0.70          0.70        83.3%
                       4           0.14                 80.0%                 0.00                 0.70                 0.70          0.70        62.5%

            Everyone: waits per value; times in seconds
            예금 tellers  Mean wait (s)  Waited at most 0.5 s  50th percentile (s)  90th percentile (s)  95th percentile (s)  Max wait (s)
            ------------  -------------  --------------------  -------------------  -------------------  -------------------  ------------
                       1           1.40                 20.0%                 1.40                 2.80                 2.80          2.80
                       2           0.56                 40.0%                 0.70                 1.40                 1.40          1.40
                       3           0.28                 60.0%                 0.00                 0.70                 0.70          0.70
                       4           0.14                 80.0%                 0.00                 0.70                 0.70          0.70

            Customers and times of day per value; times in seconds. The same for every value: Customers 5
            예금 tellers  Business time (s)  Closing time (s)
            ------------  -----------------  ----------------
                       1               3.50              3.50
                       2               2.10              2.10
                       3               1.40              1.40
                       4               1.40              1.40

            """)
    }

    /// The spec's columns first, then the days, each group's figures with their bounds, and Erlang
    /// C's closed forms (empty: fixed durations are not M/M/c).
    @Test func csv() throws {
        #expect(try BankScenarioRunner.run(yaml: Self.fiveDeposits, format: .csv) == """
            value,customers,meanWait,meanWaitLow,meanWaitHigh,maxWait,closingTime,businessTime,utilization.deposit,utilization.loan,meanWait.deposit,meanWait.loan,erlangC.deposit,erlangC.loan,days,meanWaitLow.deposit,meanWaitHigh.deposit,serviceLevel.deposit,serviceLevelLow.deposit,serviceLevelHigh.deposit,p50.deposit,p50Low.deposit,p50High.deposit,p90.deposit,p90Low.deposit,p90High.deposit,p95.deposit,p95Low.deposit,p95High.deposit,meanWaitLow.loan,meanWaitHigh.loan,serviceLevel.loan,serviceLevelLow.loan,serviceLevelHigh.loan,p50.loan,p50Low.loan,p50High.loan,p90.loan,p90Low.loan,p90High.loan,p95.loan,p95Low.loan,p95High.loan,serviceLevel.all,serviceLevelLow.all,serviceLevelHigh.all,p50.all,p50Low.all,p50High.all,p90.all,p90Low.all,p90High.all,p95.all,p95Low.all,p95High.all,erlangCServiceLevel.deposit,erlangCP50.deposit,erlangCP90.deposit,erlangCP95.deposit,steadyState.deposit,erlangCServiceLevel.loan,erlangCP50.loan,erlangCP90.loan,erlangCP95.loan,steadyState.loan
            1,5,1.4,,,2.8,3.5,3.5,1,0,1.4,,,,1,,,0.2,,,1.4,,,2.8,,,2.8,,,,,,,,,,,,,,,,,0.2,,,1.4,,,2.8,,,2.8,,,,,,,,,,,,
            2,5,0.56,,,1.4,2.1,2.1,0.8333333333333334,0,0.56,,,,1,,,0.4,,,0.7,,,1.4,,,1.4,,,,,,,,,,,,,,,,,0.4,,,0.7,,,1.4,,,1.4,,,,,,,,,,,,
            3,5,0.28,,,0.7,1.4,1.4,0.8333333333333334,0,0.28,,,,1,,,0.6,,,0,,,0.7,,,0.7,,,,,,,,,,,,,,,,,0.6,,,0,,,0.7,,,0.7,,,,,,,,,,,,
            4,5,0.14,,,0.7,1.4,1.4,0.625,0,0.14,,,,1,,,0.8,,,0,,,0.7,,,0.7,,,,,,,,,,,,,,,,,0.8,,,0,,,0.7,,,0.7,,,,,,,,,,,,

            """)
    }

    @Test func csvPrintedAsOutputGivesIt() throws {
        #expect(try BankScenarioRunner.printed(yaml: Self.fiveDeposits, format: .csv)
            == BankScenarioRunner.run(yaml: Self.fiveDeposits, format: .csv))
    }

    @Test func json() throws {
        let text = try BankScenarioRunner.run(yaml: Self.fiveDeposits, format: .json)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let sweep = try #require(root["sweep"] as? [String: Any])
        #expect(sweep["key"] as? String == "tellers.deposit")
        let points = try #require(sweep["points"] as? [[String: Any]])
        #expect(points.map { $0["value"] as? Double } == [1, 2, 3, 4])
        let summaries = points.compactMap { $0["summary"] as? [String: Any] }
        #expect(summaries.map { $0["meanWait"] as? Double } == [1.4, 0.56, 0.28, 0.14])
        #expect(summaries.map { $0["maxWait"] as? Double } == [2.8, 1.4, 0.7, 0.7])
        #expect(summaries.map { $0["closingTime"] as? Double } == [3.5, 2.1, 1.4, 1.4])
        #expect(summaries.map { ($0["utilization"] as? [String: Double])?["예금"] } == [1, 5.0 / 6, 5.0 / 6, 0.625])
        #expect(summaries.map { ($0["utilization"] as? [String: Double])?["대출"] } == [0, 0, 0, 0])
        #expect(summaries.allSatisfy { $0["meanWaitCI"] == nil })
        // Not M/M/c: no Erlang C.
        #expect(points.allSatisfy { $0["erlangC"] == nil })
        // The point as written.
        #expect(text.contains("""
                  {
                    "value": 2,
                    "days": 1,
                    "summary": {
                      "customers": 5,
                      "meanWait": 0.56,
                      "maxWait": 1.4,
                      "closingTime": 2.1,
                      "businessTime": 2.1,
                      "utilization": {
                        "예금": 0.8333333333333334,
                        "대출": 0
                      },
                      "serviceMeanWait": {
                        "예금": 0.56
                      }
                    },
                    "waits": {
                      "deposit": {
                        "customers": 5,
                        "meanWait": {
                          "mean": 0.56,
                          "low": null,
                          "high": null
                        },
                        "serviceLevel": {
                          "mean": 0.4,
                          "low": null,
                          "high": null
                        },
                        "p50": {
                          "mean": 0.7,
            """))
        // Without a target: the differences compare the swept service's mean wait, value to value.
        #expect(sweep["compared"] as? String == "meanWait" && sweep["comparedService"] as? String == "deposit")
        let differences = try #require(sweep["differences"] as? [[String: Any]])
        #expect(differences.map { ($0["change"] as? [String: Any])?["mean"] as? Double ?? 0 }.map { ($0 * 100).rounded() / 100 } == [-0.84, -0.28, -0.14])
        #expect(sweep["target"] == nil && sweep["answer"] == nil)
    }

    @Test func anMMcSweepCarriesErlangCAndReplicationIntervals() throws {
        // λ = 1, half per service. Loan mean 1: one teller W_q = 0.5 / (1 − 0.5) = 1; two tellers
        // C(2, 0.5) = 0.1, W_q = 0.1 / 1.5 = 1/15. Deposit mean 0.5 on two tellers: 1/126.
        let yaml = """
            seed: 4
            customers: 200
            arrival: {rate: 1}
            services:
              deposit: {duration: {exponential: 0.5}}
              loan: {duration: {exponential: 1}}
            replications: 3
            sweep: {tellers.loan: [1, 2]}
            """
        let text = try BankScenarioRunner.run(yaml: yaml, format: .json)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let sweep = try #require(root["sweep"] as? [String: Any])
        #expect(sweep["replications"] as? Int == 3)
        let points = try #require(sweep["points"] as? [[String: Any]])
        let erlang = points.compactMap { $0["erlangC"] as? [String: Double] }
        #expect(erlang.count == 2)
        #expect(abs((erlang[0]["대출"] ?? 0) - 1) < 1e-12)
        #expect(abs((erlang[1]["대출"] ?? 0) - 1.0 / 15) < 1e-12)
        #expect(abs((erlang[0]["예금"] ?? 0) - 1.0 / 126) < 1e-12)
        // The interval is the replications' 95% CI, around the mean.
        let parsed = try BankScenarioParser.parse(yaml, limits: .commandLine)
        let plan = try #require(parsed.sweep)
        let domain = try plan.run(parsed.scenario, seed: 4)
        for (point, json) in zip(domain.points, points) {
            let summary = try #require(json["summary"] as? [String: Any])
            let interval = try #require(point.meanWait.interval)
            // (Foundation's JSON reader may be off in the last bit; the text is exact.)
            #expect(abs((summary["meanWait"] as? Double ?? 0) - point.meanWait.mean) < 1e-15)
            let bounds = summary["meanWaitCI"] as? [Double] ?? []
            #expect(bounds.count == 2)
            #expect(zip(bounds, [interval.lowerBound, interval.upperBound]).allSatisfy { abs($0 - $1) < 1e-15 })
            #expect(text.contains("\"meanWaitCI\": [\n            \(interval.lowerBound),\n            \(interval.upperBound)\n          ]"))
        }
        let table = try BankScenarioRunner.run(yaml: yaml, format: .text)
        #expect(table.contains("The deciding figures per value: means of 3 days with their 95% intervals"))
        #expect(table.contains("Mean wait (s) · Erlang C"))
        let csv = try BankScenarioRunner.run(yaml: yaml, format: .csv).split(separator: "\n")
        #expect(csv.count == 3)
        #expect(csv[1].hasPrefix("1,200,"))
        #expect(csv[1].hasSuffix(",1"))
    }

    @Test func thePageBlockShowsTheFirstValuesDay() throws {
        let parsed = try BankScenarioParser.parse(Self.fiveDeposits)
        #expect(parsed.scenario.tellers == [1, 1])
        #expect(parsed.sweep == BankSweepPlan(setting: .tellers(service: "deposit"), values: [1, 2, 3, 4], line: 7))
    }

    // MARK: Errors with line and key

    static func problems(_ yaml: String, limits: BankLimits = .pageBlock) -> [String] {
        do {
            _ = try BankScenarioParser.parse(yaml, lineOffset: 10, limits: limits)
            return []
        } catch {
            return Diagnostics.from(error).map(\.description)
        }
    }

    @Test func sweepErrorsNameTheLineAndTheKey() {
        #expect(Self.problems("sweep: {waiting: [1]}\n") == [
            "line 11: sweep.waiting: cannot vary \"waiting\"; the settings a sweep can vary are tellers.<service>, arrival.rate, customers and services.<service>.duration"
        ])
        #expect(Self.problems("customers: 5\nsweep:\n  tellers.cash: [1, 2]\n") == [
            "line 13: sweep.tellers.cash names an unknown service \"cash\"; the services are: deposit, loan"
        ])
        #expect(Self.problems("sweep: {tellers.loan: [1, two]}\n") == [
            "line 11: sweep.tellers.loan[1] must be an integer from 0 to 100, got \"two\""
        ])
        #expect(Self.problems("sweep: {tellers.loan: [\(Array(repeating: "1", count: 21).joined(separator: ", "))]}\n") == [
            "line 11: sweep.tellers.loan must list 1 to 20 values, got 21"
        ])
        #expect(Self.problems("sweep: {arrival.rate: [1, 2]}\n") == [
            "line 11: sweep.arrival.rate needs Poisson arrivals (arrival: {rate: …}) to vary"
        ])
        #expect(Self.problems("sweep: {tellers.loan: [1], customers: [3], tellers.deposit: [2]}\n") == [
            "line 11: sweep must name one setting to vary, e.g. {tellers.loan: [1, 2, 3]}, or two for a grid, got 3"
        ])
        #expect(Self.problems("batches: [{at: 0, count: 3}]\nsweep: {customers: [3]}\n") == [
            "line 12: sweep.customers cannot vary with batches; the batches' counts make the number of customers"
        ])
        #expect(Self.problems("services:\n  loan: {duration: {uniform: [1, 2]}}\nsweep: {services.loan.duration: [1]}\n") == [
            "line 13: sweep.services.loan.duration can vary a fixed duration or an exponential mean, not a uniform one"
        ])
    }

    @Test func theSweepSettlesItsOwnSettingValueByValue() {
        // tellers.loan: 0 alone is an error; swept, only the value 0 is.
        #expect(Self.problems("tellers: {loan: 0}\nsweep: {tellers.loan: [1, 2]}\n") == [])
        #expect(Self.problems("tellers: {loan: 0}\nsweep: {tellers.loan: [1, 0]}\n") == [
            "line 12: sweep.tellers.loan value 0 does not work: tellers.loan is 0, but customers come for loan (services.loan.weight is above 0); give it a teller or set its weight to 0"
        ])
    }

    @Test func aSweepCountsEveryValuesCustomersAgainstTheLimit() {
        // 20 values × 1,000,000 customers > 10,000,000 in a page block.
        let values = (1...20).map(String.init).joined(separator: ", ")
        #expect(Self.problems("customers: 1000000\nsweep: {tellers.deposit: [\(values)]}\n") == [
            "line 12: sweep.tellers.deposit: values × replications × customers must be at most 10,000,000 in a page block"
        ])
        #expect(Self.problems("customers: 1000000\nsweep: {tellers.deposit: [\(values)]}\n", limits: .commandLine) == [])
    }
}

/// The sweep JSON reads back with `JSONDecoder` into the same shape.
@Suite struct SweepJSONDecodingTests {
    @Test func theDocumentRoundTrips() throws {
        let text = try BankScenarioRunner.run(yaml: SweepOutputTests.fiveDeposits, format: .json)
        let decoded = try JSONDecoder().decode(BankSweepJSON.self, from: Data(text.utf8))
        #expect(decoded.sweep.key == "tellers.deposit")
        #expect(decoded.sweep.seed == 1)
        #expect(decoded.sweep.replications == 1)
        #expect(decoded.sweep.points.map(\.value) == [1, 2, 3, 4])
        #expect(decoded.sweep.points.map(\.summary.closingTime) == [3.5, 2.1, 1.4, 1.4])
        #expect(decoded.sweep.points.map { $0.summary.utilization["예금"] } == [1, 5.0 / 6, 5.0 / 6, 0.625])
        #expect(decoded.sweep.points.allSatisfy { $0.erlangC == nil && $0.summary.meanWaitCI == nil })
        // Sorted keys on the way back in.
        #expect(decoded.sweep.points[0].summary.utilization.entries.map(\.key) == ["대출", "예금"])
    }
}

/// A page block with `sweep:` shows, below its comparison, its first value's day exactly as a
/// block with that value alone would.
@Suite struct SweepPageBlockTests {
    @Test func aSweepBlockEndsWithTheFirstValuesDay() async throws {
        let swept = try await ReportTests.report("seed: 3\ncustomers: 12\nsweep: {tellers.loan: [2, 1, 3]}\n")
        let plain = try await ReportTests.report("seed: 3\ncustomers: 12\ntellers: {loan: 2}\n")
        let day = try #require(plain.html.components(separatedBy: "</h2>\n").last)
        #expect(swept.html.hasSuffix(day))
        #expect(swept.html.contains("<h3>The first value in full: 2 대출 tellers</h3>"))
        #expect(ReportTests.file(swept, "bank-1.json") == ReportTests.file(plain, "bank-1.json"))
    }
}
