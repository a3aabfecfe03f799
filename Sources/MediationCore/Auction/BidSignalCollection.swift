/// The outcome of collecting bid signals for one ad request: the signals that arrived in time, and one record
/// per bidding network for the trace.
public struct BidSignalCollection: Sendable, Hashable {
    /// The signals to send, sorted by custom event identifier.
    public var signals: [CollectedBidSignal]
    /// One record per registered provider, sorted by custom event identifier: collected, timed out, failed,
    /// answered twice or barred by privacy (never the signal itself).
    package var records: [BidSignalRecord]

    /// Creates a collection.
    package init(signals: [CollectedBidSignal] = [], records: [BidSignalRecord] = []) {
        self.signals = signals
        self.records = records
    }
}
