/// What a line's custom event supports, as its load kind reports it once the line is resolved
/// (``WaterfallLoadKind/capabilities(of:)``): facts the run machine applies its rules to. A bid line on a custom
/// event that does not bid fails before its request; a child-directed run skips a custom event that does not
/// serve child-directed traffic.
struct WaterfallLineCapabilities: Sendable, Equatable {
    /// Whether the custom event loads bid markup.
    var supportsBidding: Bool
    /// Whether the custom event may serve child-directed traffic.
    var supportsChildDirectedTraffic: Bool

    /// A custom event that bids and serves child-directed traffic: no rule refuses it.
    static var all: WaterfallLineCapabilities {
        WaterfallLineCapabilities(supportsBidding: true, supportsChildDirectedTraffic: true)
    }
}
