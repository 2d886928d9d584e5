import Foundation
import Charts
import Testing

@Suite struct LineChartTests {
    /// One series 10, 10, 4, 4 at x = 0…3 on the default 640×320 canvas.
    ///
    /// Layout by hand: y ticks 0, 2, …, 10 (widest label "10" = 14 px), so the plot runs from
    /// x = 24 + 14 + 8 = 46 to 640 − 16 = 624; one legend row puts its top at 14 + 18 + 4 = 36 and
    /// its bottom at 320 − 44 = 276. x = 1, 2 land on 46 + 578/3 = 238.67 and 431.33; y = 10 on 36,
    /// y = 4 on 276 − 0.4 × 240 = 180.
    private func chart(step: Bool, series: [LineChart.Series]? = nil) -> LineChart {
        LineChart(
            title: "Stock <over> time",
            description: "Strawberries drop from 10 to 4.",
            xLabel: "Step",
            yLabel: "Stock",
            series: series ?? [
                .init(name: "딸기", color: LineChart.color(0), points: [
                    .init(x: 0, y: 10), .init(x: 1, y: 10), .init(x: 2, y: 4), .init(x: 3, y: 4),
                ])
            ],
            step: step,
            idPrefix: "juice-1-stock"
        )
    }

    private func pathData(_ svg: String, series: Int) -> [String] {
        let group = svg.components(separatedBy: "<g class=\"series-\(series)\">")[1]
        let path = group.components(separatedBy: "<path d=\"")[1]
        return [String(path.prefix { $0 != "\"" })]
    }

    @Test func stepModeHoldsEachValueUntilTheNextXAndMergesRepeats() {
        let svg = chart(step: true).svg()
        #expect(pathData(svg, series: 1) == ["M 46 36 H 431.33 V 180 H 624"])
    }

    @Test func linearModeJoinsThePointsDirectly() {
        let svg = chart(step: false).svg()
        #expect(pathData(svg, series: 1) == ["M 46 36 L 238.67 36 L 431.33 180 L 624 180"])
    }

    @Test func isAccessibleWithPrefixedIDs() {
        let svg = chart(step: true).svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("role=\"img\""))
        #expect(svg.contains("aria-labelledby=\"juice-1-stock-title juice-1-stock-desc\""))
        #expect(svg.contains("<title id=\"juice-1-stock-title\">Stock &lt;over&gt; time</title>"))
        #expect(svg.contains("<desc id=\"juice-1-stock-desc\">Strawberries drop from 10 to 4.</desc>"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func drawsNiceYTicksAndAxisLabels() {
        let svg = chart(step: true).svg()
        for tick in ["0", "2", "4", "6", "8", "10"] {
            #expect(svg.contains("text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">\(tick)</text>"))
        }
        #expect(!svg.contains(">12</text>"))
        #expect(svg.contains(">Step</text>"))
        #expect(svg.contains("rotate(-90)"))
        #expect(svg.contains(">Stock</text>"))
    }

    @Test func legendDoesNotRelyOnColourAlone() {
        let names = ["딸기", "바나나", "파인애플", "키위", "망고"]
        let series = names.enumerated().map { index, name in
            LineChart.Series(name: name, color: LineChart.color(index), points: [.init(x: 0, y: 10), .init(x: 1, y: Double(index))])
        }
        let svg = chart(step: true, series: series).svg()
        let legend = svg.components(separatedBy: "<g class=\"legend\">")[1]
        let items = legend.components(separatedBy: "<g class=\"legend-item\">").dropFirst()
        #expect(items.count == 5)
        var styles = Set<String>()
        for (index, item) in items.enumerated() {
            #expect(item.contains(">\(names[index])</text>"))
            styles.insert("\(LineChart.dashPattern(for: index))|\(LineChart.marker(for: index))")
        }
        #expect(styles.count == 5)
        #expect(LineChart.dashPattern(for: 0) == "")
        #expect(items.first?.contains("stroke-dasharray") == false)
        #expect(items.dropFirst().first?.contains("stroke-dasharray: 8 4") == true)
        #expect(svg.contains("var(--c5, #ea580c)"))
    }

    @Test func longSeriesAreMarkedOnlyAtTheirEnd() {
        let points = (0...100).map { LineChart.Point(x: Double($0), y: Double($0 % 7)) }
        let svg = chart(step: false, series: [.init(name: "a", color: "var(--c1)", points: points)]).svg()
        let group = svg.components(separatedBy: "<g class=\"series-1\">")[1].components(separatedBy: "</g>")[0]
        #expect(group.components(separatedBy: "<circle").count - 1 == 1)
        #expect(group.contains("<circle cx=\"624\""))
    }

    @Test func shortSeriesAreMarkedAtEveryPoint() {
        let svg = chart(step: true).svg()
        let group = svg.components(separatedBy: "<g class=\"series-1\">")[1].components(separatedBy: "</g>")[0]
        #expect(group.components(separatedBy: "<circle").count - 1 == 4)
    }

    @Test func negativeValuesGetTicksBelowZero() {
        let svg = chart(step: false, series: [.init(name: "a", color: "red", points: [.init(x: 0, y: -3), .init(x: 1, y: 5)])]).svg()
        #expect(svg.contains(">-4</text>"))
        #expect(svg.contains(">6</text>"))
    }

    @Test func outputIsDeterministicAndEscaped() {
        let series = [LineChart.Series(name: "a<b & \"c\"", color: "var(--c2)", points: [.init(x: 0, y: 1)])]
        let first = chart(step: true, series: series).svg()
        #expect(first == chart(step: true, series: series).svg())
        #expect(first.contains(">a&lt;b &amp; &quot;c&quot;</text>"))
        #expect(!first.contains("a<b"))
    }

    @Test func emptyChartStillRendersAValidFrame() {
        let svg = chart(step: true, series: []).svg()
        #expect(svg.contains("<g class=\"series\">\n</g>"))
        #expect(svg.contains("<g class=\"legend\">\n</g>"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test func minimumTickStepsKeepCountsWhole() {
        let series = [LineChart.Series(name: "a", color: "red", points: [.init(x: 0, y: 2), .init(x: 3, y: 1)])]
        let fine = LineChart(title: "t", description: "d", xLabel: "x", yLabel: "y", series: series, idPrefix: "p").svg()
        #expect(fine.contains(">0.5</text>"))
        let whole = LineChart(
            title: "t", description: "d", xLabel: "x", yLabel: "y", series: series, idPrefix: "p",
            xMinimumTickStep: 1, yMinimumTickStep: 1
        ).svg()
        #expect(!whole.contains(".5</text>"))
        for tick in ["0", "1", "2", "3"] {
            #expect(whole.contains("text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">\(tick)</text>"))
        }
    }
}
