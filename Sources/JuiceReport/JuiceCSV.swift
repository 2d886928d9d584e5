import JuiceMaker
import ReportKit

/// The CSV download: a row per step with a column per fruit's stock after it.
public enum JuiceCSV {
    /// `step,action,juice,ok,message,strawberry,banana,pineapple,kiwi,mango`.
    public static let header = ["step", "action", "juice", "ok", "message"] + Fruit.allCases.map(\.id)

    public static func document(_ run: JuiceRun) throws -> String {
        try CSVText.encode(run.steps.map(Row.init), columns: header)
    }

    /// One step: what was done, and the stock of each fruit after it.
    struct Row: Encodable {
        let step: StepOutcome

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ColumnKey.self)
            try container.encode(step.number, forKey: ColumnKey("step"))
            try container.encode(step.action.kind, forKey: ColumnKey("action"))
            try container.encodeIfPresent(step.juice?.id, forKey: ColumnKey("juice"))
            try container.encode(step.ok, forKey: ColumnKey("ok"))
            try container.encode(step.message, forKey: ColumnKey("message"))
            for entry in step.stock.entries {
                try container.encode(entry.count, forKey: ColumnKey(entry.fruit.id))
            }
        }
    }

    struct ColumnKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
