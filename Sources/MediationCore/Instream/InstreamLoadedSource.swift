/// An in-stream source a waterfall line loaded: the line's custom event, ready to play, with the midpoints it
/// has ads for. What an in-stream waterfall delivers, as a native waterfall delivers a ``NativeAd``.
///
/// Until a session adopts it, the custom event's playback callbacks go nowhere; ``adopt(_:)`` routes them to
/// the session (or any ``InstreamCustomEventDelegate``) from then on.
package final class InstreamLoadedSource: Sendable {
    /// The custom event that loaded; the session drives it.
    package let customEvent: any InstreamCustomEvent
    /// The midroll positions, in seconds, the loaded data has ads for.
    package let availableMidpoints: [Double]
    private let relay: InstreamWaterfallLineRelay
    /// Whether this is its line's first load; a duplicate load of a line never cancels the line's network.
    let isFirstLoad: Bool

    init(
        customEvent: any InstreamCustomEvent, availableMidpoints: [Double], relay: InstreamWaterfallLineRelay,
        isFirstLoad: Bool
    ) {
        self.customEvent = customEvent
        self.availableMidpoints = availableMidpoints
        self.relay = relay
        self.isFirstLoad = isFirstLoad
    }

    /// Routes the custom event's playback callbacks (banner start, time left, complete, section complete,
    /// errors, modal and leave-application events) to `delegate` from now on.
    package func adopt(_ delegate: any InstreamCustomEventDelegate) {
        relay.forward(to: delegate)
    }
}

extension InstreamLoadedSource: WaterfallLoadable {
    var unusableReason: MediationError? { nil }
    var refusedContentURLs: [NativeAdPropertyKey: String] { [:] }
    var droppedContentValues: [String: String] { [:] }
}
