import BankSimulation
import Basics
import ReportKit

/// The sentences, tiles and headlines that open a grid's report, or a sweep's with costs: the
/// best cell (``SweepChoice``) — with costs the cheapest, what it costs and saves against the
/// next-best — and how many customers give up with it.
struct BankChoiceText {
    let sentence: String
    let detail: String
    let tiles: [Figure]
    let headlines: [String]

    /// The text for `choice` among `points`, whose swept settings are `settings`.
    init(_ points: [SweepPoint], settings: [SweepSetting], choice: SweepChoice) {
        let services = points[choice.best].scenario.services
        let scenario = points[choice.best].scenario
        func name(_ index: Int) -> String { Self.name(points[index], settings: settings, services: services) }
        let short = Self.shortName(points[choice.best], settings: settings, services: services)
        var sentence: String
        var details: [String] = []
        var tiles: [Figure] = []
        if let cost = scenario.cost, let total = points[choice.best].cost {
            let money = BankMoney.perDay(total, currency: cost.currency)
            let phrase = scenario.target.map { BankTarget.phrase($0, services: services, scale: scenario.timeScale) } ?? ""
            sentence = switch choice.meetsTarget {
            case nil: BankLabel.answerCheapest.text(name(choice.best), money)
            case true?: BankLabel.answerCheapestTarget.text(name(choice.best), money, phrase)
            case false?: BankLabel.answerCheapestNone.text(name(choice.best), money, phrase)
            }
            tiles = [Figure(BankLabel.tileCheapest.text, short), Figure(BankLabel.tileCost.text, BankMoney.text(total.mean, currency: cost.currency))]
            if let gaveUp = Self.gaveUp(points[choice.best]) {
                details.append(gaveUp)
            }
            if let next = choice.next, let saving = choice.saving, let nextCost = points[next].cost {
                let amount = BankMoney.text(saving.mean, currency: cost.currency)
                let other = BankMoney.text(nextCost.mean, currency: cost.currency)
                if let interval = saving.interval, saving.values.count > 1 {
                    details.append(BankLabel.costSaves.text(amount, name(next), other, BankMoney.range(interval, currency: cost.currency)))
                } else {
                    details.append(BankLabel.costSavesOneDay.text(amount, name(next), other))
                }
            } else if choice.meetsTarget == true {
                details.append(BankLabel.costOnly.text)
            }
            let parts = [\StaffingCost.DayCost.tellers, \.waiting, \.abandonment].map { part in
                BankMoney.text(points[choice.best].cost(part)?.mean ?? 0, currency: cost.currency)
            }
            details.append(BankLabel.costParts.text(parts[0], parts[1], parts[2]))
        } else {
            let point = points[choice.best]
            if let target = scenario.target, let figure = target.figure(of: point) {
                let unit = BankTarget.unit(target, scale: scenario.timeScale)
                let phrase = BankTarget.phrase(target, services: services, scale: scenario.timeScale)
                sentence = choice.meetsTarget == true
                    ? BankLabel.gridBestFewest.text(name(choice.best), phrase, unit.inSentence(figure))
                    : BankLabel.gridBestNone.text(phrase, name(choice.best), unit.inSentence(figure), BankTarget.miss(target, figure: figure.mean, scale: scenario.timeScale))
            } else {
                sentence = BankLabel.gridBestWait.text(name(choice.best), FigureUnit.time(scenario.timeScale).inSentence(point.meanWait))
            }
            tiles = [Figure(BankLabel.tileBest.text, short)]
            if let gaveUp = Self.gaveUp(point) { details.append(gaveUp) }
        }
        if scenario.hasPatience {
            tiles.append(Figure(BankLabel.tileGaveUp.text, FigureUnit.count.withInterval(points[choice.best].gaveUp)))
        }
        self.sentence = sentence
        detail = details.joined(separator: " ")
        self.tiles = tiles
        headlines = tiles.map { BankLabel.sweepHeadlineAnswer.text($0.label, $0.value) }
    }

    /// How many give up at a point, in a sentence; nil when its customers never do.
    static func gaveUp(_ point: SweepPoint) -> String? {
        guard point.scenario.hasPatience else { return nil }
        let count = point.gaveUp
        guard count.mean > 0 else { return BankLabel.nobodyGivesUp.text }
        let share = point.statistics.abandonment(nil).map { NumberText.percent($0.mean) } ?? "—"
        return BankLabel.gaveUpSentence.text(FigureUnit.count.inSentence(count), share)
    }

    /// A cell in words: `3 예금 tellers and 2 대출 tellers`.
    static func name(_ point: SweepPoint, settings: [SweepSetting], services: [Service]) -> String {
        let parts = zip(settings, point.values).map { BankTarget.value($1, setting: $0, services: services, clock: BankClock(point.scenario)) }
        return parts.count == 2 ? BankLabel.cellPair.text(parts[0], parts[1]) : parts.joined()
    }

    /// A cell for a tile, as a person says it: `3 예금 tellers · 2 대출 tellers`.
    static func shortName(_ point: SweepPoint, settings: [SweepSetting], services: [Service]) -> String {
        zip(settings, point.values).map { BankTarget.value($1, setting: $0, services: services, clock: BankClock(point.scenario)) }.joined(separator: " · ")
    }
}
