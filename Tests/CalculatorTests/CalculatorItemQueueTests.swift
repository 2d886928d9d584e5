import Calculator
import Testing

@Suite("CalculatorItemQueue")
struct CalculatorItemQueueTests {
    @Test("a new queue is empty and dequeues nil")
    func emptyQueue() {
        var queue = CalculatorItemQueue<Double>()
        #expect(queue.isEmpty)
        #expect(queue.count == 0)
        #expect(queue.peek() == nil)
        #expect(queue.dequeue() == nil)
    }

    @Test("elements come out in the order they went in")
    func firstInFirstOut() {
        var queue = CalculatorItemQueue<Double>()
        queue.enqueue(1)
        queue.enqueue(2)
        queue.enqueue(3)
        #expect(queue.count == 3)
        #expect(queue.dequeue() == 1)
        #expect(queue.dequeue() == 2)
        queue.enqueue(4)
        #expect(queue.dequeue() == 3)
        #expect(queue.dequeue() == 4)
        #expect(queue.dequeue() == nil)
        #expect(queue.isEmpty)
    }

    @Test("peek shows the front without removing it")
    func peek() {
        var queue: CalculatorItemQueue<Operator> = [.multiply, .add]
        #expect(queue.peek() == .multiply)
        #expect(queue.count == 2)
        #expect(queue.dequeue() == .multiply)
        #expect(queue.peek() == .add)
    }

    @Test("a long run of interleaved enqueues and dequeues keeps order and count")
    func interleavedLongRun() {
        var queue = CalculatorItemQueue<Double>()
        var expectedNext = 0.0
        var pushed = 0.0
        for round in 0..<2_000 {
            for _ in 0..<(round % 5 + 1) {
                queue.enqueue(pushed)
                pushed += 1
            }
            for _ in 0..<(round % 4 + 1) {
                guard let value = queue.dequeue() else { break }
                #expect(value == expectedNext)
                expectedNext += 1
            }
            #expect(queue.count == Int(pushed - expectedNext))
        }
        while let value = queue.dequeue() {
            #expect(value == expectedNext)
            expectedNext += 1
        }
        #expect(expectedNext == pushed)
        #expect(queue.isEmpty)
    }

    @Test("queues compare by their waiting elements only")
    func equality() {
        var drained: CalculatorItemQueue<Double> = [9, 1, 2]
        _ = drained.dequeue()
        #expect(drained == [1, 2])
        #expect(drained != [9, 1, 2])
    }
}
