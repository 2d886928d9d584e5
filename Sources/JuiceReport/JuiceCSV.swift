import JuiceMaker
import ReportKit

/// The CSV download: a row per step with a column per fruit's stock after it.
public enum JuiceCSV {
    /// `step,action,juice,ok,message,strawberry,banana,pineapple,kiwi,mango`.
    public static let header = ["step", "action", "juice", "ok", "message"] + Fruit.allCases.map(\.id)

    public static func document(_ run: JuiceRun) -> String {
        CSVText.document(header: header, rows: run.steps.map { step in
            [String(step.number), step.action.kind, step.juice?.id ?? "", step.ok ? "true" : "false", step.message]
                + step.stock.entries.map { String($0.count) }
        })
    }
}
