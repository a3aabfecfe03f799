/// The reference network's bidder-token call: the part of its SDK that gives the signal an ad server's auction
/// needs before the ad request (Google's `collectSignals`, MAX's `MASignalProvider`).
///
/// Rules for conformers:
/// - Answer exactly once through `completion`, from any thread: the token, or `nil` when the network has none
///   to give (not initialised, no consent to read it).
/// - Never put the host's personal data into the token beyond what the SDK itself is allowed to send.
public protocol ReferenceBidderTokenLoading: Sendable {
    /// Asks the network for its bidder token, with its child-directed flag (COPPA).
    func loadBidderToken(childDirected: Bool, completion: @escaping @Sendable (String?) -> Void)
}
