import BankSimulation
import ReportKit

/// Table rows shared by the HTML, Markdown and text reports.
enum BankTables {
    static let customerHeaders = ["번호", "업무", "도착", "시작", "완료", "대기", "은행원"]

    /// 번호, 업무, 도착, 시작, 완료, 대기, 은행원 for customers 1…`limit`.
    static func customerRows(_ day: Day, limit: Int) -> [[String]] {
        day.customers.prefix(limit).enumerated().map { index, customer in
            let service = day.services[Int(customer.service)].name
            guard customer.teller >= 0 else {
                return [NumberText.grouped(index + 1), service, BankFormat.seconds(customer.arrival), "—", "—", "—", "—"]
            }
            return [
                NumberText.grouped(index + 1), service,
                BankFormat.seconds(customer.arrival), BankFormat.seconds(customer.start),
                BankFormat.seconds(customer.finish), BankFormat.seconds(customer.wait),
                day.tellers[Int(customer.teller)].label,
            ]
        }
    }

    static let tellerHeaders = ["은행원", "Customers served", "Busy time (s)", "Utilisation"]

    static func tellerRows(_ day: Day) -> [[String]] {
        let utilization = day.utilization
        return day.tellers.indices.map { index in
            [
                day.tellers[index].label, NumberText.grouped(day.servedCount[index]),
                BankFormat.seconds(day.busyTime[index]), NumberText.percent(utilization[index]),
            ]
        }
    }

    static let erlangHeaders = [
        "업무", "λ (per s)", "Tellers c", "ρ", "P(wait)", "Erlang C W_q (s)", "Simulated mean wait (s)", "Difference",
    ]

    /// One row per service with an Erlang C prediction; the simulated wait is the mean over the
    /// replications.
    static func erlangRows(_ run: BankRun) -> [[String]] {
        run.predictions.map { prediction in
            let service = run.scenario.services[prediction.service]
            let simulated = run.replications.serviceMeanWait(prediction.service)
            let simulatedText = simulated.values.isEmpty ? "—" : NumberText.fixed(simulated.mean, places: 3)
            var difference = "—"
            if let theory = prediction.meanWait, theory > 0, !simulated.values.isEmpty {
                let share = simulated.mean / theory - 1
                difference = (share >= 0 ? "+" : "") + NumberText.percent(share)
            }
            return [
                service.name,
                BankFormat.number(prediction.arrivalRate),
                String(prediction.servers),
                prediction.utilization.isFinite ? NumberText.fixed(prediction.utilization, places: 3) : "∞",
                prediction.probabilityOfWaiting.map { NumberText.fixed($0, places: 3) } ?? "—",
                prediction.meanWait.map { NumberText.fixed($0, places: 3) } ?? "unstable (ρ ≥ 1)",
                simulatedText,
                difference,
            ]
        }
    }

    static let replicationHeaders = ["Measure", "Mean", "95% confidence interval", "Min", "Max"]

    static func replicationRows(_ run: BankRun) -> [[String]] {
        let replications = run.replications
        var rows: [(String, Estimate, Int)] = [
            ("Customers", replications.customers, 1),
            ("Total time (s)", replications.totalTime, 2),
            ("Mean wait (s)", replications.meanWait, 3),
            ("Max wait (s)", replications.maxWait, 2),
        ]
        for (index, service) in run.scenario.services.enumerated() where !replications.serviceMeanWait(index).values.isEmpty {
            rows.append(("Mean wait, \(service.name) (s)", replications.serviceMeanWait(index), 3))
        }
        return rows.map { label, estimate, places in
            func text(_ value: Double) -> String { NumberText.groupedFixed(value, places: places) }
            let interval = estimate.interval.map { "\(text($0.lowerBound)) – \(text($0.upperBound))" } ?? "—"
            return [label, text(estimate.mean), interval, text(estimate.values.min() ?? 0), text(estimate.values.max() ?? 0)]
        }
    }
}
