import Basics
import JuiceMaker
import ReportKit

/// A parsed juice scenario with where its steps were written.
public struct JuiceScenarioDocument: Sendable {
    /// The scenario to run.
    public let scenario: JuiceScenario
    /// Per written step: its key path (`steps[2]`) and line.
    let steps: [(path: String, line: Int?)]
    /// The line of `random:`, for problems of the random order stream.
    let randomLine: Int?

    init(scenario: JuiceScenario, steps: [(path: String, line: Int?)], randomLine: Int?) {
        self.scenario = scenario
        self.steps = steps
        self.randomLine = randomLine
    }

    /// Runs the scenario; a step that cannot run becomes a ``Diagnostic`` naming its line and key:
    /// `line 14: steps[2]: mango stock cannot go below zero: 3 − 5 = -2`.
    public func run(seed: UInt64) throws -> JuiceRun {
        do {
            return try scenario.run(seed: seed)
        } catch {
            if let index = error.step, steps.indices.contains(index) {
                throw Diagnostic(line: steps[index].line, "\(steps[index].path): \(error.description)")
            }
            throw Diagnostic(line: randomLine, randomLine == nil ? error.description : "random: \(error.description)")
        }
    }
}

/// Reads a `juice` block's YAML (SPEC §5.2) into a ``JuiceScenario``, reporting every problem at
/// once with its line and key: unknown keys, fruits and juices, negative or absurd numbers, a
/// `set` below zero, a recipe with no fruit.
public enum JuiceScenarioParser {
    /// Most steps one scenario may expand to (orders times their counts, restocks, sets, random orders).
    public static let maxSteps = 100_000
    /// Most glasses one order step may ask for.
    public static let maxCount = 10_000
    /// Largest stock, restock or set amount for one fruit.
    public static let maxAmount = 1_000_000_000
    /// Largest amount of one fruit a recipe may use.
    public static let maxRecipeAmount = 1_000_000

    private static let fruitIDs = Fruit.allCases.map(\.id)

    /// Parses the block body.
    /// - Parameter lineOffset: added to the body's 1-based lines to give lines in the page.
    public static func parse(_ yaml: String, lineOffset: Int = 0) throws -> JuiceScenario {
        try parseDocument(yaml, lineOffset: lineOffset).scenario
    }

    /// Parses the block body and keeps where each step was written, so a step that fails when the
    /// scenario runs (a restock below zero) is reported at its line.
    public static func parseDocument(_ yaml: String, lineOffset: Int = 0) throws -> JuiceScenarioDocument {
        var problems = DiagnosticCollector()
        let root = try ScenarioNode.parse(yaml, lineOffset: lineOffset, problems: &problems)
        if root.isNull { return JuiceScenarioDocument(scenario: JuiceScenario(), steps: [], randomLine: nil) }
        if (try? root.string()) != nil || (try? root.list()) != nil {
            throw Diagnostic(line: root.line, "the block must be a mapping of stock, recipes, steps and random, got \(root.shownValue)")
        }
        // An unknown top-level key is reported with everything else that is wrong, not alone.
        guard let mapping = problems.attempt({ try root.mapping(allowed: ["stock", "recipes", "steps", "random"]) })
            ?? (try? root.mapping(allowed: nil))
        else {
            try problems.check()
            return JuiceScenarioDocument(scenario: JuiceScenario(), steps: [], randomLine: nil)
        }

        var stock: [FruitCount] = []
        if let node = mapping["stock"], !node.isNull {
            stock = problems.attempt { try fruitAmounts(node, example: nil) { try boundedAmount($0, max: maxAmount) } } ?? []
        }

        var recipes: [Recipe] = []
        var knownJuices = Menu.standard.ids
        if let node = mapping["recipes"], !node.isNull, let entries = problems.attempt({ try node.mapping(allowed: nil) }) {
            for entry in entries.entries {
                if !knownJuices.contains(entry.key) { knownJuices.append(entry.key) }
                if let recipe = problems.attempt({ try parseRecipe(id: entry.key, node: entry.value) }) {
                    recipes.append(recipe)
                }
            }
        }

        // An order may name a juice by its id or by its name (딸바쥬스), as the menu resolves it.
        var menu = Menu.standard
        for recipe in recipes { menu.add(recipe) }
        let juiceNames = menu.recipes.map(\.name).filter { !knownJuices.contains($0) }

        var steps: [ScenarioStep] = []
        var stepNodes: [(path: String, line: Int?)] = []
        if let node = mapping["steps"], !node.isNull, let items = problems.attempt({ try node.list() }) {
            for item in items {
                if let step = problems.attempt({ try parseStep(item, juices: knownJuices, names: juiceNames) }) {
                    steps.append(step)
                    stepNodes.append((item.path, item.line))
                }
            }
        }

        var random: RandomOrders?
        if let node = mapping["random"], !node.isNull {
            random = problems.attempt { try parseRandom(node, juices: knownJuices) }
        }

        try problems.check()
        let scenario = JuiceScenario(
            stock: Dictionary(stock.map { ($0.fruit, $0.count) }, uniquingKeysWith: { $1 }),
            recipes: recipes, steps: steps, random: random
        )
        let total = scenario.expandedStepCount
        if total > maxSteps {
            throw Diagnostic(
                line: (mapping["random"] ?? mapping["steps"] ?? root).line,
                "the scenario makes \(NumberText.grouped(total)) steps (every glass ordered, restock, set and random order counts); at most \(NumberText.grouped(maxSteps)) in one block"
            )
        }
        return JuiceScenarioDocument(scenario: scenario, steps: stepNodes, randomLine: mapping["random"]?.line)
    }

    // MARK: Parts

