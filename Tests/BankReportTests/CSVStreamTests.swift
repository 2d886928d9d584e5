import BankReport
import BankSimulation
import ReportKit
import Testing

/// The day's CSV written in pieces into one buffer (`sitegen bank --format csv`), against the
/// CSV of a page's download.
@Suite struct CSVStreamTests {
    /// The pieces `writeCSV` hands over for `day`.
    static func pieces(_ day: Day, chunkSize: Int) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        BankData.writeCSV(day, chunkSize: chunkSize) { pieces.append(Array($0)) }
        return pieces
    }

    /// A deposit teller and no loan teller: customer 2 (a loan) is never served; worked by hand.
    @Test func handWorkedDayWithACustomerNeverServed() throws {
        let day = try Simulation.run(
            arrivals: [
                Arrival(time: 0, service: 0, duration: 700_000),
                Arrival(time: 1, service: 1, duration: 1_100_000),
                Arrival(time: 1_500_000, service: 0, duration: 2_250_000),
                Arrival(time: 1_600_000, service: 0, duration: 12_000_000),
            ],
            services: [.deposit, .loan], tellers: [1, 0])
        let expected = """
            number,service,arrival,start,finish,wait,teller
            1,deposit,0,0,0.7,0,예금 1
            2,loan,0.000001,,,,
            3,deposit,1.5,1.5,3.75,0,예금 1
            4,deposit,1.6,3.75,15.75,2.15,예금 1

            """
        #expect(BankData.csv(day) == expected)
        #expect(Self.pieces(day, chunkSize: 1 << 20) == [Array(expected.utf8)])
    }

    /// A seeded day of 2,000 customers on three services, one without tellers: the pieces make
    /// the CSV built cell by cell, whatever the piece size, and none is longer than asked (or one row).
    @Test func piecesMakeTheWholeCSV() throws {
        let scenario = Scenario(
            services: [.deposit, .loan, Service(key: "fx", name: "외환", duration: .exponential(mean: 2.5))],
            tellers: [2, 1, 0], arrivals: .poisson(rate: 1.3, customers: .exactly(2_000)))
        let day = Simulation.run(scenario, seed: 7)
        let keys = day.services.map(\.key)
        let rows: [[CSVCell]] = day.customers.enumerated().map { index, customer in
            let cells: [CSVCell] = [.integer(index + 1), .text(keys[Int(customer.service)]), .number(SimulatedTime.exactText(customer.arrival))]
            guard customer.teller >= 0 else { return cells + Array(repeating: .text(""), count: 4) }
            return cells + [customer.start, customer.finish, customer.wait].map { .number(SimulatedTime.exactText($0)) }
                + [.text(day.tellers[Int(customer.teller)].label)]
        }
        let expected = CSVText.document(header: BankData.csvColumns, rows: rows)
        #expect(expected.contains(",fx,"))
        #expect(expected.contains(",,,,\n"))
        #expect(BankData.csv(day) == expected)
        for chunkSize in [1, 100, 4_096] {
            let pieces = Self.pieces(day, chunkSize: chunkSize)
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == expected)
            #expect(pieces.count > 1)
            #expect(pieces.allSatisfy { !$0.isEmpty && $0.count <= max(chunkSize, 150) })
        }
    }
}
