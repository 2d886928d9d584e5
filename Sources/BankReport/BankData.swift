import BankSimulation
import ReportKit

/// The data downloads and `--format csv|json` output: every customer of the first day.
public enum BankData {
    /// CSV columns (SPEC §5.1).
    public static let csvHeader = ["number", "service", "arrival", "start", "finish", "wait", "teller"]

    /// `number,service,arrival,start,finish,wait,teller` with times in seconds, exact to the
    /// microsecond, `service` the service key and `teller` the lane label.
    public static func csv(_ day: Day) -> String {
        var out = CSVText.line(csvHeader)
        out.reserveCapacity(day.customers.count * 48)
        let keys = day.services.map { CSVText.field($0.key) }
        let labels = day.tellers.map { CSVText.field($0.label) }
        for (index, customer) in day.customers.enumerated() {
            out += String(index + 1)
            out += ","
            out += keys[Int(customer.service)]
            out += ","
            out += SimulatedTime.exactText(customer.arrival)
            out += ","
            if customer.teller >= 0 {
                out += SimulatedTime.exactText(customer.start)
                out += ","
                out += SimulatedTime.exactText(customer.finish)
                out += ","
                out += SimulatedTime.exactText(customer.wait)
                out += ","
                out += labels[Int(customer.teller)]
            } else {
                out += ",,,"
            }
            out += "\n"
        }
        return out
    }

    /// `{"summary": {"customers", "totalTime", "closingTime", "businessTime", "meanWait", "maxWait",
    /// "utilization": {lane: share}},
    /// "customers": [{"number", "service", "arrival", "start", "finish", "wait", "teller"}]}`;
    /// one customer per line to stay compact.
    public static func json(_ day: Day) -> String {
        var out = "{\n  \"summary\": {\n"
        out += "    \"customers\": \(day.servedCustomers),\n"
        out += "    \"totalTime\": \(SimulatedTime.exactText(day.totalTime)),\n"
        out += "    \"closingTime\": \(SimulatedTime.exactText(day.closingTime)),\n"
        out += "    \"businessTime\": \(SimulatedTime.exactText(day.businessTime)),\n"
        out += "    \"meanWait\": \(BankFormat.json(day.meanWait)),\n"
        out += "    \"maxWait\": \(SimulatedTime.exactText(day.maxWait)),\n"
        out += "    \"utilization\": {"
        let utilization = day.utilization
        for (index, teller) in day.tellers.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "      \(JSONText.quoted(teller.label)): \(BankFormat.json(utilization[index]))"
        }
        out += day.tellers.isEmpty ? "}\n" : "\n    }\n"
        out += "  },\n  \"customers\": ["
        out.reserveCapacity(out.utf8.count + day.customers.count * 130)
        let keys = day.services.map { JSONText.quoted($0.key) }
        let labels = day.tellers.map { JSONText.quoted($0.label) }
        for (index, customer) in day.customers.enumerated() {
            out += index == 0 ? "\n    {\"number\": " : ",\n    {\"number\": "
            out += String(index + 1)
            out += ", \"service\": "
            out += keys[Int(customer.service)]
            out += ", \"arrival\": "
            out += SimulatedTime.exactText(customer.arrival)
            if customer.teller >= 0 {
                out += ", \"start\": "
                out += SimulatedTime.exactText(customer.start)
                out += ", \"finish\": "
                out += SimulatedTime.exactText(customer.finish)
                out += ", \"wait\": "
                out += SimulatedTime.exactText(customer.wait)
                out += ", \"teller\": "
                out += labels[Int(customer.teller)]
            } else {
                out += ", \"start\": null, \"finish\": null, \"wait\": null, \"teller\": null"
            }
            out += "}"
        }
        out += day.customers.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }
}
