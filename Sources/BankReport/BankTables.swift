import BankSimulation
import Basics
import ReportKit

/// The rows of the report's tables, as text.
enum BankTables {
    /// 번호, 업무, 도착, 시작, 완료, 대기, 은행원 for customers 1…`limit`.
    /// Moments are times of day when the day has opening hours (`clock`).
    static func customerRows(_ day: Day, limit: Int, clock: BankClock) -> [[String]] {
        day.customers.prefix(limit).enumerated().map { index, customer in
            let service = day.services[Int(customer.service)].name
            if customer.isAbandoned {
                return [NumberText.grouped(index + 1), service, clock.time(customer.arrival), "—", clock.time(customer.start),
                        clock.bare(customer.wait), BankLabel.gaveUp.text]
            }
            guard customer.teller >= 0 else {
                return [NumberText.grouped(index + 1), service, clock.time(customer.arrival), "—", "—", "—", "—"]
            }
            return [
                NumberText.grouped(index + 1), service,
                clock.time(customer.arrival), clock.time(customer.start),
                clock.time(customer.finish), clock.bare(customer.wait),
                day.tellers[Int(customer.teller)].label,
            ]
        }
    }

    static func tellerRows(_ day: Day, clock: BankClock) -> [[String]] {
        let utilization = day.utilization
        return day.tellers.indices.map { index in
            [
                day.tellers[index].label, NumberText.grouped(day.servedCount[index]),
                clock.bare(day.busyTime[index]), NumberText.percent(utilization[index]),
            ]
        }
    }

    /// Day-level measures over the days: customers, 업무시간, closing time and waits.
    static func replicationRows(_ run: BankRun, clock: BankClock) -> [[String]] {
        let replications = run.replications
        // Times in the day's scale: seconds with 2 or 3 decimals, minutes with 1 or 2.
        let unit = clock.unitName, per = clock.scale.seconds, fewer = clock.scale == .minutes ? 1 : 0
        var rows: [(String, Estimate, Int, Double)] = [
            (BankLabel.customersMeasure.text, replications.customers, 1, 1),
            (BankLabel.businessTimeMeasure.text(unit), replications.businessTime, 2 - fewer, per),
            (BankLabel.totalTimeMeasure.text(unit), replications.totalTime, 2 - fewer, per),
            (BankLabel.meanWaitMeasure.text(unit), replications.meanWait, 3 - fewer, per),
            (BankLabel.maxWaitMeasure.text(unit), replications.maxWait, 2 - fewer, per),
        ]
        for (index, service) in run.scenario.services.enumerated() where !replications.serviceMeanWait(index).values.isEmpty {
            rows.append((BankLabel.meanWaitOfServiceMeasure.text(service.name, unit), replications.serviceMeanWait(index), 3 - fewer, per))
        }
        return rows.map { label, estimate, places, per in
            func text(_ value: Double) -> String { NumberText.groupedFixed(value / per, places: places) }
            // An interval of one value (every replication the same) is shown as that value.
            let interval = estimate.interval.map { range in
                let low = text(range.lowerBound), high = text(range.upperBound)
                return low == high ? low : BankLabel.interval.text(low, high)
            } ?? "—"
            return [label, text(estimate.mean), interval, text(estimate.values.min() ?? 0), text(estimate.values.max() ?? 0)]
        }
    }
}
