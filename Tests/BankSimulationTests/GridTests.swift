import BankSimulation
import Testing

/// Two settings varied at once (``SweepGrid``).
@Suite struct GridTests {
    let fiveDeposits = Scenario(
        services: [.deposit, Service(key: "loan", name: "대출", duration: .fixed(1.1), weight: 0)],
        tellers: [2, 1],
        arrivals: .opening(.exactly(5))
    )

    @Test func cellsAreRowByRowWithTheRowsValueFirst() throws {
        let rows = SweepAxis(setting: .tellers(service: "deposit"), values: [1, 2])
        let columns = SweepAxis(setting: .duration(service: "deposit"), values: [0.5, 1, 2])
        let cells = try SweepGrid.cells(fiveDeposits, rows: rows, columns: columns)
        #expect(cells.map(\.values) == [[1, 0.5], [1, 1], [1, 2], [2, 0.5], [2, 1], [2, 2]])
        #expect(cells.map { $0.scenario.tellers[0] } == [1, 1, 1, 2, 2, 2])
        let grid = try SweepGrid(fiveDeposits, rows: rows, columns: columns, seed: 4)
        // Five customers at opening: one teller waits 0+d+2d+3d+4d = 10d over 5, two tellers 0.8 d.
        #expect(grid.cells.map(\.meanWait.mean) == [1, 2, 4, 0.4, 0.8, 1.6])
        #expect(grid.cell(row: 1, column: 2).values == [2, 2])
        // Each cell is the one-setting sweep's point for the same scenario and seed.
        let alone = cells[4].run(seed: 4)
        #expect(alone.days == grid.cells[4].days)
        // Without a target or costs the best is the shortest mean wait.
        #expect(SweepChoice(grid.cells, settings: [rows.setting, columns.setting])?.best == 3)
    }

    @Test func theBestWithATargetIsTheFewestTellersThatMeetIt() throws {
        var scenario = fiveDeposits
        scenario.target = WaitTarget(.meanWait(1))
        let grid = try SweepGrid(
            scenario, rows: SweepAxis(setting: .tellers(service: "deposit"), values: [1, 2, 3]),
            columns: SweepAxis(setting: .duration(service: "deposit"), values: [1, 2]), seed: 1)
        // Mean waits: 1 teller 2, 4; 2 tellers 0.8, 1.6; 3 tellers 0.4, 0.8 (d × 0.4).
        let choice = try #require(SweepChoice(grid.cells, settings: [grid.rows.setting, grid.columns.setting]))
        #expect(choice.best == 2 && choice.meetsTarget == true)
        #expect(choice.next == 4)
    }

    @Test func problemsNameTheSetting() {
        let tellers = SweepAxis(setting: .tellers(service: "deposit"), values: [1, 2])
        #expect(throws: ScenarioProblem(key: "tellers.deposit", "is named twice; a grid varies two different settings")) {
            try SweepGrid.cells(fiveDeposits, rows: tellers, columns: tellers)
        }
        let many = SweepAxis(setting: .duration(service: "deposit"), values: (1...11).map(Double.init))
        let eleven = SweepAxis(setting: .tellers(service: "deposit"), values: (1...11).map(Double.init))
        #expect(throws: ScenarioProblem(key: "tellers.deposit × services.deposit.duration",
            "make 11 × 11 = 121 cells; a grid may have at most 100: list fewer values")) {
            try SweepGrid.cells(fiveDeposits, rows: eleven, columns: many)
        }
        #expect(throws: ScenarioProblem(key: "tellers.deposit", "value 0 does not work: tellers.deposit is 0, but customers come for deposit (services.deposit.weight is above 0); give it a teller or set its weight to 0")) {
            try SweepGrid.cells(fiveDeposits, rows: SweepAxis(setting: .tellers(service: "deposit"), values: [0]), columns: SweepAxis(setting: .customers, values: [3]))
        }
    }
}
