/// Which notice of a bid: win, loss or billing.
package enum AuctionNoticeKind: String, Sendable, Hashable, Codable {
    /// `x-nurl`: the bid's ad won the run.
    case win
    /// `x-lurl`: the bid lost, with its loss reason.
    case loss
    /// `x-burl`: the winning ad's first impression.
    case billing

    /// The tracker-ping event the notice is fired as.
    package var pingEvent: TrackerPingEvent {
        switch self {
        case .win: .win
        case .loss: .loss
        case .billing: .billing
        }
    }
}
