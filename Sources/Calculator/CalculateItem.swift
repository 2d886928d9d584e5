/// Something a calculator queue may hold: an operand (`Double`) or an ``Operator``.
///
/// The protocol is empty on purpose: it keeps ``CalculatorItemQueue`` from being filled with
/// anything that is not part of a formula.
public protocol CalculateItem: Sendable {}

extension Double: CalculateItem {}
