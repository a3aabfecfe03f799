import Foundation

/// SplitMix64: a small, fast, seeded generator, so that a workload's outcomes are the same on every platform.
public struct BenchRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// A generator for one line of one request: independent of the order in which anything runs.
    public init(seed: UInt64, request: Int, line: Int) {
        var mixer = BenchRandom(seed: seed ^ 0x6A09_E667_F3BC_C909)
        state = mixer.next() ^ (UInt64(truncatingIfNeeded: request) &* 0x9E37_79B9_7F4A_7C15)
        state = mixer.next() ^ next() ^ (UInt64(truncatingIfNeeded: line) &* 0xC2B2_AE3D_27D4_EB4F)
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A uniform draw in [0, 1).
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A standard normal draw (Box–Muller).
    public mutating func normal() -> Double {
        let first = max(unit(), 0x1p-53)
        let second = unit()
        return (-2 * log(first)).squareRoot() * cos(2 * Double.pi * second)
    }
}
