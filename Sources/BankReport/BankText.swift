import BankSimulation
import ReportKit

/// The plain-text report of `sitegen bank --scenario … --format text`: the console log of the
/// first day, the closing sentence, then the figures.
public enum BankText {
    public static func render(_ run: BankRun) -> String {
        let day = run.day
        var out = ""
        for line in DayLog.lines(day) {
            out += line
            out += "\n"
        }
        out += DayLog.closingSentence(day) + "\n\n"
        out += "Seed: \(run.seed)\n"
        out += run.arrivalSentence + "\n"
        for sentence in run.serviceSentences { out += "Service \(sentence)\n" }
        out += "Customers served: \(NumberText.grouped(day.servedCustomers))\n"
        out += "Closing time: \(BankFormat.seconds(day.closingTime)) s\n"
        out += "Business time (업무시간): \(BankFormat.seconds(day.businessTime)) s\n"
        out += "Mean wait: \(BankFormat.secondsText(day.meanWait))\n"
        out += "Max wait: \(BankFormat.seconds(day.maxWait)) s\n"
        let utilization = day.utilization
        out += "Utilisation: " + day.tellers.indices.map { "\(day.tellers[$0].label) \(NumberText.percent(utilization[$0]))" }
            .joined(separator: ", ") + "\n"
        for row in BankTables.erlangRows(run) {
            out += "Erlang C \(row[0]): λ = \(row[1]), c = \(row[2]), ρ = \(row[3]), P(wait) = \(row[4]), "
                + "W_q = \(row[5]) (simulated \(row[6]), \(row[7]))\n"
        }
        if run.replications.days.count > 1 {
            out += "Replications: \(run.replications.days.count) days, seeds \(run.seed)…\(run.seed &+ UInt64(run.replications.days.count - 1))\n"
            for row in BankTables.replicationRows(run) {
                out += "  \(row[0]): mean \(row[1]), 95% CI \(row[2]), min \(row[3]), max \(row[4])\n"
            }
        }
        return out
    }
}
