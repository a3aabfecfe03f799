/// How one network's bid signal collection ended.
package enum BidSignalResult: String, Sendable, Hashable, Codable {
    /// The signal arrived in time and was sent.
    case collected
    /// No answer within the network's timeout; left out.
    case timedOut = "timed_out"
    /// The provider failed; left out.
    case failed
    /// The provider answered more than once; left out.
    case answeredTwice = "answered_twice"
    /// The privacy settings bar the network; the provider was not asked.
    case barredByPrivacy = "barred_by_privacy"
    /// The load was cancelled before the provider answered (or before it was asked); left out.
    case cancelled
}
