/// The `event` of a VAST `Tracking` element. The spec's names are constants; any other name is kept as read.
public struct VASTTrackingEventName: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The event name as VAST writes it (`firstQuartile`).
    public var rawValue: String

    /// Creates a name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `creativeView`: the creative (or companion) was shown.
    public static let creativeView = VASTTrackingEventName(rawValue: "creativeView")
    /// `loaded`: the media was loaded and is ready to play (VAST 4).
    public static let loaded = VASTTrackingEventName(rawValue: "loaded")
    /// `start`: playback began.
    public static let start = VASTTrackingEventName(rawValue: "start")
    /// `firstQuartile`: 25 % played.
    public static let firstQuartile = VASTTrackingEventName(rawValue: "firstQuartile")
    /// `midpoint`: 50 % played.
    public static let midpoint = VASTTrackingEventName(rawValue: "midpoint")
    /// `thirdQuartile`: 75 % played.
    public static let thirdQuartile = VASTTrackingEventName(rawValue: "thirdQuartile")
    /// `complete`: played to the end.
    public static let complete = VASTTrackingEventName(rawValue: "complete")
    /// `progress`: a point given by the tracker's `offset` was crossed.
    public static let progress = VASTTrackingEventName(rawValue: "progress")
    /// `mute`.
    public static let mute = VASTTrackingEventName(rawValue: "mute")
    /// `unmute`.
    public static let unmute = VASTTrackingEventName(rawValue: "unmute")
    /// `pause`.
    public static let pause = VASTTrackingEventName(rawValue: "pause")
    /// `resume`.
    public static let resume = VASTTrackingEventName(rawValue: "resume")
    /// `rewind`.
    public static let rewind = VASTTrackingEventName(rawValue: "rewind")
    /// `skip`: the viewer skipped the ad.
    public static let skip = VASTTrackingEventName(rawValue: "skip")
    /// `playerExpand`.
    public static let playerExpand = VASTTrackingEventName(rawValue: "playerExpand")
    /// `playerCollapse`.
    public static let playerCollapse = VASTTrackingEventName(rawValue: "playerCollapse")
    /// `closeLinear`.
    public static let closeLinear = VASTTrackingEventName(rawValue: "closeLinear")
    /// `notUsed`: the ad was not played (for example a buffet ad left out).
    public static let notUsed = VASTTrackingEventName(rawValue: "notUsed")
    /// `otherAdInteraction`.
    public static let otherAdInteraction = VASTTrackingEventName(rawValue: "otherAdInteraction")
    /// `acceptInvitation` (non-linear).
    public static let acceptInvitation = VASTTrackingEventName(rawValue: "acceptInvitation")
    /// `close` (non-linear).
    public static let close = VASTTrackingEventName(rawValue: "close")
    /// `adExpand` (non-linear): the user expanded the overlay.
    public static let adExpand = VASTTrackingEventName(rawValue: "adExpand")
    /// `adCollapse` (non-linear): the user collapsed the overlay back to its initial size.
    public static let adCollapse = VASTTrackingEventName(rawValue: "adCollapse")
    /// `minimize` (non-linear): the user minimized the overlay.
    public static let minimize = VASTTrackingEventName(rawValue: "minimize")
    /// `overlayViewDuration` (non-linear): how long the overlay was shown, in `[ADPLAYHEAD]`.
    public static let overlayViewDuration = VASTTrackingEventName(rawValue: "overlayViewDuration")

    /// The five playback milestones in the order they fire.
    public static let playbackOrder: [VASTTrackingEventName] = [
        .start, .firstQuartile, .midpoint, .thirdQuartile, .complete,
    ]

    /// The raw name.
    public var description: String { rawValue }

    /// Orders by name.
    public static func < (lhs: VASTTrackingEventName, rhs: VASTTrackingEventName) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
