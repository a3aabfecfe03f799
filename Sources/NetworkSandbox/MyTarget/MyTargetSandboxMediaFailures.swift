/// Which media download attempts of a sandbox banner fail.
public enum MyTargetSandboxMediaFailures: Sendable, Hashable {
    /// Every attempt succeeds.
    case none
    /// The first `count` attempts fail, later ones succeed.
    case times(Int)
    /// Every attempt fails.
    case always

    /// Whether attempt number `index` (0-based) fails.
    public func failsAttempt(_ index: Int) -> Bool {
        switch self {
        case .none: false
        case .times(let count): index < count
        case .always: true
        }
    }
}
