/// A conversion from `Double` that cannot trap: `Int(x)` traps on NaN, infinities and values out of range.
extension FixedWidthInteger {
    /// `value` rounded by `rule` and clamped to the type's range; `0` for NaN.
    ///
    /// The one conversion from `Double` used wherever a value can come from outside (an ad, a response, a
    /// command line), so that no value can crash the process. Inlinable, so that callers in other modules get it
    /// specialised for their integer type: called as a generic it went through the standard library's generic
    /// conversions (metadata lookups and witness calls), which the learned strategies' planner paid at every
    /// moment it tried (a sketch's bucket index): about a fifth of a `mediation bench` run's time.
    @inlinable
    package init(saturating value: Double, rounding rule: FloatingPointRoundingRule) {
        guard !value.isNaN else {
            self = 0
            return
        }
        let rounded = value.rounded(rule)
        if rounded >= Double(Self.max) {
            self = Self.max
        } else if rounded <= Double(Self.min) {
            self = Self.min
        } else {
            self = Self(exactly: rounded) ?? 0
        }
    }

    /// `value` rounded toward zero and clamped to the type's range; `0` for NaN (a default argument of an
    /// inlinable package initialiser is not exported, so this is an overload).
    @inlinable
    package init(saturating value: Double) {
        self.init(saturating: value, rounding: .towardZero)
    }
}
