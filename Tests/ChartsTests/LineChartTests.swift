import Foundation
import Charts
import Testing

@Suite struct LineChartTests {
    /// One series 10, 10, 4, 4 at x = 0…3, 320 px high.
    ///
    /// Layout by hand: y ticks 0, 2, …, 10, the widest label "10" 14 px, so the left gutter is
    /// max(24, 14 + 10) = 24. The one name, "딸기", fits at the line's end: 24 × 1.05 + 12 for its
    /// marker = 37.2 px, so the right gutter is 37.2 + 14 = 51.2 and there is no legend: the value
    /// axis's title has its baseline at 14, the plot runs from 34 to 320 − 44 = 276 (242 px). y = 10
    /// lands on 34 and y = 4 on 276 − 0.4 × 242 = 179.2. Across, x = 0…3 spans the plot: 0%, 33.33%,
    /// 66.67%, 100%, or 0…1000 in the stretched inner drawing (whose y runs from the plot's top:
    /// 0 and 145.2). The standalone file is 640 wide: the plot 640 − 24 − 51.2 = 564.8.
    private func chart(step: Bool, series: [LineChart.Series]? = nil, height: Double = 320, categories: [String] = []) -> LineChart {
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
            height: height,
            xCategories: categories
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

    /// The chart's `data-tips`, its attribute escapes undone.
    private func tips(_ svg: String) throws -> [String: Any] {
        let value = try #require(svg.components(separatedBy: " data-tips='").dropFirst().first?.components(separatedBy: "'").first)
        let json = value.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func onThePageTheRootIsThePlotWithTheGuttersBesideIt() {
        let svg = chart(step: true).svg()
        // No viewBox: user units stay CSS pixels; the root is as wide as the page allows less the
        // gutters, its left margin the left gutter, and what stands in the gutters is drawn outside.
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"line-chart\" width=\"564.8\" height=\"320\" role=\"img\""))
        #expect(!svg.prefix(200).contains("viewBox"))
        #expect(svg.contains(" style=\"font-family: system-ui, sans-serif; font-size: 12px; overflow: visible; margin-left: 24px; width: calc(100% - 75.2px)\""))
        // The lines stretch across the plot in an inner drawing, strokes unscaled.
        #expect(svg.contains("<svg class=\"plot\" x=\"0\" y=\"34\" width=\"100%\" height=\"242\" viewBox=\"0 0 1000 242\" preserveAspectRatio=\"none\" style=\"overflow: visible\">"))
        #expect(svg.contains("vector-effect=\"non-scaling-stroke\""))
    }

    @Test func theFileHoldsTheGuttersInAFixedWidth() {
        let (inline, file) = chart(step: true).drawing()
        #expect(file.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"line-chart\" viewBox=\"0 0 640 320\" width=\"640\" height=\"320\" role=\"img\""))
        #expect(file.contains("<svg x=\"24\" y=\"0\" width=\"564.8\" height=\"320\" overflow=\"visible\">\n<defs>"))
        #expect(file.hasSuffix("</svg>\n</svg>\n"))
        // The same drawing inside: what follows the inline root's description.
        let content = String(inline.components(separatedBy: "</desc>\n")[1].dropLast("</svg>\n".count))
        #expect(file.contains("overflow=\"visible\">\n" + content + "</svg>\n</svg>\n"))
    }

    @Test func stepModeHoldsEachValueUntilTheNextXAndMergesRepeats() {
        #expect(pathData(chart(step: true).svg(), series: 1) == ["M 0 0 H 666.67 V 145.2 H 1000"])
    }

    @Test func linearModeJoinsThePointsDirectly() {
        #expect(pathData(chart(step: false).svg(), series: 1) == ["M 0 0 L 333.33 0 L 666.67 145.2 L 1000 145.2"])
    }