    private static func parseRecipe(id: String, node: ScenarioNode) throws -> Recipe {
        let fields = try node.mapping(allowed: ["name", "uses"])
        var problems = DiagnosticCollector()
        let name = problems.attempt { try fields["name"].map { try $0.string() } }
        let uses = problems.attempt {
            try fruitAmounts(fields.required("uses"), example: "{mango: 2, kiwi: 1}") { node in
                let value = try boundedAmount(node, max: maxRecipeAmount)
                if value == 0 { throw node.error("must be a positive integer, got 0") }
                return value
            }
        }
        try problems.check()
        do {
            return try Recipe(
                id: id,
                name: (name ?? nil) ?? Menu.standard.recipe(id: id)?.name ?? id,
                uses: Dictionary((uses ?? []).map { ($0.fruit, $0.count) }, uniquingKeysWith: { $1 })
            )
        } catch {
            throw node.error(error.description)
        }
    }

    private static func parseStep(_ item: ScenarioNode, juices: [String], names: [String]) throws -> ScenarioStep {
        let fields = try item.mapping(allowed: ["order", "count", "restock", "set"])
        let actions = fields.keys.filter { $0 != "count" }
        guard actions.count == 1, let action = actions.first, let node = fields[action] else {
            if actions.isEmpty { throw item.error("must be one of order, restock or set") }
            throw item.error("has \(actions.joined(separator: " and ")); give one action per step")
        }
        if action != "order", let count = fields["count"] {
            throw count.error("only goes with order")
        }
        switch action {
        case "order":
            var problems = DiagnosticCollector()
            let juice = problems.attempt { () throws -> String in
                let juice = try node.string()
                guard juices.contains(juice) || names.contains(juice) else {
                    throw node.error("is an unknown juice \"\(juice)\"\(ScenarioNode.suggestion(for: juice, in: juices + names)); expected one of: \(juices.joined(separator: ", "))")
                }
                return juice
            }
            let count = problems.attempt { () throws -> Int in
                guard let countNode = fields["count"] else { return 1 }
                let value = try countNode.int()
                if value < 0 { throw countNode.error("must not be negative, got \(value)") }
                if value == 0 || value > maxCount {
                    throw countNode.error("must be an integer from 1 to \(NumberText.grouped(maxCount)), got \(NumberText.grouped(value))")
                }
                return value
            }
            try problems.check()
            return .order(juice: juice ?? "", count: count ?? 1)
        case "restock":
            // Negative amounts take fruit away (the stepper's −); below zero is caught when the step runs.
            return .restock(try fruitAmounts(node, example: "{kiwi: 5}") { node in
                try node.int(in: -maxAmount...maxAmount)
            })
        default:
            return .set(try fruitAmounts(node, example: "{mango: 0}") { node in
                let value = try node.int()
                if value < 0 { throw node.error("would set the stock below zero (\(value)); stock never goes below zero") }
                return try boundedAmount(node, max: maxAmount)
            })
        }
    }

    private static func parseRandom(_ node: ScenarioNode, juices: [String]) throws -> RandomOrders {
        let fields = try node.mapping(allowed: ["orders", "seed", "mix"])
        var problems = DiagnosticCollector()
        let orders = problems.attempt { try fields.required("orders").int(in: 0...maxSteps) }
        let seed = problems.attempt { try fields["seed"].map { UInt64(try $0.int(in: 0...Int.max)) } }
        var mix: [String: Double]?
        if let mixNode = fields["mix"], let entries = problems.attempt({ try mixNode.mapping(allowed: nil) }) {
            var weights: [String: Double] = [:]
            for entry in entries.entries {
                guard juices.contains(entry.key) else {
                    problems.add(Diagnostic(
                        line: entry.keyLine,
                        "unknown juice \"\(entry.key)\" in \(mixNode.path)\(ScenarioNode.suggestion(for: entry.key, in: juices)); expected one of: \(juices.joined(separator: ", "))"
                    ))
                    continue
                }
                if let weight = problems.attempt({ try entry.value.double(in: 0...1_000_000) }) {
                    weights[entry.key] = weight
                }
            }
            if entries.isEmpty {
                problems.add(mixNode.error("must name at least one juice, e.g. {strawberry: 2, banana: 1}"))
            } else if weights.count == entries.entries.count && !weights.values.contains(where: { $0 > 0 }) {
                problems.add(mixNode.error("must give at least one juice a positive weight"))
            }
            mix = weights
        }
        try problems.check()
        return RandomOrders(orders: orders ?? 0, seed: seed ?? nil, mix: mix)
    }

    /// A non-negative integer up to `max`.
    private static func boundedAmount(_ node: ScenarioNode, max: Int) throws -> Int {
        try node.int(in: 0...max)
    }

    /// A mapping of fruit ids to amounts, in document order. Every unknown fruit (with a hint) and
    /// bad amount is reported; `example` set means the mapping must not be empty.
    private static func fruitAmounts(
        _ node: ScenarioNode,
        example: String?,
        amount: (ScenarioNode) throws -> Int
    ) throws -> [FruitCount] {
        let entries = try node.mapping(allowed: nil)
        if entries.isEmpty, let example { throw node.error("must name at least one fruit, e.g. \(example)") }
        var problems = DiagnosticCollector()
        var result: [FruitCount] = []
        for entry in entries.entries {
            guard let fruit = Fruit(id: entry.key) else {
                problems.add(Diagnostic(
                    line: entry.keyLine,
                    "unknown fruit \"\(entry.key)\" in \(node.displayPath)\(ScenarioNode.suggestion(for: entry.key, in: fruitIDs)); expected one of: \(fruitIDs.joined(separator: ", "))"
                ))
                continue
            }
            if let value = problems.attempt({ try amount(entry.value) }) {
                result.append(FruitCount(fruit, value))
            }
        }
        try problems.check()
        return result
    }
}
