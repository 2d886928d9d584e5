import Randomness
import Testing
import BankSimulation

@Suite struct QueueTests {
    @Test func servesFirstInFirstOut() {
        var queue = Queue<String>()
        #expect(queue.isEmpty)
        #expect(queue.peek() == nil)
        #expect(queue.dequeue() == nil)
        queue.enqueue("a")
        queue.enqueue("b")
        queue.enqueue("c")
        #expect(!queue.isEmpty)
        #expect(queue.count == 3)
        #expect(queue.peek() == "a")
        #expect(queue.dequeue() == "a")
        #expect(queue.dequeue() == "b")
        queue.enqueue("d")
        #expect(queue.elements == ["c", "d"])
        #expect(queue.dequeue() == "c")
        #expect(queue.dequeue() == "d")
        #expect(queue.dequeue() == nil)
        #expect(queue.isEmpty)
    }

    @Test func clearEmptiesTheQueueAndItCanBeReused() {
        var queue = Queue<Int>()
        for value in 1...5 { queue.enqueue(value) }
        queue.clear()
        #expect(queue.isEmpty)
        #expect(queue.count == 0)
        #expect(queue.peek() == nil)
        queue.enqueue(9)
        #expect(queue.peek() == 9)
        #expect(queue.dequeue() == 9)
    }

    @Test func matchesAnArrayOverManyMixedOperations() {
        var generator = SeededGenerator(seed: 11)
        var queue = Queue<Int>()
        var model: [Int] = []
        var next = 0
        for _ in 0..<20_000 {
            if generator.nextInt(in: 0...2) > 0 {
                queue.enqueue(next)
                model.append(next)
                next += 1
            } else {
                let expected = model.isEmpty ? nil : model.removeFirst()
                #expect(queue.dequeue() == expected)
            }
            #expect(queue.count == model.count)
            #expect(queue.peek() == model.first)
        }
        #expect(queue.elements == model)
    }

    @Test func linkedListReusesFreedNodes() {
        var list = LinkedList<Int>()
        for round in 0..<100 {
            list.append(round)
            list.append(round + 1)
            #expect(list.removeFirst() == round)
            #expect(list.removeFirst() == round + 1)
        }
        #expect(list.isEmpty)
        #expect(list.first == nil)
        list.append(7)
        #expect(list.elements == [7])
        list.removeAll()
        #expect(list.isEmpty)
        #expect(list.count == 0)
    }
}

@Suite struct EventQueueTests {
    @Test func popsInTimeThenTagOrder() {
        var generator = SeededGenerator(seed: 5)
        var events = EventQueue()
        var pushed: [Event] = []
        for _ in 0..<2_000 {
            let event = Event(time: Int64(generator.nextInt(in: 0...50)), tag: UInt32(generator.nextInt(in: 0...9)))
            events.push(event)
            pushed.append(event)
        }
        #expect(events.count == pushed.count)
        var popped: [Event] = []
        while let event = events.pop() { popped.append(event) }
        let sorted = pushed.sorted { $0.precedes($1) }
        #expect(popped.map(\.time) == sorted.map(\.time))
        #expect(popped.map(\.tag) == sorted.map(\.tag))
        #expect(events.isEmpty)
    }

    @Test func interleavedPushAndPopAlwaysGiveTheEarliest() {
        var events = EventQueue()
        events.push(Event(time: 5, tag: 1))
        events.push(Event(time: 3, tag: UInt32.max))
        events.push(Event(time: 3, tag: 0))
        #expect(events.pop() == Event(time: 3, tag: 0))
        events.push(Event(time: 1, tag: 2))
        #expect(events.pop() == Event(time: 1, tag: 2))
        #expect(events.pop() == Event(time: 3, tag: UInt32.max))
        #expect(events.pop() == Event(time: 5, tag: 1))
        #expect(events.pop() == nil)
    }
}