    @Test func isAccessibleWithPrefixedIDs() {
        let svg = chart(step: true).svg()
        #expect(svg.contains("role=\"img\""))
        #expect(svg.contains("aria-labelledby=\"juice-1-stock-title juice-1-stock-desc\""))
        #expect(svg.contains("<title id=\"juice-1-stock-title\">Stock &lt;over&gt; time</title>"))
        #expect(svg.contains("<desc id=\"juice-1-stock-desc\">Strawberries drop from 10 to 4.</desc>"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func valueNumbersStandInTheGutterNeverOverTheData() {
        let svg = chart(step: true).svg()
        let axis = group(svg, "<g class=\"y-axis\">")
        // Right-aligned 6 px left of the plot, centred on their lines: 10 on y = 34 → 38; 4 → 183.2.
        #expect(axis.contains("<text x=\"-6\" y=\"38\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">10</text>"))
        #expect(axis.contains("<text x=\"-6\" y=\"183.2\" text-anchor=\"end\""))
        for tick in ["0", "2", "4", "6", "8", "10"] {
            #expect(axis.contains(">\(tick)</text>"))
        }
        #expect(!svg.contains(">12</text>"))
        // The title reads horizontally above the plot from the gutter's left edge; the x title is
        // centred under the plot.
        #expect(axis.contains("<text class=\"axis-label\" x=\"-24\" y=\"14\" style=\"fill: var(--fg, #18181b)\">Stock</text>"))
        #expect(svg.contains("<text class=\"axis-label\" x=\"50%\" y=\"312\" text-anchor=\"middle\" style=\"fill: var(--fg, #18181b)\">Step</text>"))
        #expect(!svg.contains("rotate("))
        // Grid lines span the plot in percent, one per tick above the axis.
        #expect(count("<line x1=\"0\" y1=\"34\" x2=\"100%\" y2=\"34\"/>", in: svg) == 1)
        #expect(count(" x2=\"100%\" ", in: group(svg, "<g class=\"grid\"")) == 5)
    }

    @Test func xTicksArePlacedInPercent() {
        let svg = chart(step: true).svg()
        // x = 0…3 with 6 ticks asked: a step of 0.5, each label centred (the gutters hold the halves).
        #expect(svg.contains("<text x=\"0%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">0</text>"))
        #expect(svg.contains("<text x=\"16.67%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">0.5</text>"))
        #expect(svg.contains("<text x=\"100%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">3</text>"))
    }

    @Test func everyMarkerSaysItsValueWithoutScript() {
        let svg = chart(step: true).svg()
        #expect(svg.contains("<defs>\n<circle id=\"juice-1-stock-marker-1\" r=\"3.5\"/>\n</defs>"))
        let markers = group(svg, "<g class=\"markers-1\" style=\"fill: var(--c1, #2563eb); stroke: var(--c1, #2563eb)\">")
        #expect(count("<use href=\"#juice-1-stock-marker-1\"", in: markers) == 4)
        #expect(markers.contains("<use href=\"#juice-1-stock-marker-1\" x=\"33.33%\" y=\"34\"><title>딸기 · Step: 1: 10</title></use>"))
        #expect(markers.contains("<use href=\"#juice-1-stock-marker-1\" x=\"66.67%\" y=\"179.2\"><title>딸기 · Step: 2: 4</title></use>"))
        #expect(!chart(step: true).isDense(0))
    }

