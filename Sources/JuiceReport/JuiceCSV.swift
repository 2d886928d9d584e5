import JuiceMaker
import ReportKit

/// The CSV download: a row per step with a column per fruit's stock after it.
public enum JuiceCSV {
    /// `step,action,juice,ok,message,strawberry,banana,pineapple,kiwi,mango`.
    public static let header = ["step", "action", "juice", "ok", "message"] + Fruit.allCases.map(\.id)

    public static func document(_ run: JuiceRun) -> String {
        CSVText.document(header: header, rows: run.steps.map { step in
            [.integer(step.number), .text(step.action.kind), .text(step.juice?.id ?? ""), .text(step.ok ? "true" : "false"), .text(step.message)]
                + step.stock.entries.map { CSVCell.integer($0.count) }
        })
    }
}
