import BankSimulation
import Basics
import Charts
import ReportKit

/// The report's two charts, bounded so a page stays light however long the day.
enum BankCharts {
    /// The timeline draws at most about this many customers: those who start first.
    static let timelineBarLimit = 300
    /// The waiting/in-service chart keeps at most about this many points (time slices of a long day).
    static let occupancyPointLimit = 300

    struct Timeline {
        let svg: String
        /// Customers drawn.
        let shown: Int
        /// The end of the time window drawn, in ticks.
        let windowEnd: Int64
        /// True when every customer is drawn.
        let isComplete: Bool
        /// Customers drawn in the last lane, those who gave up waiting.
        let gaveUp: Int
    }

    /// The teller timeline: a lane per teller, a bar per customer, and when anyone gave up waiting
    /// a last lane of them, each a dashed bar from arrival to the moment they left. A day with
    /// more than ``timelineBarLimit`` customers is drawn up to the moment the next customer would start.
    static func timeline(_ day: Day, id: String, clock: BankClock) -> Timeline {
        let served = day.customers.indices.filter { day.customers[$0].teller >= 0 }
        var windowEnd = day.totalTime
        var isComplete = true
        if served.count > timelineBarLimit {
            let starts = served.map { day.customers[$0].start }.sorted()
            windowEnd = starts[timelineBarLimit]
            if windowEnd == 0 { windowEnd = starts.first { $0 > 0 } ?? day.totalTime }
            isComplete = false
        }
        var bars: [GanttChart.Bar] = []
        for index in served {
            let customer = day.customers[index]
            guard isComplete || customer.start < windowEnd else { continue }
            let service = day.services[Int(customer.service)]
            let tooltip = clock.scale == .seconds
                ? BankLabel.timelineTooltip.text(
                    String(index + 1), service.name, clock.time(customer.arrival), clock.time(customer.start),
                    clock.time(customer.finish), BankFormat.seconds(customer.wait))
                : BankLabel.timelineTooltipClock.text(
                    String(index + 1), service.name, clock.moment(customer.arrival), clock.moment(customer.start),
                    clock.moment(customer.finish), clock.span(customer.wait))
            bars.append(GanttChart.Bar(
                lane: Int(customer.teller),
                start: clock.axisValue(customer.start),
                end: clock.axisValue(min(customer.finish, windowEnd)),
                label: String(index + 1),
                tooltip: tooltip,
                category: Int(customer.service),
                // Times without hovering: the bar links to the customer's row when the table lists it.
                href: index < BankDocument.tableRowLimit ? "#" + BankDocument.customerRowID(id, number: index + 1) : nil
            ))
        }
        let gaveUpLane = day.tellers.count
        for (index, customer) in day.customers.enumerated() where customer.isAbandoned {
            guard isComplete || customer.start < windowEnd else { continue }
            let service = day.services[Int(customer.service)]
            let tooltip = clock.scale == .seconds
                ? BankLabel.timelineGaveUpTooltip.text(
                    String(index + 1), service.name, clock.time(customer.arrival), clock.time(customer.start), BankFormat.seconds(customer.wait))
                : BankLabel.timelineGaveUpTooltipClock.text(
                    String(index + 1), service.name, clock.moment(customer.arrival), clock.moment(customer.start), clock.span(customer.wait))
            bars.append(GanttChart.Bar(
                lane: gaveUpLane,
                start: clock.axisValue(customer.arrival),
                end: clock.axisValue(customer.start),
                label: String(index + 1),
                tooltip: tooltip,
                category: Int(customer.service),
                href: index < BankDocument.tableRowLimit ? "#" + BankDocument.customerRowID(id, number: index + 1) : nil,
                isAbandoned: true
            ))
        }
        let gaveUp = bars.count { $0.isAbandoned }
        let lanes = day.tellers.map(\.label) + (gaveUp > 0 ? [BankLabel.timelineGaveUpLane.text] : [])
        let what = isComplete
            ? BankLabel.timelineAll.text(NumberText.grouped(bars.count - gaveUp), clock.span(windowEnd))
            : BankLabel.timelineFirst.text(clock.span(windowEnd), NumberText.grouped(bars.count - gaveUp), NumberText.grouped(day.customers.count))
        let chart = GanttChart(
            title: BankLabel.timelineHeading.text,
            description: BankLabel.timelineDescription.text(day.tellers.map(\.label).joined(separator: ", "), what)
                + (gaveUp > 0 ? " " + BankLabel.timelineGaveUpDescription.text(NumberText.grouped(gaveUp)) : ""),
            lanes: lanes,
            bars: bars,
            categories: day.services.enumerated().map { GanttChart.Category(name: $1.name, color: LineChart.color($0)) },
            axisLabel: clock.axisLabel,
            domain: clock.axisValue(0)...max(clock.axisValue(windowEnd), clock.axisValue(0) + 0.01),
            idPrefix: "\(id)-timeline",
            tickLabel: clock.writesUnits ? SVGText.number : clock.tickLabel
        )
        return Timeline(svg: chart.svg(), shown: bars.count - gaveUp, windowEnd: windowEnd, isComplete: isComplete, gaveUp: gaveUp)
    }

