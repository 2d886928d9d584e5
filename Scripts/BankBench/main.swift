// The bank simulation benchmark, built in release mode by Scripts/bench-bank.
// Simulates an M/M/3 queue (Poisson arrivals at 2.7 per second, exponential service with mean
// 1 s, three tellers) and prints customers simulated per second.
import BankSimulation

let arguments = CommandLine.arguments.dropFirst()
let customers = arguments.first.flatMap { Int($0) } ?? 1_000_000
let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 5

let scenario = Scenario(
    services: [Service(key: "deposit", name: "예금", duration: .exponential(mean: 1.0))],
    tellers: [3],
    arrivals: .poisson(rate: 2.7, customers: .exactly(customers))
)

func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}

let clock = ContinuousClock()
var times: [Double] = []
var lastDay: Day?
for round in 0..<rounds {
    let start = clock.now
    let day = Simulation.run(scenario, seed: UInt64(round + 1))
    times.append(seconds(clock.now - start))
    lastDay = day
}
times.sort()
let best = times[0]
let median = times[times.count / 2]
if let day = lastDay {
    let theory = ErlangC.meanWait(arrivalRate: 2.7, meanService: 1.0, servers: 3) ?? .nan
    print("M/M/3, rate 2.7, mean service 1.0: \(day.servedCustomers) customers per run, \(rounds) runs")
    print("simulated mean wait \(day.meanWait) s (Erlang C: \(theory) s)")
}
print("best   \(Int(Double(customers) / best)) customers/second (\(best) s per run)")
print("median \(Int(Double(customers) / median)) customers/second (\(median) s per run)")
