import Testing
import BankSimulation
import TestThreads

/// Days run on several threads give exactly what one day after another on one thread gives.
@Suite struct ParallelDaysTests {
    /// Poisson arrivals, exponential deposits with exponential patience, a loan service.
    let busyDay = Scenario(
        services: [
            Service(key: "deposit", name: "예금", duration: .exponential(mean: 1), patience: .exponential(mean: 2)),
            Service(key: "loan", name: "대출", duration: .exponential(mean: 1.5)),
        ],
        tellers: [2, 1], arrivals: .poisson(rate: 2, customers: .range(800...1_200)), replications: 6)

    /// What a day with this seed gives on its own.
    func summary(_ scenario: Scenario, seed: UInt64) -> DaySummary {
        DaySummary(Simulation.run(scenario, seed: seed), threshold: scenario.serviceLevelThreshold, warmup: scenario.warmup)
    }

    @Test func sweepOnThreadsEqualsSweepOnOneThread() async throws {
        try await offPool {
            let values: [Double] = [1, 2, 3, 4, 5]
            let serial = try Sweep(busyDay, setting: .tellers(service: "deposit"), values: values, seed: 70, threads: .one)
            // Every value's day k is the day of seed 70 + k − 1 on its own, in seed order.
            for point in serial.points {
                #expect(point.days == (0..<6).map { summary(point.scenario, seed: 70 + UInt64($0)) })
            }
            for threads in [2, 3, 64] {
                let parallel = try Sweep(busyDay, setting: .tellers(service: "deposit"), values: values, seed: 70, threads: Threads(threads))
                #expect(parallel.points.map(\.days) == serial.points.map(\.days))
                #expect(parallel.points.map(\.value) == values)
                #expect(parallel.first.first.customers == serial.first.first.customers)
                #expect(parallel.first.days == serial.points[0].days)
            }
        }
    }

    /// A grid's cells are one list of work: on any number of threads each cell keeps the days it
    /// has on its own, in row-major order.
    @Test func gridOnThreadsEqualsGridOnOneThread() async throws {
        try await offPool {
            let rows = SweepAxis(setting: .tellers(service: "deposit"), values: [1, 2, 3])
            let columns = SweepAxis(setting: .tellers(service: "loan"), values: [1, 2])
            let serial = try SweepGrid(busyDay, rows: rows, columns: columns, seed: 9, threads: .one)
            #expect(serial.cells.map(\.values) == [[1, 1], [1, 2], [2, 1], [2, 2], [3, 1], [3, 2]])
            let cell = serial.cell(row: 2, column: 1)
            #expect(cell.days == (0..<6).map { summary(cell.scenario, seed: 9 + UInt64($0)) })
            #expect(cell.scenario.tellers == [3, 2])
            for threads in [2, 5] {
                let parallel = try SweepGrid(busyDay, rows: rows, columns: columns, seed: 9, threads: Threads(threads))
                #expect(parallel.cells.map(\.days) == serial.cells.map(\.days))
                #expect(parallel.first.days == serial.cells[0].days)
                #expect(parallel.first.first.customers == serial.first.first.customers)
            }
        }
    }

    /// With a precision, days are added one at a time until the interval is narrow enough; on
    /// several threads the extra days run ahead are dropped, so the days kept are the same.
    @Test func precisionKeepsTheSameDaysOnThreads() async {
        await offPool {
            var scenario = busyDay
            scenario.arrivals = .poisson(rate: 2, customers: .range(100...300))
            scenario.precision = Precision(relativeHalfWidth: 0.13, maximumDays: 60)
            let serial = Replications(scenario, seed: 5, threads: .one)
            #expect(serial.days.count > Precision.firstDays)
            #expect(serial.days.count < 60)
            #expect(serial.days == (0..<serial.days.count).map { summary(scenario, seed: 5 + UInt64($0)) })
            // The first day that makes the interval narrow enough is the last one run.
            #expect(DayPlan.decidingFigure(Array(serial.days.dropLast()), scenario: scenario)!.relativeHalfWidth! > 0.13)
            #expect(DayPlan.decidingFigure(serial.days, scenario: scenario)!.relativeHalfWidth! <= 0.13)
            for threads in [2, 7] {
                #expect(Replications(scenario, seed: 5, threads: Threads(threads)).days == serial.days)
            }
            // A sweep mixes cells that stop early and late; each keeps its own days.
            let values: [Double] = [1, 2, 3]
            let sweepSerial = try? Sweep(scenario, setting: .tellers(service: "deposit"), values: values, seed: 5, threads: .one)
            let sweepParallel = try? Sweep(scenario, setting: .tellers(service: "deposit"), values: values, seed: 5, threads: Threads(3))
            #expect(sweepSerial?.points.map(\.days) == sweepParallel?.points.map(\.days))
            #expect(sweepSerial?.points[1].days == Replications(scenario.with(depositTellers: 2), seed: 5, threads: .one).days)
        }
    }

    @Test func threadsAreAtLeastOne() {
        #expect(Threads(0).count == 1)
        #expect(Threads(-3) == .one)
        #expect(Threads.allCores.count >= 1)
        #expect(Threads(2).description == "2 threads")
        #expect(Threads.one.description == "1 thread")
    }
}

extension Scenario {
    func with(depositTellers: Int) -> Scenario {
        var scenario = self
        scenario.tellers[0] = depositTellers
        return scenario
    }
}
