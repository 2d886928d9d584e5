import BankSimulation
import Basics
import ReportKit

/// The sentence and the tile that open a sweep's report: the answer to its target, or without a
/// target where the wait changes most.
struct BankSweepAnswerText {
    /// The answer in one sentence, what the next value misses by (and how sure), the tile, and the
    /// home card's headlines.
    let sentence: String
    let detail: String
    let tile: Figure?
    let headlines: [String]

    init(_ sweep: Sweep) {
        let services = sweep.services
        let scale = sweep.points.first?.scenario.timeScale ?? .seconds
        let clock = BankSweepDocument.clock(sweep)
        func value(_ index: Int) -> String { BankTarget.value(sweep.points[index].value, setting: sweep.setting, services: services, clock: clock) }
        guard let answer = sweep.answer else {
            self.init(change: sweep, value: value)
            return
        }
        let target = answer.target
        let unit = BankTarget.unit(target, scale: scale)
        let phrase = BankTarget.phrase(target, services: services, scale: scale)
        func figure(_ index: Int) -> Estimate? { target.figure(of: sweep.points[index]) }
        guard let index = answer.answer, let estimate = figure(index) else {
            // Nothing meets the target: the closest value and how far it is.
            guard let closest = answer.closest, let estimate = figure(closest) else {
                self.init(sentence: BankLabel.answerNone.text(phrase, "—", "—", "—"), tile: nil, headlines: [])
                return
            }
            let miss = BankTarget.miss(target, figure: estimate.mean, scale: scale)
            self.init(
                sentence: BankLabel.answerNone.text(phrase, value(closest), unit.inSentence(estimate), miss),
                tile: Figure(BankLabel.answerTile.text, BankLabel.noneMeets.text),
                headlines: [BankLabel.sweepHeadlineAnswer.text(BankLabel.answerTile.text, BankLabel.noneMeets.text),
                            BankLabel.closestHeadline.text(value(closest), miss)])
            return
        }
        let capacity = sweep.setting.addsCapacity
        var sentence: String
        var detail = ""
        if let next = answer.next, let missed = figure(next) {
            let lead = capacity
                ? (sweep.points[index].value == 1 ? BankLabel.answerFewestOne : .answerFewest)
                : BankLabel.answerHighest
            sentence = lead.text(value(index), phrase, unit.inSentence(estimate))
            let miss = BankTarget.miss(target, figure: missed.mean, scale: scale)
            if let change = answer.difference?.change, let range = change.interval {
                // The difference runs from the smaller value to the larger; say it from the value
                // that misses to the answer.
                let upwards = sweep.points[index].value > sweep.points[next].value
                detail = BankLabel.answerNextPaired.text(
                    value(next), unit.inSentence(missed), miss,
                    unit.change(upwards ? change.mean : -change.mean), unit.changeRange(upwards ? range : range.negated), value(index))
            } else {
                detail = BankLabel.answerNext.text(value(next), unit.inSentence(missed), miss)
            }
        } else {
            sentence = (capacity ? BankLabel.answerAllMeetFewest : .answerAllMeetHighest)
                .text(phrase, value(index), unit.inSentence(estimate))
        }
        if let range = estimate.interval, !(target.isMet(by: range.lowerBound) && target.isMet(by: range.upperBound)) {
            sentence += " " + BankLabel.answerUnsure.text
        }
        self.init(
            sentence: sentence, detail: detail,
            tile: Figure((capacity ? BankLabel.answerTileFewest : .answerTileHighest).text, value(index)),
            headlines: [
                BankLabel.sweepHeadlineAnswer.text(BankLabel.answerTile.text, value(index)),
                Self.figureHeadline(target, figure: estimate.mean, services: services, scale: scale),
            ])
    }

    /// The answer's figure for the home card: `95.5% of 대출 customers within 1 s`.
    static func figureHeadline(_ target: WaitTarget, figure: Double, services: [Service], scale: TimeScale) -> String {
        let scope = BankTarget.scope(target.service, services: services)
        switch target.measure {
        case .serviceLevel(let within, _):
            return BankLabel.headlineServiceLevel.text(FigureUnit.share.text(figure), scope, BankClock(nil, scale: scale).threshold(within))
        case .meanWait:
            return BankLabel.headlineMeanWait.text(FigureUnit.time(scale).text(figure), scope)
        }
    }

    private init(sentence: String, detail: String = "", tile: Figure?, headlines: [String]) {
        self.sentence = sentence
        self.detail = detail
        self.tile = tile
        self.headlines = headlines
    }

    /// Without a target: the neighbouring values between which the compared mean wait changes most.
    private init(change sweep: Sweep, value: (Int) -> String) {
        let services = sweep.services
        let scope = BankTarget.scope(sweep.sweptService, services: services)
        let name = BankLabel.meanWaitOf.text(scope)
        let scale = sweep.points.first?.scenario.timeScale ?? .seconds
        let clock = BankSweepDocument.clock(sweep)
        let time = FigureUnit.time(scale)
        guard let change = sweep.largestChange else {
            let waits = sweep.points.map { time.text($0.meanWait.mean) }
            self.init(sentence: "", tile: nil, headlines: [BankLabel.sweepHeadlineValues.text(String(sweep.points.count))] + waits.prefix(1))
            return
        }
        let before = sweep.points[change.from].statistics, after = sweep.points[change.to].statistics
        func wait(_ statistics: DayStatistics) -> Double {
            (sweep.sweptService.map { statistics.service($0) } ?? statistics.overall)?.meanWait.mean ?? 0
        }
        let subject = name.prefix(1).uppercased() + name.dropFirst()
        let by = time.change(change.change.mean)
        let sentence = if let interval = change.change.interval, change.change.values.count > 1 {
            BankLabel.changeMost.text(
                subject, value(change.from), value(change.to), by, time.changeRange(interval),
                time.text(wait(before)), time.text(wait(after)))
        } else {
            BankLabel.changeMostOneDay.text(
                subject, value(change.from), value(change.to), by, time.text(wait(before)), time.text(wait(after)))
        }
        let tileValue = BankLabel.changeTileValue.text(
            BankTarget.number(sweep.points[change.from].value, setting: sweep.setting, clock: clock),
            BankTarget.number(sweep.points[change.to].value, setting: sweep.setting, clock: clock))
        self.init(
            sentence: sentence,
            tile: Figure(BankLabel.changeTile.text(BankTarget.header(sweep.setting, services: services, clock: clock)), tileValue),
            headlines: [
                BankLabel.sweepHeadlineAnswer.text(BankLabel.changeTile.text, tileValue),
                scale == .seconds
                    ? BankLabel.sweepHeadlineWait.text(NumberText.fixed(wait(before), places: 2), NumberText.fixed(wait(after), places: 2))
                    : BankLabel.sweepHeadlineWaitMinutes.text(time.bare(wait(before)), time.bare(wait(after))),
            ])
    }
}

extension ClosedRange<Double> {
    /// The range of the negated values.
    var negated: ClosedRange<Double> { (-upperBound)...(-lowerBound) }
}
