import Charts
import Testing

@Suite struct GanttChartTests {
    /// Two lanes over 0…10 s on the default 640-wide canvas.
    ///
    /// Layout by hand: lane names sit on their own row above the bars, so the plot runs from
    /// x = 8 to 640 − 16 = 624 (616 px for 10 s, 61.6 px per second); the legend takes the top
    /// 26 px, lanes start at y = 32 and are 44 px high (a 17 px name row, then 22 px bars); the
    /// axis sits at y = 32 + 88 = 120 and the drawing is 120 + 44 = 164 high.
    private func chart(bars: [GanttChart.Bar]? = nil, domain: ClosedRange<Double>? = 0...10) -> GanttChart {
        GanttChart(
            title: "Teller <timeline>",
            description: "Who served whom & when.",
            lanes: ["예금 1", "대출 1"],
            bars: bars ?? [
                .init(lane: 0, start: 2, end: 4, label: "1", tooltip: "Customer 1: 2–4 s", category: 0),
                .init(lane: 1, start: 0, end: 1.1, label: "2", tooltip: "Customer 2", category: 1),
            ],
            categories: [.init(name: "예금", color: LineChart.color(0)), .init(name: "대출", color: LineChart.color(1))],
            domain: domain,
            idPrefix: "bank-1-timeline"
        )
    }

