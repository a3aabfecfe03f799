import Foundation

/// The values a tracking or `Error` URL's macros are replaced with (VAST 4.3 section 6), set by the player for
/// each ping. A value left `nil` is replaced with `-1` ("unknown") when its macro is one of the IAB list; see
/// ``VASTMacroExpander``.
public struct VASTMacroValues: Sendable, Equatable {
    /// `[ERRORCODE]`.
    public var errorCode: VASTErrorCode?
    /// `[TIMESTAMP]`: when the URL is pinged (ISO 8601 with milliseconds, in UTC).
    public var timestamp: Date?
    /// `[CACHEBUSTING]`: a random 8-digit number, new for each ping when `nil`.
    public var cacheBusting: String?
    /// `[ASSETURI]`: the media file being played.
    public var assetURI: URL?
    /// `[CONTENTPLAYHEAD]` (deprecated name) and `[MEDIAPLAYHEAD]`: the content's position.
    public var contentPlayhead: Duration?
    /// `[ADPLAYHEAD]`: the ad's position.
    public var adPlayhead: Duration?
    /// `[BREAKPOSITION]`: 1 preroll, 2 midroll, 3 postroll, 4 stand-alone.
    public var breakPosition: Int?
    /// `[REASON]`: the reason code of a `verificationNotExecuted` or similar event.
    public var reason: String?
    /// `[PODSEQUENCE]`: the ad's `sequence`.
    public var podSequence: Int?
    /// `[ADSERVINGID]`: the InLine ad's `AdServingId`.
    public var adServingId: String?
    /// `[UNIVERSALADID]`: `registry value` pairs of the creative.
    public var universalAdIds: [String]?
    /// `[ADCOUNT]`: the 1-based count of ads played in the break.
    public var adCount: Int?
    /// `[PLAYERSIZE]`: width and height in points.
    public var playerSize: (width: Int, height: Int)?
    /// Any other macro by name (without brackets), e.g. `["APPBUNDLE": "com.example"]`.
    public var custom: [String: String]

    /// Values with everything unknown but the time.
    public init(
        errorCode: VASTErrorCode? = nil, timestamp: Date? = nil, cacheBusting: String? = nil, assetURI: URL? = nil,
        contentPlayhead: Duration? = nil, adPlayhead: Duration? = nil, breakPosition: Int? = nil,
        reason: String? = nil, podSequence: Int? = nil, adServingId: String? = nil, universalAdIds: [String]? = nil,
        adCount: Int? = nil, playerSize: (width: Int, height: Int)? = nil, custom: [String: String] = [:]
    ) {
        self.errorCode = errorCode
        self.timestamp = timestamp
        self.cacheBusting = cacheBusting
        self.assetURI = assetURI
        self.contentPlayhead = contentPlayhead
        self.adPlayhead = adPlayhead
        self.breakPosition = breakPosition
        self.reason = reason
        self.podSequence = podSequence
        self.adServingId = adServingId
        self.universalAdIds = universalAdIds
        self.adCount = adCount
        self.playerSize = playerSize
        self.custom = custom
    }

    /// Equal when every value is.
    public static func == (lhs: VASTMacroValues, rhs: VASTMacroValues) -> Bool {
        lhs.errorCode == rhs.errorCode && lhs.timestamp == rhs.timestamp && lhs.cacheBusting == rhs.cacheBusting
            && lhs.assetURI == rhs.assetURI && lhs.contentPlayhead == rhs.contentPlayhead
            && lhs.adPlayhead == rhs.adPlayhead && lhs.breakPosition == rhs.breakPosition && lhs.reason == rhs.reason
            && lhs.podSequence == rhs.podSequence && lhs.adServingId == rhs.adServingId
            && lhs.universalAdIds == rhs.universalAdIds && lhs.adCount == rhs.adCount
            && lhs.playerSize?.width == rhs.playerSize?.width && lhs.playerSize?.height == rhs.playerSize?.height
            && lhs.custom == rhs.custom
    }

    /// The values of macro `name` (unencoded; several for list macros), or `nil` when this player has none.
    func values(for name: String) -> [String]? {
        if let value = custom[name] { return [value] }
        switch name {
        case "ERRORCODE": return errorCode.map { [String($0.rawValue)] }
        case "TIMESTAMP": return [VASTMacroValues.format(timestamp ?? Date())]
        case "CACHEBUSTING":
            return [cacheBusting ?? String(format: "%08d", Int.random(in: 0...99_999_999))]
        case "ASSETURI": return assetURI.map { [$0.absoluteString] }
        case "CONTENTPLAYHEAD", "MEDIAPLAYHEAD": return contentPlayhead.map { [VASTTime.format($0)] }
        case "ADPLAYHEAD": return adPlayhead.map { [VASTTime.format($0)] }
        case "BREAKPOSITION": return breakPosition.map { [String($0)] }
        case "REASON": return reason.map { [$0] }
        case "PODSEQUENCE": return podSequence.map { [String($0)] }
        case "ADSERVINGID": return adServingId.map { [$0] }
        case "UNIVERSALADID": return universalAdIds
        case "ADCOUNT": return adCount.map { [String($0)] }
        case "PLAYERSIZE": return playerSize.map { ["\($0.width)", "\($0.height)"] }
        default: return nil
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmm+00:00` in UTC.
    static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let milliseconds = min(999, (parts.nanosecond ?? 0) / 1_000_000)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d+00:00", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, milliseconds)
    }
}
