/// A conversion from `Double` that cannot trap: `Int(x)` traps on NaN, infinities and values out of range.
extension FixedWidthInteger {
    /// `value` rounded by `rule` and clamped to the type's range; `0` for NaN.
    ///
    /// The one conversion from `Double` used wherever a value can come from outside (an ad, a response, a
    /// command line), so that no value can crash the process.
    package init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
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
}
