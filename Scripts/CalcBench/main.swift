import Calculator

// Benchmark of the calculator: parses, works out and formats generated expressions, and runs a
// long queue through enqueue/dequeue. Prints throughput figures; no assertions.

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 200_000 : 200_000
let rounds = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 5 : 5

/// Deterministic expressions of 3 to 9 operands, mixing grouped numbers, fractions, signs and
/// every operator spelling.
func expression(_ index: Int) -> String {
    let symbols = ["+", "−", "×", "÷", "-", "*", "/"]
    let numbers = ["1,000", "2.5", "-7", "42", "0.1", "12,345.678", "3", "-0.25", "999,999"]
    var text = numbers[index % numbers.count]
    for step in 0..<(2 + index % 7) {
        text += " \(symbols[(index + step) % symbols.count]) \(numbers[(index * 7 + step) % numbers.count])"
    }
    return text
}

let expressions = (0..<count).map(expression)
let characters = expressions.reduce(0) { $0 + $1.count }
let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

var best = Double.infinity
var checksum = 0
for _ in 0..<rounds {
    let elapsed = clock.measure {
        for text in expressions {
            if let formula = try? ExpressionParser.parse(text) {
                checksum &+= CalculatorNumberFormat.text(formula.result()).count
            }
        }
    }
    best = min(best, seconds(elapsed))
}
print("expressions: \(count) (\(characters) characters), best of \(rounds): \(format3(best)) s")
print("  \(Int(Double(count) / best)) expressions/s parsed, worked out and formatted (checksum \(checksum))")

var queue = CalculatorItemQueue<Double>()
let items = 1_000_000
let queueTime = clock.measure {
    for value in 0..<items { queue.enqueue(Double(value)) }
    var sum = 0.0
    while let value = queue.dequeue() { sum += value }
    checksum &+= Int(sum)
}
print("queue: \(items) enqueues then \(items) dequeues in \(format3(seconds(queueTime))) s (checksum \(checksum))")

func format3(_ value: Double) -> String {
    let scaled = Int(value * 1000 + 0.5)
    let fraction = String(scaled % 1000)
    return "\(scaled / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}
