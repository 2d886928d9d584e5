import Basics
import DataReport
import Testing

@Suite struct RowConditionTests {
    @Test func reading() throws {
        let condition = try RowCondition("stock < 5", line: 3, key: "highlight")
        #expect(condition.column == "stock" && condition.op == .less && condition.value == "5")
        #expect(try RowCondition("region == \"서울 강남\"", line: 1, key: "filter").value == "서울 강남")
        #expect(try RowCondition("day>=2024-03-01", line: 1, key: "filter").op == .greaterOrEqual)
        #expect(try RowCondition("note != ''", line: 1, key: "filter").value == "")
        #expect(throws: Diagnostic(line: 7, "filter must be a condition like \"stock < 5\" (a column, one of = != < <= > >=, a value), got \"stock five\"")) {
            try RowCondition("stock five", line: 7, key: "filter")
        }
        #expect(throws: Diagnostic(line: 7, "filter must start with a column name, like \"stock < 5\", got \"< 5\"")) {
            try RowCondition("< 5", line: 7, key: "filter")
        }
    }
}
