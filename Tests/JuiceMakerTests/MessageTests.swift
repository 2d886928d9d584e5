import JuiceMaker
import Testing

@Suite struct MessageTests {
    @Test func servedMessageIsTheSeedTextByteForByte() throws {
        var maker = JuiceMaker()
        let message = try maker.make("strawberryBanana")
        #expect(message == "딸바쥬스 나왔습니다! 맛있게 드세요!")
        #expect(Array(message.utf8) == Array("딸바쥬스 나왔습니다! 맛있게 드세요!".utf8))
    }

    @Test func failureMessageIsTheSeedTextByteForByte() {
        #expect(Array(JuiceMessage.notEnoughFruit.utf8) == Array("재료가 모자라요. 재고를 수정할까요?".utf8))
    }

    @Test func stockChangeMessages() {
        #expect(JuiceMessage.restocked([FruitCount(.kiwi, 5), FruitCount(.mango, 2)]) == "재고 추가: 키위 +5, 망고 +2")
        #expect(JuiceMessage.stockSet([(fruit: .mango, from: 7, to: 0)]) == "재고 수정: 망고 7 → 0")
    }

    @Test func unknownJuiceIsAnError() {
        var maker = JuiceMaker()
        #expect(throws: JuiceMakerError.unknownJuice("appleJuice")) { try maker.make("appleJuice") }
        #expect(JuiceMakerError.unknownJuice("appleJuice").description == "unknown juice \"appleJuice\"")
    }
}
