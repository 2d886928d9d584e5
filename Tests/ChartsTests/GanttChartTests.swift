import Charts
import Testing

@Suite struct GanttChartTests {
    /// Two lanes over 0…10 s on the default 640-wide canvas.
    ///
    /// Layout by hand: the widest lane label "예금 1" is 12 + 12 + 7 + 7 = 38 px, so the plot runs
    /// from x = 8 + 38 + 10 = 56 to 640 − 16 = 624 (568 px for 10 s, 56.8 px per second); the
    /// legend takes the top 26 px, lanes start at y = 32 and are 30 px high, bars 22 px high; the
    /// axis sits at y = 92 and the drawing is 92 + 44 = 136 high.
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

    private func bars(_ svg: String) -> [String] {
        svg.components(separatedBy: "<g class=\"bar\">").dropFirst().map { String($0.prefix { $0 != "\n" }) }
    }

    @Test func isAnAccessibleStandaloneSVG() {
        let svg = chart().svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"gantt-chart\" viewBox=\"0 0 640 136\""))
        #expect(svg.contains("role=\"img\" aria-labelledby=\"bank-1-timeline-title bank-1-timeline-desc\""))
        #expect(svg.contains("<title id=\"bank-1-timeline-title\">Teller &lt;timeline&gt;</title>"))
        #expect(svg.contains("<desc id=\"bank-1-timeline-desc\">Who served whom &amp; when.</desc>"))
        #expect(svg.hasSuffix("</svg>\n"))
        // Lane labels right-aligned before the plot, in order, vertically centred in their lanes.
        #expect(svg.contains("<text x=\"48\" y=\"51\" text-anchor=\"end\" style=\"fill: var(--fg, #18181b)\">예금 1</text>"))
        #expect(svg.contains("<text x=\"48\" y=\"81\" text-anchor=\"end\" style=\"fill: var(--fg, #18181b)\">대출 1</text>"))
        // A legend entry per category with its colour.
        #expect(svg.contains("style=\"fill: var(--c1, #2563eb)\"/><text x=\"76\" y=\"17\" style=\"fill: var(--fg, #18181b)\">예금</text>"))
        #expect(svg.contains(">대출</text>"))
    }

    @Test func placesBarsOnTheTimeScale() {
        let drawn = bars(chart().svg())
        #expect(drawn.count == 2)
        // 2…4 s on lane 0: x = 56 + 2 × 56.8 = 169.6, width 113.6, y = 32 + 4 = 36.
        #expect(drawn[0].hasPrefix("<title>Customer 1: 2–4 s</title><rect x=\"169.6\" y=\"36\" width=\"113.6\" height=\"22\""))
        #expect(drawn[0].contains("<text x=\"226.4\" y=\"51\" text-anchor=\"middle\" style=\"fill: var(--card, #fff)\">1</text>"))
        // 0…1.1 s on lane 1: x = 56, width 62.48 → 62.48, y = 62 + 4 = 66; coloured as category 2.
        #expect(drawn[1].contains("<rect x=\"56\" y=\"66\" width=\"62.48\" height=\"22\" rx=\"2\" style=\"fill: var(--c2, #dc2626)"))
    }

    @Test func ticksFollowTheAxis() {
        let svg = chart().svg()
        // 568 px / 90 → 6 ticks requested over 10 s: a step of 2 s.
        for (second, x) in [(0, "56"), (2, "169.6"), (4, "283.2"), (10, "624")] {
            #expect(svg.contains("<text x=\"\(x)\" y=\"109\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">\(second)</text>"))
        }
        #expect(svg.contains(">Time (s)</text>"))
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
        // 9…10 s drawn: x = 567.2, width 56.8.
        #expect(drawn[0].contains("<rect x=\"567.2\" y=\"36\" width=\"56.8\""))
        // 0.05 s is 2.84 px: too narrow for "123", which stays in the tooltip only.
        #expect(drawn[1].contains("<title>narrow</title>"))
        #expect(!drawn[1].contains("<text"))
    }

    @Test func longDaysAreDrawnWiderUpToTheMaximum() {
        let many = (0..<200).map { GanttChart.Bar(lane: 0, start: Double($0), end: Double($0) + 1, label: "\($0 + 1)", tooltip: "", category: 0) }
        let svg = chart(bars: many, domain: nil).svg()
        // 200 s with 1 s bars and 3-digit labels (21 + 6 px): 200 × 27 = 5400 px plot, capped at 4000.
        #expect(svg.contains("viewBox=\"0 0 4000 136\""))
        #expect(bars(svg).count == 200)
        let short = chart(bars: Array(many.prefix(20)), domain: nil).svg()
        // 20 s × 20 px (2-digit labels) = 400 px: the 640 minimum holds.
        #expect(short.contains("viewBox=\"0 0 640 136\""))
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
