import Charts
import Testing

@Suite struct ValueScaleTests {
    @Test func aValueAxisCoversTheDataFromZeroWithNiceTicks() {
        // 0…23 in about 5 steps: a step of 5, the axis running 0…25.
        let scale = ValueScale(covering: [3, 23, 7])
        #expect(scale.ticks == [0, 5, 10, 15, 20, 25])
        #expect(scale.low == 0 && scale.high == 25)
        #expect(scale.fraction(10) == 0.4)
        // Below zero it reaches the next tick down; without zero it starts at the data.
        #expect(ValueScale(covering: [-3, 5]).ticks == [-4, -2, 0, 2, 4, 6])
        #expect(ValueScale(covering: [12, 18], includingZero: false).ticks == [12, 14, 16, 18])
    }

    @Test func flatOrEmptyDataStillGivesAnAxis() {
        #expect(ValueScale(covering: []).ticks == [0, 1])
        #expect(ValueScale(covering: [0, 0]).ticks == [0, 1])
        #expect(ValueScale(covering: [.nan, .infinity]).ticks == [0, 1])
        #expect(ValueScale(covering: [5, 5], includingZero: false, minimumStep: 2).ticks == [4, 6])
    }

    @Test func aPositionAxisSpansTheDataWithTheNiceValuesInside() {
        let scale = ValueScale(spanning: [0.3, 2.9])
        #expect(scale.low == 0.3 && scale.high == 2.9)
        #expect(scale.ticks == [0.5, 1, 1.5, 2, 2.5])
        #expect(ValueScale(spanning: [0, 3], minimumStep: 1).ticks == [0, 1, 2, 3])
        #expect(ValueScale(spanning: [4]).high == 5)
    }
}
