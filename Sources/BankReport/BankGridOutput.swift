import BankSimulation
import Basics
import ReportKit

/// The CSV of a grid, for its download and `sitegen bank --scenario FILE --format csv`.
public enum BankGridOutput {
    /// One row per cell, row by row: the two settings' values under their keys
    /// (`tellers.deposit,tellers.loan`), then the columns of a sweep's CSV after `value`
    /// (``BankSweepOutput/csv(_:)``), then with costs its cost columns.
    public static func csv(_ grid: SweepGrid) -> String {
        let columns = BankSweepOutput.columns(services: grid.services).dropFirst() + BankSweepOutput.costColumns(grid.cells.first?.scenario)
        let header = [grid.rows.setting.key, grid.columns.setting.key] + columns.map(\.name)
        let rows = grid.cells.map { point in
            (point.values.map(BankSweepOutput.number) + columns.map { $0.value(point) }).map(CSVCell.number)
        }
        return CSVText.document(header: header, rows: rows)
    }
}

/// The JSON of a grid: `{"grid": {"rows": {"key", "values"}, "columns": {"key", "values"}, "seed",
/// "replications", "threshold", "target", "cost", "best", "cells": [{"values": [ROW, COLUMN],
/// "days", "summary", "waits", "erlangC", "closedForms", "cost"}]}}`; a cell's fields are a
/// sweep point's (``BankSweepJSON/Point``) with `values` for `value`.
public struct BankGridJSON: Codable, Sendable {
    /// A setting and its values.
    public struct Axis: Codable, Sendable {
        public let key: String
        public let values: [Double]
    }

    /// What the scenario's costs are: per service key what a teller costs an hour, what an hour of
    /// waiting and a customer who gives up cost, and the currency.
    public struct Prices: Codable, Sendable {
        public let currency: String
        public let tellerPerHour: BankSweepJSON.Keyed
        public let waitingPerHour: Double
        public let abandon: Double
    }

    /// The best cell (``SweepChoice``): its values, the next-best's, whether it meets the target
    /// (null without one), and with costs what it saves a day against the next-best.
    public struct Best: Codable, Sendable {
        public let values: [Double]
        public let next: [Double]?
        public let meetsTarget: Bool?
        public let saving: BankSweepJSON.Measure?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(values, forKey: .values)
            try container.encode(next, forKey: .next)
            try container.encode(meetsTarget, forKey: .meetsTarget)
            try container.encode(saving, forKey: .saving)
        }
    }

    /// One cell: the row's and the column's values, and a sweep point's figures.
    public struct Cell: Codable, Sendable {
        public let values: [Double]
        public let days: Int
        public let summary: BankSweepJSON.Summary
        public let waits: BankSweepJSON.Object<BankSweepJSON.Waits>
        public let erlangC: BankSweepJSON.Keyed?
        public let closedForms: BankSweepJSON.Object<BankSweepJSON.ClosedForm>?
        public let cost: BankSweepJSON.Costs?
    }

    /// The `grid` object.
    public struct Body: Codable, Sendable {
        public let rows: Axis
        public let columns: Axis
        public let seed: UInt64
        /// The days of the first cell (every cell's, unless `precision` chose them).
        public let replications: Int
        /// The wait the service levels count up to, in seconds.
        public let threshold: Double
        public let target: BankSweepJSON.Target?
        public let cost: Prices?
        public let best: Best?
        public let cells: [Cell]
    }

    public let grid: Body

    public init(_ grid: SweepGrid) {
        let services = grid.services
        let scenario = grid.cells.first?.scenario ?? Scenario()
        let choice = SweepChoice(grid.cells, settings: [grid.rows.setting, grid.columns.setting])
        self.grid = Body(
            rows: Axis(key: grid.rows.setting.key, values: grid.rows.values),
            columns: Axis(key: grid.columns.setting.key, values: grid.columns.values),
            seed: grid.seed,
            replications: grid.cells.first?.days.count ?? 1,
            threshold: scenario.serviceLevelThreshold,
            target: scenario.target.map { BankSweepJSON.target($0, services: services) },
            cost: scenario.cost.map { cost in
                Prices(
                    currency: cost.currency,
                    tellerPerHour: BankSweepJSON.Keyed(entries: zip(services, cost.tellerPerHour).map { ($0.key, $1) }),
                    waitingPerHour: cost.waitingPerHour, abandon: cost.abandonment)
            },
            best: choice.map { choice in
                Best(values: grid.cells[choice.best].values, next: choice.next.map { grid.cells[$0].values },
                     meetsTarget: choice.meetsTarget, saving: choice.saving.map(BankSweepJSON.Measure.init))
            },
            cells: grid.cells.map { point in
                let figures = BankSweepJSON.point(point, services: services)
                return Cell(
                    values: point.values, days: figures.days, summary: figures.summary, waits: figures.waits,
                    erlangC: figures.erlangC, closedForms: figures.closedForms, cost: figures.cost)
            })
    }

    /// The pretty-printed document, keys in a fixed order.
    public func text() throws -> String {
        try JSONText.encode(self)
    }
}
