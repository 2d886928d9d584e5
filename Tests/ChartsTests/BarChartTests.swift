import Charts
import Testing

@Suite struct BarChartTests {
    /// Layout by hand (as for the line chart): one legend row (18 px) puts the plot from y = 52 to
    /// 276 (224 px). Two categories share the 1000 units across: 500 each, bars 80% of a slot.
    private func chart(_ series: [BarChart.Series], stacked: Bool = false) -> BarChart {
        BarChart(title: "Sales <by> product", description: "Two products.", xLabel: "Product", yLabel: "Sold",
                 categories: ["망고", "키위"], series: series, stacked: stacked, idPrefix: "chart-1")
    }

    private func bars(_ svg: String) -> [String] {
        svg.split(separator: "\n").filter { $0.hasPrefix("<rect x=") && $0.contains("<title>") }.map { line in
            String(line.dropFirst("<rect ".count).prefix { $0 != ">" })
        }
    }

    @Test func groupedBarsStandOnZeroSideBySide() {
        let svg = chart([.init(name: "2024", color: "red", values: [10, 4]), .init(name: "2025", color: "blue", values: [nil, 2])]).svg()
        // Ticks 0, 2, …, 10: 10 reaches the plot's top (0 in the plot), 4 lies at 224 − 89.6.
        #expect(bars(svg) == [
            "x=\"50\" y=\"0\" width=\"200\" height=\"224\" style=\"fill: red\"",
            "x=\"550\" y=\"134.4\" width=\"200\" height=\"89.6\" style=\"fill: red\"",
            "x=\"750\" y=\"179.2\" width=\"200\" height=\"44.8\" style=\"fill: url(#chart-1-pattern-2)\"",
        ])
        #expect(svg.contains("<title>망고 · 2024: 10</title>"))
        #expect(svg.contains("<title id=\"chart-1-title\">Sales &lt;by&gt; product</title>"))
        #expect(svg.contains("<pattern id=\"chart-1-pattern-2\""))
    }

    @Test func stackedBarsSitOnEachOther() {
        let svg = chart([.init(name: "a", color: "red", values: [10, 4]), .init(name: "b", color: "blue", values: [5, nil])], stacked: true).svg()
        // Ticks 0, 5, 10, 15: the stack of 15 reaches the top.
        #expect(bars(svg) == [
            "x=\"50\" y=\"74.67\" width=\"400\" height=\"149.33\" style=\"fill: red\"",
            "x=\"50\" y=\"0\" width=\"400\" height=\"74.67\" style=\"fill: url(#chart-1-pattern-2)\"",
            "x=\"550\" y=\"164.27\" width=\"400\" height=\"59.73\" style=\"fill: red\"",
        ])
    }

    @Test func categoryLabelsThinOutPastTheLimit() {
        let names = (1...20).map { "c\($0)" }
        let svg = BarChart(title: "t", description: "d", xLabel: "x", yLabel: "y", categories: names,
                           series: [.init(name: "s", color: "red", values: names.map { _ in 1 })], idPrefix: "p").svg()
        // 20 categories of up to 21 px: 20 × 29 px crowd a 240 px plot, so every third is labelled
        // on phones and the others are minor (shown on wider screens and in the file).
        #expect(svg.contains("<text x=\"2.5%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">c1</text>"))
        #expect(svg.contains("<text class=\"minor\" x=\"7.5%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">c2</text>"))
        #expect(svg.contains("<text x=\"17.5%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">c4</text>"))
        #expect(svg.components(separatedBy: "<title>").count - 1 == 20)
        // One series needs no legend; the script gets each category's value.
        #expect(!svg.contains("class=\"legend-item\""))
        #expect(svg.contains(" data-tips='{\"t\":34,\"b\":276,\"n\":[\"s\"],\"c\":[\"red\"],\"k\":[[2.5,\"x: c1\",[34,\"1\"]],"))
    }

    @Test func categoryLabelsAreLeftOutWhereTheyWouldCrowdAWideChart() {
        let names = (1...40).map { "c\($0)" }
        let svg = BarChart(title: "t", description: "d", xLabel: "x", yLabel: "y", categories: names,
                           series: [.init(name: "s", color: "red", values: names.map { _ in 1 })], idPrefix: "p").svg()
        // 40 × 29 px crowd a 600 px plot: every second is named, and of those every sixth (40 × 29
        // px over a 240 px phone plot is every fifth, rounded up to a multiple of two) on phones.
        #expect(svg.contains(">c1</text>") && svg.contains(">c3</text>") && !svg.contains(">c2</text>"))
        #expect(!svg.contains(">c6</text>"))
        #expect(svg.contains("<text x=\"16.25%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">c7</text>"))
        #expect(svg.contains("<text class=\"minor\" x=\"6.25%\" y=\"293\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">c3</text>"))
        // Every bar still names its category.
        #expect(svg.components(separatedBy: "<title>").count - 1 == 40)
    }
}

@Suite struct ScatterChartTests {
    @Test func pointsArePlacedAcrossAndUpWithTheirValuesAsTitles() {
        let svg = ScatterChart(
            title: "Wait against customers", description: "d", xLabel: "Customers", yLabel: "Wait",
            series: [.init(name: "지점", color: "red", points: [.init(x: 0, y: 10), .init(x: 5, y: 4), .init(x: 10, y: 0)])],
            idPrefix: "chart-2"
        ).svg()
        // x ticks 0…10 across the plot; y ticks 0…10 from 276 up to 34 (one series: no legend).
        #expect(svg.contains("<use href=\"#chart-2-marker-1\" x=\"0%\" y=\"34\"><title>지점: 0, 10</title></use>"))
        #expect(svg.contains("<use href=\"#chart-2-marker-1\" x=\"50%\" y=\"179.2\"><title>지점: 5, 4</title></use>"))
        #expect(svg.contains("<use href=\"#chart-2-marker-1\" x=\"100%\" y=\"276\"><title>지점: 10, 0</title></use>"))
        #expect(svg.contains("class=\"scatter-chart\""))
        // The value axis's numbers stand left of the plot.
        #expect(svg.contains("<text x=\"-6\" y=\"38\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">10</text>"))
    }
}
