import Foundation

/// A `Linear` creative: a video or audio ad that plays in the content's place.
public struct VASTLinear: Sendable, Hashable {
    /// `Duration`; `nil` only in a wrapper's linear (which carries trackers, not media).
    public var duration: Duration?
    /// `skipoffset`: when the viewer may skip; `nil` means not skippable.
    public var skipOffset: VASTOffset?
    /// `AdParameters` text, when given.
    public var adParameters: String?
    /// `MediaFiles/MediaFile`, in document order.
    public var mediaFiles: [VASTMediaFile]
    /// `MediaFiles/Mezzanine`.
    public var mezzanines: [VASTMezzanine]
    /// `MediaFiles/InteractiveCreativeFile`.
    public var interactiveCreativeFiles: [VASTInteractiveCreativeFile]
    /// `MediaFiles/ClosedCaptionFiles/ClosedCaptionFile`.
    public var closedCaptionFiles: [VASTClosedCaptionFile]
    /// `TrackingEvents/Tracking`, in document order.
    public var trackers: [VASTTracker]
    /// `VideoClicks`.
    public var videoClicks: VASTVideoClicks
    /// `Icons/Icon`.
    public var icons: [VASTIcon]

    /// The URLs of `event` (not `progress`), in order.
    public func urls(for event: VASTTrackingEventName) -> [URL] {
        trackers.filter { $0.event == event }.map(\.url)
    }
}
