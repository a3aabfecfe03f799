import MediationSupport

extension NativeAd {
    private static let identifierCounter = Locked<UInt64>(0)

    /// A new ``identifier``: this launch's token and a counter, unique across launches (a tracker pinger's
    /// journal outlives a launch) and made without a random UUID per ad, which costs a system call on Linux.
    static func nextIdentifier() -> String {
        let number = identifierCounter.withLock { count in
            count += 1
            return count
        }
        return "\(MediationRunID.launchToken)-ad-\(number)"
    }
}
