import Foundation
import Charts
import Testing

@Suite struct LineChartTests {
    /// One series 10, 10, 4, 4 at x = 0…3, 320 px high.
    ///
    /// Layout by hand: one legend row (18 px) puts the y-axis label's baseline at 18 + 14 = 32 and
    /// the plot's top at 18 + 34 = 52, its bottom at 320 − 44 = 276 (224 px). y ticks 0, 2, …, 10,
    /// so y = 10 lands on 52 and y = 4 on 276 − 0.4 × 224 = 186.4. Across, x = 0…3 spans the full
    /// width: 0%, 33.33%, 66.67%, 100%, or 0…1000 in the stretched plot (whose y runs 0…224 from
    /// the plot's top: 0 and 134.4).
    private func chart(step: Bool, series: [LineChart.Series]? = nil, height: Double = 320) -> LineChart {
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
            idPrefix: "juice-1-stock",
            height: height
        )
    }

    private func group(_ svg: String, _ opening: String) -> String {
        svg.components(separatedBy: opening)[1].components(separatedBy: "</g>")[0]
    }

    private func pathData(_ svg: String, series: Int) -> [String] {
        group(svg, "<g class=\"series-\(series)\">").components(separatedBy: "<path").dropFirst().map { element in
            String(element.components(separatedBy: " d=\"")[1].prefix { $0 != "\"" })
        }
    }

    private func count(_ text: String, in svg: String) -> Int {
        svg.components(separatedBy: text).count - 1
    }

    @Test func isFluidWithItsTextAtPixelSize() {
        let svg = chart(step: true).svg()
        // No viewBox: user units stay CSS pixels whatever width the page gives the chart.
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"line-chart\" width=\"640\" height=\"320\" role=\"img\""))
        #expect(!svg.prefix(200).contains("viewBox"))
        #expect(svg.contains("font-size: 12px"))
        // The lines stretch across the full width in an inner drawing, strokes unscaled.
        #expect(svg.contains("<svg class=\"plot\" x=\"0\" y=\"52\" width=\"100%\" height=\"224\" viewBox=\"0 0 1000 224\" preserveAspectRatio=\"none\" style=\"overflow: visible\">"))
        #expect(svg.contains("vector-effect=\"non-scaling-stroke\""))
    }

    @Test func stepModeHoldsEachValueUntilTheNextXAndMergesRepeats() {
        let svg = chart(step: true).svg()
        #expect(pathData(svg, series: 1) == ["M 0 0 H 666.67 V 134.4 H 1000"])
    }

    @Test func linearModeJoinsThePointsDirectly() {
        let svg = chart(step: false).svg()
        #expect(pathData(svg, series: 1) == ["M 0 0 L 333.33 0 L 666.67 134.4 L 1000 134.4"])
    }

    @Test func isAccessibleWithPrefixedIDs() {
        let svg = chart(step: true).svg()
        #expect(svg.contains("role=\"img\""))
        #expect(svg.contains("aria-labelledby=\"juice-1-stock-title juice-1-stock-desc\""))
        #expect(svg.contains("<title id=\"juice-1-stock-title\">Stock &lt;over&gt; time</title>"))
        #expect(svg.contains("<desc id=\"juice-1-stock-desc\">Strawberries drop from 10 to 4.</desc>"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func yTicksSitAboveTheirGridLinesOnAHalo() {
        let svg = chart(step: true).svg()
        let axis = group(svg, "<g class=\"y-axis\">")
        // 10 on the line at y = 52: its baseline 4 px above; 4 on 186.4 → 182.4.
        #expect(axis.contains("<text x=\"0\" y=\"48\" style=\"fill: var(--muted, #52525b); paint-order: stroke; stroke: var(--card, #fff); stroke-width: 3px; stroke-linejoin: round\">10</text>"))
        #expect(axis.contains("<text x=\"0\" y=\"182.4\" "))
        for tick in ["0", "2", "4", "6", "8", "10"] {
            #expect(axis.contains(">\(tick)</text>"))
        }
        #expect(!svg.contains(">12</text>"))
        // The y-axis label reads horizontally above the plot; the x label is centred under it.
        #expect(axis.contains("<text class=\"axis-label\" x=\"0\" y=\"32\" style=\"fill: var(--fg, #18181b)\">Stock</text>"))
        #expect(svg.contains("<text class=\"axis-label\" x=\"50%\" y=\"312\" text-anchor=\"middle\" style=\"fill: var(--fg, #18181b)\">Step</text>"))
        #expect(!svg.contains("rotate("))
        // Grid lines span the width in percent, one per tick above the axis.
        #expect(count("<line x1=\"0\" y1=\"52\" x2=\"100%\" y2=\"52\"/>", in: svg) == 1)
        #expect(count(" x2=\"100%\" ", in: group(svg, "<g class=\"grid\"")) == 5)
    }

    @Test func xTicksArePlacedInPercentAndKeptInside() {
        let svg = chart(step: true).svg()
        // x = 0…3 with 6 ticks asked: a step of 0.5; the first label starts at the edge, the last ends there.
        #expect(svg.contains("<text x=\"0%\" y=\"293\" text-anchor=\"start\" style=\"fill: var(--muted, #52525b)\">0</text>"))
        #expect(svg.contains("<text x=\"16.67%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">0.5</text>"))
        #expect(svg.contains("<text x=\"100%\" y=\"293\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">3</text>"))
    }

    @Test func shortSeriesAreMarkedAtEveryPoint() {
        let svg = chart(step: true).svg()
        #expect(svg.contains("<defs>\n<circle id=\"juice-1-stock-marker-1\" r=\"3.5\"/>\n</defs>"))
        let markers = group(svg, "<g class=\"markers-1\" style=\"fill: var(--c1, #2563eb); stroke: var(--c1, #2563eb)\">")
        #expect(count("<use href=\"#juice-1-stock-marker-1\"", in: markers) == 4)
        #expect(markers.contains("<use href=\"#juice-1-stock-marker-1\" x=\"33.33%\" y=\"52\"/>"))
        #expect(markers.contains("<use href=\"#juice-1-stock-marker-1\" x=\"66.67%\" y=\"186.4\"/>"))
        #expect(!chart(step: true).isDense(0))
    }

    @Test func denseSeriesAreLinesAndAnAreaWithoutMarkers() {
        // 31 points is one more than the marked limit (30); 30 points still get markers.
        let dense = (0...30).map { LineChart.Point(x: Double($0), y: Double($0 % 7)) }
        let sparse = (0..<30).map { LineChart.Point(x: Double($0), y: 1) }
        let lineChart = chart(step: false, series: [
            .init(name: "a", color: "var(--c1)", points: dense),
            .init(name: "b", color: "var(--c2)", points: dense),
            .init(name: "c", color: "var(--c3)", points: sparse),
        ])
        #expect(lineChart.isDense(0) && lineChart.isDense(1) && !lineChart.isDense(2))
        let svg = lineChart.svg()
        #expect(!svg.contains("marker-1") && !svg.contains("marker-2"))
        #expect(count("<use href=\"#juice-1-stock-marker-3\" x=", in: group(svg, "<g class=\"markers-3\"")) == 30)
        // The first dense series is shaded down to the axis: its line closed along the bottom (y 224) back to x 0.
        let first = pathData(svg, series: 1)
        #expect(first.count == 2)
        #expect(first[0] == first[1] + " V 224 H 0 Z")
        #expect(svg.contains("<path class=\"area\" d=\"M 0 224 L"))
        #expect(pathData(svg, series: 2).count == 1)
        // The legend shows the shading for the area, the plain dashed line for the other dense series.
        let legend = svg.components(separatedBy: "<g class=\"legend\">")[1].components(separatedBy: "<g class=\"grid\"")[0]
        let items = Array(legend.components(separatedBy: "<g class=\"legend-item\">").dropFirst())
        #expect(items[0].hasPrefix("<rect x=\"0\" y=\"4\" width=\"24\" height=\"12\" style=\"fill: var(--c1); fill-opacity: 0.2\"/>"))
        #expect(!items[1].contains("<use") && !items[1].contains("stroke-dasharray"))
        #expect(items[2].contains("<use href=\"#juice-1-stock-marker-3\"") && items[2].contains("stroke-dasharray: 2 3"))
        // Dense lines are solid, however many series; the second is named at its end instead:
        // it ends at y = 30 mod 7 = 2 on ticks 0…6, so 276 − 2/6 × 224 = 201.33, the label 6 px above.
        #expect(!group(svg, "<g class=\"series-2\">").contains("dasharray"))
        let ends = group(svg, "<g class=\"end-labels\" text-anchor=\"end\">")
        #expect(ends == "\n<text x=\"100%\" dx=\"-4\" y=\"195.33\" style=\"fill: var(--c2); font-weight: 600; paint-order: stroke; stroke: var(--card, #fff); stroke-width: 3px; stroke-linejoin: round\">b</text>\n")
    }

    @Test func endLabelsThatWouldOverlapMoveApart() {
        // Three dense series; b and c both end at 0 (y 276, labels at 270): c moves 13 px up to 257.
        let falling = (0...40).map { LineChart.Point(x: Double($0), y: Double(40 - $0)) }
        let lineChart = chart(step: false, series: [
            .init(name: "a", color: "red", points: falling.map { .init(x: $0.x, y: 40) }),
            .init(name: "b", color: "red", points: falling),
            .init(name: "c", color: "red", points: falling),
        ])
        let ends = group(lineChart.svg(), "<g class=\"end-labels\" text-anchor=\"end\">")
        #expect(ends.contains("y=\"270\" style=\"fill: red; font-weight: 600; paint-order: stroke; stroke: var(--card, #fff); stroke-width: 3px; stroke-linejoin: round\">b</text>"))
        #expect(ends.contains("y=\"257\" style=\"fill: red; font-weight: 600; paint-order: stroke; stroke: var(--card, #fff); stroke-width: 3px; stroke-linejoin: round\">c</text>"))
        #expect(!ends.contains(">a</text>"))
    }

    @Test func legendWrapsAtPhoneWidthAndNeverReliesOnColourAlone() {
        let names = ["딸기", "바나나", "파인애플", "키위", "망고"]
        let series = names.enumerated().map { index, name in
            LineChart.Series(name: name, color: LineChart.color(index), points: [.init(x: 0, y: 10), .init(x: 1, y: Double(index))])
        }
        let svg = chart(step: true, series: series).svg()
        let legend = svg.components(separatedBy: "<g class=\"legend\">")[1].components(separatedBy: "<g class=\"grid\"")[0]
        let items = Array(legend.components(separatedBy: "<g class=\"legend-item\">").dropFirst())
        #expect(items.count == 5)
        // Widths 24 + 6 + text + 16: 70, 82, 94, 70, 70. Three fit in 300 px (0, 70, 152); 키위 would
        // end at 316, so it starts row 2 (y 28) with 망고 after it.
        for (index, (x, y)) in [(0, 10), (70, 10), (152, 10), (0, 28), (70, 28)].enumerated() {
            #expect(items[index].hasPrefix("<line x1=\"\(x)\" y1=\"\(y)\" x2=\"\(x + 24)\" y2=\"\(y)\""))
            #expect(items[index].contains(">\(names[index])</text>"))
        }
        var styles = Set<String>()
        for index in names.indices {
            styles.insert("\(LineChart.dashPattern(for: index))|\(LineChart.marker(for: index))")
        }
        #expect(styles.count == 5)
        #expect(LineChart.dashPattern(for: 0) == "")
        #expect(!items[0].contains("stroke-dasharray"))
        #expect(items[1].contains("stroke-dasharray: 8 4"))
        #expect(svg.contains("var(--c5, #c2410c)"))
        // Two legend rows (36 px): the plot starts at 36 + 34 = 70.
        #expect(svg.contains("<svg class=\"plot\" x=\"0\" y=\"70\" width=\"100%\" height=\"206\""))
    }

    @Test func aShortChartGrowsToKeepItsPlot() {
        let names = ["딸기", "바나나", "파인애플", "키위", "망고"]
        let series = names.map { LineChart.Series(name: $0, color: "red", points: [.init(x: 0, y: 1)]) }
        // 100 px asked, but two legend rows put the plot top at 70 and it keeps 80 px: 150 + 44 = 194.
        let svg = chart(step: true, series: series, height: 100).svg()
        #expect(svg.contains(" width=\"640\" height=\"194\" role=\"img\""))
        #expect(svg.contains("y=\"186\" text-anchor=\"middle\" style=\"fill: var(--fg, #18181b)\">Step</text>"))
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
        #expect(svg.contains("<g class=\"legend\">\n</g>"))
        #expect(!svg.contains("<defs>"))
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
        for tick in ["1", "2"] {
            #expect(whole.contains("text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">\(tick)</text>"))
        }
    }
}
