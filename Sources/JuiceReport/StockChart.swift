import Basics
import Charts
import JuiceMaker
import ReportKit

/// The stock-over-time chart: a line per fruit, in step mode, x = step number (0 = opening stock).
enum StockChart {
    /// Most points per line; longer runs are sampled every few steps (the last step always kept).
    static let maxPoints = 1_000

    /// The sampling interval for a run of `steps` steps: 1 when every step fits.
    static func interval(steps: Int) -> Int {
        max(1, (steps + maxPoints - 1) / maxPoints)
    }

    /// The steps drawn for a run of `steps` steps: 0 (the opening stock), then every
    /// ``interval(steps:)``-th step, and always the last.
    static func drawnSteps(_ steps: Int) -> [Int] {
        var indices = Array(stride(from: 0, through: steps, by: interval(steps: steps)))
        if indices.last != steps { indices.append(steps) }
        return indices
    }

    /// Whether the lines carry markers as well as dash patterns (short runs only; see `LineChart`).
    static func isMarked(steps: Int) -> Bool {
        drawnSteps(steps).count <= LineChart.markedPointLimit
    }

    static func drawing(_ run: JuiceRun, idPrefix: String) -> (inline: String, file: String) {
        let every = interval(steps: run.steps.count)
        let indices = drawnSteps(run.steps.count)
        func stock(after step: Int) -> Stock {
            step == 0 ? run.openingStock : run.steps[step - 1].stock
        }
        let series = Fruit.allCases.map { fruit in
            LineChart.Series(
                name: JuiceWords.fruit(fruit),
                color: LineChart.color(fruit.index),
                points: indices.map { LineChart.Point(x: Double($0), y: Double(stock(after: $0)[fruit])) }
            )
        }
        let changes = Fruit.allCases.map {
            "\($0.koreanName) (\($0.id)) \(NumberText.grouped(run.openingStock[$0])) → \(NumberText.grouped(run.finalStock[$0]))"
        }
        let sampling = every > 1 ? JuiceLabel.sampledEvery.text(String(every)) : ""
        let chart = LineChart(
            title: JuiceLabel.chartHeading.text,
            description: JuiceLabel.chartDescription.text(NumberText.grouped(run.steps.count), changes.joined(separator: ", "), sampling),
            xLabel: JuiceLabel.stepAxis.text,
            yLabel: JuiceLabel.stockAxis.text,
            series: series,
            step: true,
            idPrefix: idPrefix,
            xMinimumTickStep: 1,
            yMinimumTickStep: 1,
            xTickLabel: { NumberText.grouped(Int($0.rounded())) },
            yTickLabel: { NumberText.grouped(Int($0.rounded())) }
        )
        return chart.drawing()
    }
}