    /// Each bar's contents, after its opening tag.
    private func bars(_ svg: String) -> [String] {
        svg.components(separatedBy: "<g class=\"bar\"").dropFirst().map { String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "\n" }) }
    }

    @Test func isAnAccessibleStandaloneSVG() {
        let svg = chart().svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"gantt-chart\" viewBox=\"0 0 640 164\" width=\"640\" height=\"164\""))
        #expect(svg.contains("role=\"img\" aria-labelledby=\"bank-1-timeline-title bank-1-timeline-desc\""))
        #expect(svg.contains("<title id=\"bank-1-timeline-title\">Teller &lt;timeline&gt;</title>"))
        #expect(svg.contains("<desc id=\"bank-1-timeline-desc\">Who served whom &amp; when.</desc>"))
        #expect(svg.hasSuffix("</svg>\n"))
        // Lane names on the row above their bars (baseline 32 + 17 − 4 = 45, then 89), at the left
        // edge and again 320 px on (38 px "예금 1" fits before 624; a third at 648 would not).
        let lanes = svg.components(separatedBy: "<g class=\"lanes\">")[1].components(separatedBy: "</g>")[0]
        #expect(lanes.contains("<text x=\"8\" y=\"45\" style=\"fill: var(--fg, #18181b); font-weight: 600; "))
        #expect(lanes.components(separatedBy: ">예금 1</text>").count - 1 == 2)
        #expect(lanes.contains("<text x=\"328\" y=\"89\" "))
        #expect(lanes.components(separatedBy: ">대출 1</text>").count - 1 == 2)
        // A legend entry per category with its colour: 예금 at 8 (text at 28), 대출 at 8 + 20 + 24 + 18 = 70.
        #expect(svg.contains("<rect x=\"8\" y=\"6\" width=\"14\" height=\"14\" rx=\"2\" style=\"fill: var(--c1, #2563eb)\"/><text x=\"28\" y=\"17\" style=\"fill: var(--fg, #18181b)\">예금</text>"))
        #expect(svg.contains("<rect x=\"70\" y=\"6\""))
        #expect(svg.contains(">대출</text>"))
    }

    @Test func placesBarsOnTheTimeScale() {
        let drawn = bars(chart().svg())
        #expect(drawn.count == 2)
        // 2…4 s on lane 0: x = 8 + 2 × 61.6 = 131.2, width 123.2, y = 32 + 17 = 49.
        #expect(drawn[0].hasPrefix("<title>Customer 1: 2–4 s</title><rect x=\"131.2\" y=\"49\" width=\"123.2\" height=\"22\""))
        #expect(drawn[0].contains("<text x=\"192.8\" y=\"64\" text-anchor=\"middle\" style=\"fill: var(--card, #fff)\">1</text>"))
        // 0…1.1 s on lane 1: x = 8, width 1.1 × 61.6 = 67.76, y = 76 + 17 = 93; coloured as category 2.
        #expect(drawn[1].contains("<rect x=\"8\" y=\"93\" width=\"67.76\" height=\"22\" rx=\"2\" style=\"fill: var(--c2, #dc2626)"))
    }

    @Test func drawsAnAbandonedJobAsADashedOutlineEndingInACross() {
        let svg = chart(bars: [.init(lane: 1, start: 2, end: 4, label: "7", tooltip: "Customer 7 gave up", category: 1, isAbandoned: true)]).svg()
        let drawn = bars(svg)
        #expect(drawn.count == 1)
        // 2…4 s on lane 1: x = 8 + 2 × 61.6 = 131.2, width 123.2, y = 76 + 17 = 93; outlined, not filled.
        #expect(drawn[0].contains("<rect x=\"131.2\" y=\"93\" width=\"123.2\" height=\"22\" rx=\"2\" style=\"fill: var(--c2, #dc2626); fill-opacity: 0.15; stroke: var(--c2, #dc2626); stroke-width: 1.5; stroke-dasharray: 4 3\"/>"))
        // The cross's right edge is the bar's end (254.4), 8 px square, centred on the bar (93 + 7).
        #expect(drawn[0].contains("<path d=\"M 246.4 100 l 8 8 m 0 -8 l -8 8\""))
        // The label is centred in the room left of the cross (123.2 − 12), in the text colour.
        #expect(drawn[0].contains("<text x=\"186.8\" y=\"108\" text-anchor=\"middle\" style=\"fill: var(--fg, #18181b)\">7</text>"))
        #expect(!drawn[0].contains("var(--card, #fff); stroke-width: 1"))
    }

    @Test func ticksFollowTheAxis() {
        let svg = chart().svg()
        // 616 px / 90 → 6 ticks requested over 10 s: a step of 2 s.
        for (second, x) in [(0, "8"), (2, "131.2"), (4, "254.4"), (10, "624")] {
            #expect(svg.contains("<text x=\"\(x)\" y=\"137\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">\(second)</text>"))
        }
        // The axis label (56 px) starts at the left edge, where it is never clipped, and again at 328.
        #expect(svg.contains("<text class=\"axis-label\" x=\"8\" y=\"156\" style=\"fill: var(--fg, #18181b)\">Time (s)</text>"))
        #expect(svg.contains("<text class=\"axis-label\" x=\"328\" y=\"156\""))
        #expect(svg.components(separatedBy: ">Time (s)</text>").count - 1 == 2)
    }

    @Test func escapesEveryPieceOfText() {
        let svg = GanttChart(
            title: "t", description: "d", lanes: ["<script>"],
            bars: [.init(lane: 0, start: 0, end: 5, label: "a&b", tooltip: "\"quoted\" <b>", category: 0)],
            categories: [.init(name: "x<y", color: "red\"><script>")], idPrefix: "p\"q"
        ).svg()
        #expect(!svg.contains("<script>"))
        #expect(!svg.contains("<b>"))
        #expect(svg.contains("&lt;script&gt;"))
        #expect(svg.contains(">a&amp;b</text>"))
        #expect(svg.contains("<title>&quot;quoted&quot; &lt;b&gt;</title>"))
        #expect(svg.contains(">x&lt;y</text>"))
        #expect(svg.contains("aria-labelledby=\"p&quot;q-title p&quot;q-desc\""))
    }

    @Test func clipsToTheDomainAndDropsLabelsThatDoNotFit() {
        let svg = chart(bars: [
            .init(lane: 0, start: 9, end: 12, label: "7", tooltip: "crosses the end", category: 0),
            .init(lane: 0, start: 11, end: 12, label: "8", tooltip: "after the end", category: 0),
            .init(lane: 1, start: 1, end: 1.05, label: "123", tooltip: "narrow", category: 1),
        ]).svg()
        let drawn = bars(svg)
        #expect(drawn.count == 2)
        // 9…10 s drawn: x = 8 + 9 × 61.6 = 562.4, width 61.6.
        #expect(drawn[0].contains("<rect x=\"562.4\" y=\"49\" width=\"61.6\""))
        // 0.05 s is 2.84 px: too narrow for "123", which stays in the tooltip only.
        #expect(drawn[1].contains("<title>narrow</title>"))
        #expect(!drawn[1].contains("<text"))
    }

    @Test func longDaysAreDrawnWiderUpToTheMaximum() {
        let many = (0..<200).map { GanttChart.Bar(lane: 0, start: Double($0), end: Double($0) + 1, label: "\($0 + 1)", tooltip: "", category: 0) }
        let svg = chart(bars: many, domain: nil).svg()
        // 200 s with 1 s bars and 3-digit labels (21 + 6 px): 200 × 27 = 5400 px plot, capped at 4000.
        #expect(svg.contains("viewBox=\"0 0 4000 164\""))
        #expect(bars(svg).count == 200)
        // Lane names every 320 px while one fits before 3984: x = 8, 328, …, 3848 (13 of each).
        #expect(svg.components(separatedBy: ">예금 1</text>").count - 1 == 13)
        #expect(svg.contains("<text x=\"3848\" y=\"45\""))
        #expect(svg.components(separatedBy: ">Time (s)</text>").count - 1 == 13)
        let short = chart(bars: Array(many.prefix(20)), domain: nil).svg()
        // 20 s × 20 px (2-digit labels) = 400 px: the 640 minimum holds.
        #expect(short.contains("viewBox=\"0 0 640 164\""))
    }

    @Test func barsNameTheirRecordsWithoutBeingLinks() {
        let svg = chart(bars: [
            .init(lane: 0, start: 2, end: 4, label: "1", tooltip: "Customer 1", category: 0, href: "#customer-1"),
            .init(lane: 1, start: 0, end: 1, label: "2", tooltip: "Customer 2", category: 1),
        ]).svg()
        // No controls inside the picture: the page makes it one keyboard stop (assets/charts.js).
        #expect(svg.contains("<g class=\"bar\" data-href=\"#customer-1\"><title>Customer 1</title>"))
        #expect(svg.contains("<g class=\"bar\"><title>Customer 2</title>"))
        #expect(!svg.contains("<a "))
    }

    @Test func isDeterministic() {
        #expect(chart().svg() == chart().svg())
    }

    @Test func emptyChartStillRenders() {
        let svg = GanttChart(title: "Empty", description: "No customers.", lanes: [], bars: [], categories: [], idPrefix: "e").svg()
        #expect(svg.contains("role=\"img\""))
        #expect(!svg.contains("<g class=\"bar\">"))
    }
}
