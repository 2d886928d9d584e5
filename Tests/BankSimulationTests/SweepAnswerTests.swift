import TestThreads
import Testing
import BankSimulation

/// A sweep's answer to its target and its paired differences, on days worked out by hand.
@Suite struct SweepAnswerTests {
    /// Five deposit customers (0.7 s) at opening; nobody comes for a loan. Waits by deposit tellers:
    /// 1: 0 .7 1.4 2.1 2.8 (mean 1.4); 2: 0 0 .7 .7 1.4 (.56); 3: 0 0 0 .7 .7 (.28); 4: 0 0 0 0 .7 (.14).
    /// Within 0.5 s (the 0.7 s business, rounded): 20%, 40%, 60%, 80%.
    func fiveDeposits(_ target: WaitTarget?) -> Scenario {
        Scenario(
            services: [.deposit, Service(key: "loan", name: "대출", duration: .fixed(1.1), weight: 0)],
            tellers: [2, 1], arrivals: .opening(.exactly(5)), target: target)
    }

    func sweep(_ target: WaitTarget?, values: [Double] = [1, 2, 3, 4]) throws -> Sweep {
        try Sweep(fiveDeposits(target), setting: .tellers(service: "deposit"), values: values, seed: 1)
    }

    @Test func theFewestTellersThatMeetAServiceLevel() throws {
        let answer = try #require(try sweep(WaitTarget(.serviceLevel(within: 0.5, share: 0.5), service: 0)).answer)
        // 3 tellers reach 60%; 2 reach 40%, 10 points short.
        #expect(answer.answer == 2 && answer.next == 1 && answer.closest == nil)
        #expect(abs(answer.target.shortfall(of: 0.4) - 0.1) < 1e-15)
        // Day by day from 2 to 3 tellers: +20 points, one day, so no interval.
        let difference = try #require(answer.difference)
        #expect(difference.from == 1 && difference.to == 2)
        #expect(abs(difference.change.mean - 0.2) < 1e-12 && difference.change.interval == nil)
        // Listed in any order, the answer is the same value.
        let shuffled = try #require(try sweep(WaitTarget(.serviceLevel(within: 0.5, share: 0.5)), values: [4, 2, 3, 1]).answer)
        #expect(shuffled.answer == 2 && shuffled.next == 1)
    }

    @Test func aMeanWaitTargetEveryoneMeetsOrNoneDoes() throws {
        // At most 0.3 s on average: 3 tellers (0.28); 2 tellers wait 0.56, 0.26 s over.
        let mean = try #require(try sweep(WaitTarget(.meanWait(0.3))).answer)
        #expect(mean.answer == 2 && mean.next == 1)
        #expect(abs(mean.target.shortfall(of: 0.56) - 0.26) < 1e-12)
        // 10% within 0.5 s: even one teller meets it; there is no value below.
        let all = try #require(try sweep(WaitTarget(.serviceLevel(within: 0.5, share: 0.1))).answer)
        #expect(all.answer == 0 && all.next == nil && all.difference == nil)
        // 90%: nobody; the closest is 4 tellers (80%).
        let none = try #require(try sweep(WaitTarget(.serviceLevel(within: 0.5, share: 0.9))).answer)
        #expect(none.answer == nil && none.next == nil && none.closest == 3)
        #expect(try sweep(nil).answer == nil)
    }

    @Test func theHighestLoadThatMeetsIt() throws {
        // Two deposit tellers, 3, 4 or 5 customers: waits 0 0 .7 (mean 0.2333), 0 0 .7 .7 (0.35),
        // 0 0 .7 .7 1.4 (0.56). At most 0.4 s: the most customers that meet it is 4; 5 misses.
        let scenario = fiveDeposits(WaitTarget(.meanWait(0.4)))
        let sweep = try Sweep(scenario, setting: .customers, values: [3, 4, 5], seed: 1)
        let answer = try #require(sweep.answer)
        #expect(answer.answer == 1 && answer.next == 2)
        // From 4 to 5 customers the mean wait rises by 0.21 s.
        #expect(abs((answer.difference?.change.mean ?? 0) - 0.21) < 1e-12)
    }

    @Test func neighboursAreComparedDayByDayOnTheSameCustomers() throws {
        // Poisson days: every value's day k has the same customers, so the paired interval of the
        // difference is much narrower than the two values' own intervals side by side.
        var scenario = Scenario(
            services: [.deposit, Service(key: "loan", name: "대출", duration: .exponential(mean: 1.1))],
            tellers: [2, 1], arrivals: .poisson(rate: 1.6, customers: .exactly(400)), replications: 8)
        scenario.target = nil
        let sweep = try Sweep(scenario, setting: .tellers(service: "loan"), values: [2, 1, 3], seed: 3)
        let differences = sweep.neighbourDifferences(.meanWait(service: 1))
        // Ordered by value: 1 → 2 (points 1 and 0), 2 → 3 (points 0 and 2).
        #expect(differences.map(\.from) == [1, 0] && differences.map(\.to) == [0, 2])
        for difference in differences {
            let days = zip(sweep.points[difference.from].days, sweep.points[difference.to].days).map { a, b in
                (b.serviceMeanWait[1] ?? 0) - (a.serviceMeanWait[1] ?? 0)
            }
            #expect(difference.change == Estimate(values: days, scale: .unbounded))
        }
        let change = try #require(sweep.largestChange)
        #expect(change.from == 1 && change.to == 0 && change.change.mean < 0)
        let paired = try #require(change.change.interval)
        let own = try #require(sweep.points[1].serviceMeanWait(1)?.interval)
        #expect(paired.upperBound - paired.lowerBound < own.upperBound - own.lowerBound)
    }

    @Test func precisionAddsDaysUntilTheIntervalIsNarrowEnough() async throws {
        try await offPool {
            var scenario = Scenario(
                services: [Service(key: "deposit", name: "예금", duration: .exponential(mean: 1))],
                tellers: [2], arrivals: .poisson(rate: 1.6, customers: .exactly(200)))
            scenario.precision = Precision(relativeHalfWidth: 0.1, maximumDays: 400)
            let runs = Replications(scenario, seed: 9)
            // It stops at the first day count from 10 on where the interval is within ±10%.
            let relative = try #require(runs.meanWait.relativeHalfWidth)
            #expect(runs.days.count >= Precision.firstDays && relative <= 0.1)
            let oneFewer = try #require(Estimate(values: runs.days.dropLast().map(\.meanWait)).relativeHalfWidth)
            #expect(runs.days.count == Precision.firstDays || oneFewer > 0.1)
            // The cap holds when the precision is out of reach.
            scenario.precision = Precision(relativeHalfWidth: 0.001, maximumDays: 12)
            #expect(Replications(scenario, seed: 9).days.count == 12)
            // With a target, the target's figure decides.
            scenario.target = WaitTarget(.serviceLevel(within: 1, share: 0.8))
            scenario.precision = Precision(relativeHalfWidth: 0.05, maximumDays: 400)
            let byTarget = Replications(scenario, seed: 9)
            #expect((byTarget.statistics.overall?.serviceLevel.relativeHalfWidth ?? 1) <= 0.05 && byTarget.days.count < 400)
        }
    }
}
