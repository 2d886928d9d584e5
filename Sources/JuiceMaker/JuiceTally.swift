/// One juice's line in a run's summary.
public struct JuiceTally: Sendable, Equatable {
    public let recipe: Recipe
    /// Glasses made.
    public let served: Int
    /// Orders that could not be made.
    public let failed: Int
    /// Glasses the final stock can still make.
    public let canMake: Int

    public init(recipe: Recipe, served: Int, failed: Int, canMake: Int) {
        self.recipe = recipe
        self.served = served
        self.failed = failed
        self.canMake = canMake
    }
}
