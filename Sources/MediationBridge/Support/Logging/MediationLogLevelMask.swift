/// A set of log levels as bits: what a run's logger records, asked once per run and kept without an allocation.
package struct MediationLogLevelMask: Sendable, Equatable, ExpressibleByArrayLiteral {
    private var bits: UInt8

    /// The levels in `levels`.
    package init(_ levels: some Sequence<MediationLogLevel>) {
        bits = levels.reduce(0) { $0 | Self.bit($1) }
    }

    package init(arrayLiteral levels: MediationLogLevel...) {
        self.init(levels)
    }

    /// Every level.
    package static var all: Self { Self(MediationLogLevel.allCases) }

    /// The levels `logger` records.
    package static func enabled(in logger: any MediationLogger) -> Self {
        var mask: Self = []
        for level in MediationLogLevel.allCases where logger.isEnabled(level) { mask.bits |= bit(level) }
        return mask
    }

    /// Whether the set holds no level.
    package var isEmpty: Bool { bits == 0 }

    /// Whether `level` is in the set.
    package func contains(_ level: MediationLogLevel) -> Bool { bits & Self.bit(level) != 0 }

    private static func bit(_ level: MediationLogLevel) -> UInt8 { 1 << UInt8(level.rawValue) }
}