    @Test func aNameStandsAtItsLineEndWithItsMarker() {
        let svg = chart(step: true).svg()
        #expect(!svg.contains("<g class=\"legend\">"))
        let ends = svg.components(separatedBy: "<svg class=\"end-labels\" x=\"100%\" y=\"0\" width=\"1\" height=\"1\" style=\"overflow: visible\">\n")[1]
            .components(separatedBy: "</svg>")[0]
        // The line ends at y = 179.2: its marker 12 px right of the plot, its name from 20, centred.
        #expect(ends == """
            <use href="#juice-1-stock-marker-1" x="12" y="179.2" style="fill: var(--c1, #2563eb); stroke: var(--c1, #2563eb)"/>
            <text x="20" y="183.2" style="fill: var(--c1, #2563eb); font-weight: 600">딸기</text>

            """)
    }

    @Test func theScriptGetsEveryValueAsText() throws {
        let svg = chart(step: true).svg()
        let data = try tips(svg)
        #expect(data["t"] as? Double == 34)
        #expect(data["b"] as? Double == 276)
        #expect(data["n"] as? [String] == ["딸기"])
        #expect(data["c"] as? [String] == ["var(--c1, #2563eb)"])
        let columns = try #require(data["k"] as? [[Any]])
        #expect(columns.count == 4)
        #expect(columns[1][0] as? Double == 33.33)
        #expect(columns[1][1] as? String == "Step: 1")
        let entry = try #require(columns[2][2] as? [Any])
        #expect(entry[0] as? Double == 179.2)
        #expect(entry[1] as? String == "4")
    }

    @Test func stepTipsGiveTheValueInEffectBetweenPoints() throws {
        // a has points at 0 and 4, b at 0, 2 and 4: at x = 2, a's value in effect is its first.
        let series = [
            LineChart.Series(name: "a", color: "red", points: [.init(x: 0, y: 5), .init(x: 4, y: 1)]),
            LineChart.Series(name: "b", color: "blue", points: [.init(x: 0, y: 1), .init(x: 2, y: 3), .init(x: 4, y: 2)]),
        ]
        let columns = try #require(try tips(chart(step: true, series: series).svg())["k"] as? [[Any]])
        #expect(columns.map { $0[1] as? String } == ["Step: 0", "Step: 2", "Step: 4"])
        #expect((columns[1][2] as? [Any])?[1] as? String == "5")
        #expect((columns[1][3] as? [Any])?[1] as? String == "3")
        // Linear: no value is made up between a's points.
        let linear = try #require(try tips(chart(step: false, series: series).svg())["k"] as? [[Any]])
        #expect(linear[1][2] is NSNull)
    }

    @Test func longRunsKeepAtMostTheColumnLimit() throws {
        let points = (0...1_000).map { LineChart.Point(x: Double($0), y: Double($0 % 9)) }
        let columns = try #require(try tips(chart(step: true, series: [.init(name: "a", color: "red", points: points)]).svg())["k"] as? [[Any]])
        // 1,001 columns, every 3rd kept (334), and the last.
        #expect(columns.count == 335)
        #expect(columns.last?[1] as? String == "Step: 1000")
        #expect(ChartTips.columnLimit == 400)
    }

    @Test func intervalsAreAShadedBandClampedAtZero() throws {
        // Two categories at 25% and 75% (inner x 250 and 750). Ticks 0…3, 242 px: y = 3 is the
        // plot's top (inner 0), 1 is 161.33 below it and 0 is 242; the band's low −1 is drawn at 0.
        let series = [LineChart.Series(
            name: "Sim", color: "blue", points: [.init(x: 0, y: 1), .init(x: 1, y: 2)],
            interval: [-1...3, 1...3], intervalName: "95% CI")]
        let svg = chart(step: false, series: series, categories: ["1", "2.5"]).svg()
        // Upper bounds left to right, then lower bounds right to left; inner y from the plot's top.
        #expect(svg.contains("<path class=\"band band-1\" d=\"M 250 0 L 750 0 L 750 161.33 L 250 242 Z\" style=\"fill: blue; fill-opacity: 0.18; stroke: none\"/>"))
        #expect(svg.contains("<title>Sim · Step: 1: 1 (0–3)</title>"))
        // The band is named at its end, beside the line's name.
        #expect(svg.contains(">95% CI</text>"))
        let columns = try #require(try tips(svg)["k"] as? [[Any]])
        #expect(columns.map { $0[0] as? Double } == [25, 75])
        #expect((columns[0][2] as? [Any])?[1] as? String == "1 (0–3)")
        // Without a floor the band goes below zero, and so does the scale.
        var unfloored = chart(step: false, series: series, categories: ["1", "2.5"])
        unfloored.bandFloor = nil
        #expect(unfloored.svg().contains(">-1</text>"))
    }

    @Test func categoriesAreEvenlySpacedWhateverTheirValues() {
        // The saturation sweep's rates: linear, six of nine would crowd the last 15%.
        let rates = ["1", "2", "2.5", "3", "3.2", "3.4", "3.5", "3.6", "3.7"]
        let series = [LineChart.Series(name: "w", color: "red", points: rates.indices.map { .init(x: Double($0), y: Double($0)) })]
        let svg = chart(step: false, series: series, categories: rates).svg()
        // Each in the middle of its ninth: 5.56%, 16.67%, …; every label on the standalone drawing,
        // every other one minor (hidden on phones): 9 × (21 + 8) = 261 px > 240.
        #expect(svg.contains("<text x=\"5.56%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">1</text>"))
        #expect(svg.contains("<text class=\"minor\" x=\"16.67%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">2</text>"))
        #expect(svg.contains("<text x=\"94.44%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">3.7</text>"))
        #expect(svg.contains("<title>w · Step: 3.2: 4</title>"))
        // The line ends in the last category's middle and is carried faintly to its name.
        #expect(svg.contains("<line x1=\"94.44%\" y1=\"34\" x2=\"100%\" y2=\"34\" style=\"stroke: red; stroke-width: 1; stroke-dasharray: 1 3\"/>"))
    }

    @Test func longNamesGoToALegendThatWrapsAtPhoneWidth() {
        let names = ["Strawberry stock", "Banana stock", "Pineapple stock", "Kiwi stock", "Mango stock in crates"]
        let series = names.enumerated().map { index, name in
            LineChart.Series(name: name, color: LineChart.color(index), points: [.init(x: 0, y: 10), .init(x: 1, y: Double(index))])
        }
        let svg = chart(step: true, series: series).svg()
        #expect(!svg.contains("end-labels"))
        let legend = svg.components(separatedBy: "<g class=\"legend\">")[1].components(separatedBy: "<g class=\"grid\"")[0]
        let items = Array(legend.components(separatedBy: "<g class=\"legend-item\" ").dropFirst())
        #expect(items.count == 5)
        // Widths 24 + 6 + text + 16: 158, 130, 151, 116, 193, from the gutter's left edge (−24),
        // in rows of at most 300 px: 158 + 130, then 151 + 116, then 193.
        for (index, (x, y)) in [(-24, 10), (134, 10), (-24, 28), (127, 28), (-24, 46)].enumerated() {
            #expect(items[index].hasPrefix("transform=\"translate(\(x) \(y))\"><line x1=\"0\" y1=\"0\" x2=\"24\" y2=\"0\""))
            #expect(items[index].contains("<text x=\"30\" y=\"4\" style=\"fill: var(--fg, #18181b)\">\(names[index])</text>"))
        }
        var styles = Set<String>()
        for index in names.indices {
            styles.insert("\(LineChart.dashPattern(for: index))|\(LineChart.marker(for: index))")
        }
        #expect(styles.count == 5)
        #expect(!items[0].contains("stroke-dasharray"))
        #expect(items[1].contains("stroke-dasharray: 8 4"))
        #expect(svg.contains("var(--c5, #c2410c)"))
        // Three legend rows (54 px): the plot starts at 54 + 34 = 88; the right gutter is the least.
        #expect(svg.contains("<svg class=\"plot\" x=\"0\" y=\"88\" width=\"100%\" height=\"188\""))
        #expect(svg.contains("margin-left: 24px; width: calc(100% - 32px)"))
    }

    @Test func denseSeriesAreLinesAndTheFirstOfSeveralAnArea() {
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
        #expect(!svg.contains("marker-1\"") && !svg.contains("marker-2\""))
        #expect(count("<use href=\"#juice-1-stock-marker-3\" x=", in: group(svg, "<g class=\"markers-3\"")) == 30)
        // The first dense series is shaded down to the axis: its line closed along the bottom
        // (inner y 242) back to x 0; the second is a plain solid line.
        let first = pathData(svg, series: 1)
        #expect(first.count == 2)
        #expect(first[0] == first[1] + " V 242 H 0 Z")
        #expect(pathData(svg, series: 2).count == 1)
        #expect(!group(svg, "<g class=\"series-2\">").contains("dasharray"))
        // Every line is named at its end; only the sparse one with its marker.
        #expect(svg.contains(">a</text>") && svg.contains(">b</text>") && svg.contains(">c</text>"))
        #expect(count("<use href=\"#juice-1-stock-marker-", in: svg.components(separatedBy: "end-labels")[1]) == 1)
    }

    @Test func namesThatWouldOverlapMoveApartJoinedToTheirLines() {
        // b and c both end at 0 (y 276): kept above the plot's bottom + 4 = 280 and 14 px apart,
        // c at 280 and b moved up to 266 with a leader from its line's end.
        let falling = (0...40).map { LineChart.Point(x: Double($0), y: Double(40 - $0)) }
        let svg = chart(step: false, series: [
            .init(name: "a", color: "red", points: falling.map { .init(x: $0.x, y: 40) }),
            .init(name: "b", color: "green", points: falling),
            .init(name: "c", color: "blue", points: falling),
        ]).svg()
        let ends = svg.components(separatedBy: "end-labels")[1].components(separatedBy: "</svg>")[0]
        #expect(ends.contains("<text x=\"8\" y=\"270\" style=\"fill: green; font-weight: 600\">b</text>"))
        #expect(ends.contains("<path d=\"M 1 276 L 6 266\" style=\"fill: none; stroke: green; stroke-width: 1\"/>"))
        #expect(ends.contains("<text x=\"8\" y=\"284\" style=\"fill: blue; font-weight: 600\">c</text>"))
        #expect(ends.contains("<text x=\"8\" y=\"38\" style=\"fill: red; font-weight: 600\">a</text>"))
    }

    @Test func aShortChartGrowsToKeepItsPlot() {
        // 100 px asked: the plot keeps 80 px from 34, so the chart is 34 + 80 + 44 = 158 high.
        let svg = chart(step: true, height: 100).svg()
        #expect(svg.contains(" width=\"564.8\" height=\"158\" role=\"img\""))
        #expect(svg.contains("y=\"150\" text-anchor=\"middle\" style=\"fill: var(--fg, #18181b)\">Step</text>"))
    }

    @Test func negativeValuesGetTicksBelowZero() {
        let svg = chart(step: false, series: [.init(name: "a", color: "red", points: [.init(x: 0, y: -3), .init(x: 1, y: 5)])]).svg()
        #expect(svg.contains(">-4</text>"))
        #expect(svg.contains(">6</text>"))
    }

    @Test func outputIsDeterministicAndEscaped() throws {
        let series = [LineChart.Series(name: "a<b & \"c\" 'd'", color: "var(--c2)", points: [.init(x: 0, y: 1)])]
        let first = chart(step: true, series: series).svg()
        #expect(first == chart(step: true, series: series).svg())
        #expect(first.contains(">a&lt;b &amp; &quot;c&quot; &#39;d&#39;</text>"))
        #expect(!first.contains("a<b"))
        // In the tips, JSON in a single-quoted attribute: the name comes back whole.
        #expect(try tips(first)["n"] as? [String] == ["a<b & \"c\" 'd'"])
    }

    @Test func emptyChartStillRendersAValidFrame() {
        let svg = chart(step: true, series: []).svg()
        #expect(svg.contains("<g class=\"legend\">\n</g>"))
        #expect(!svg.contains("<defs>") && !svg.contains("data-tips"))
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