    /// 대기중 (waiting) and 업무중 (in service) over the day, as steps; a long day is cut into
    /// slices showing the largest counts in each.
    static func occupancy(_ day: Day, id: String, clock: BankClock) -> (svg: (inline: String, file: String), isExact: Bool) {
        let (points, isExact) = Occupancy.bounded(day, maxPoints: occupancyPointLimit)
        let waiting = points.map { LineChart.Point(x: clock.axisValue($0.time), y: Double($0.waiting)) }
        let serving = points.map { LineChart.Point(x: clock.axisValue($0.time), y: Double($0.inService)) }
        let peakWaiting = points.map(\.waiting).max() ?? 0
        let peakServing = points.map(\.inService).max() ?? 0
        let chart = LineChart(
            title: BankLabel.occupancyTitle.text,
            description: BankLabel.occupancyDescription.text(
                clock.span(day.totalTime), String(peakWaiting), String(peakServing),
                isExact ? BankLabel.occupancyExact.text : BankLabel.occupancySliced.text(String(occupancyPointLimit))),
            xLabel: clock.axisLabel,
            yLabel: BankLabel.customersAxis.text,
            series: [
                LineChart.Series(name: BankLabel.waitingSeries.text, color: LineChart.color(1), points: waiting),
                LineChart.Series(name: BankLabel.inServiceSeries.text, color: LineChart.color(0), points: serving),
            ],
            step: true,
            idPrefix: "\(id)-occupancy",
            yMinimumTickStep: 1,
            xTickLabel: clock.tickLabel,
            xValueText: clock.at,
            yValueText: { NumberText.grouped(Int($0.rounded())) }
        )
        return (chart.drawing(), isExact)
    }

    /// Arrivals over the day when they follow a rate that changes: the rate the scenario sets as
    /// a step line, and the day's arrivals counted in about 30 equal slices, both in customers an
    /// hour, so a reader sees the peak that the waiting follows. Nil when the profile spans no time.
    static func arrivals(_ day: Day, profile: ArrivalProfile, id: String, clock: BankClock) -> (svg: (inline: String, file: String), slice: Double)? {
        let periods = profile.periods.sorted { $0.start < $1.start }
        guard let end = periods.map(\.end).max(), end.isFinite, end > 0 else { return nil }
        let slice = arrivalSlices.first { end / $0 <= 30 } ?? end / 30
        let sliceCount = Int((end / slice).rounded(.up))
        var counts = [Int](repeating: 0, count: sliceCount)
        for customer in day.customers {
            let index = Int(SimulatedTime.seconds(customer.arrival) / slice)
            if counts.indices.contains(index) { counts[index] += 1 }
        }
        func x(_ seconds: Double) -> Double { clock.axisValue(SimulatedTime.ticks(seconds: seconds)) }
        var rate: [LineChart.Point] = []
        var reached = 0.0
        for period in periods {
            if period.start > reached { rate.append(.init(x: x(reached), y: 0)) }
            rate.append(.init(x: x(period.start), y: period.rate * 3600))
            reached = max(reached, period.end)
        }
        rate.append(.init(x: x(end), y: rate.last?.y ?? 0))
        var arrived = counts.indices.map { index in
            let length = min(slice, end - Double(index) * slice)
            return LineChart.Point(x: x(Double(index) * slice), y: Double(counts[index]) / length * 3600)
        }
        arrived.append(.init(x: x(end), y: arrived.last?.y ?? 0))
        let sliceText = BankFormat.duration(slice)
        let chart = LineChart(
            title: BankLabel.arrivalsTitle.text,
            description: BankLabel.arrivalsDescription.text(sliceText, NumberText.grouped(counts.reduce(0, +))),
            xLabel: clock.axisLabel,
            yLabel: BankLabel.perHourAxis.text,
            series: [
                LineChart.Series(name: BankLabel.rateSeries.text, color: LineChart.color(2), points: rate),
                LineChart.Series(name: BankLabel.arrivedSeries.text, color: LineChart.color(3), points: arrived),
            ],
            step: true,
            idPrefix: "\(id)-arrivals",
            xTickLabel: clock.tickLabel,
            xValueText: clock.at,
            yValueText: { BankFormat.number($0) }
        )
        return (chart.drawing(), slice)
    }

    /// Slice lengths for counting arrivals, in seconds: the first that cuts the day into at most
    /// 30 slices is used.
    static let arrivalSlices: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 43200, 86400]
}
