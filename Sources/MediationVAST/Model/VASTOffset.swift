/// A point in a creative's timeline as VAST writes it: a time (`HH:MM:SS[.mmm]`) or a percentage of the
/// creative's duration (`n%`). Used by `skipoffset`, progress tracking `offset` and icon `offset`.
public enum VASTOffset: Sendable, Hashable, CustomStringConvertible {
    /// A time from the start of the creative.
    case time(Duration)
    /// A percentage (0...100) of the creative's duration.
    case percent(Double)

    /// The offset as a time within a creative of `duration`: a percentage becomes that share of it.
    public func resolved(in duration: Duration) -> Duration {
        switch self {
        case .time(let time): time
        case .percent(let percent): duration * (percent / 100)
        }
    }

    /// `HH:MM:SS.mmm` or `n%`, as VAST writes it.
    public var description: String {
        switch self {
        case .time(let time): VASTTime.format(time)
        case .percent(let percent):
            percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
        }
    }

    /// Reads `HH:MM:SS[.mmm]` or `n%` (also `n.m%`); `nil` when it is neither or a percentage is outside 0...100.
    public static func parse(_ text: String) -> VASTOffset? {
        let trimmed = text.trimmingVASTWhitespace
        if trimmed.hasSuffix("%") {
            guard let value = Double(trimmed.dropLast().trimmingCharacters(in: .whitespaces)), value.isFinite,
                value >= 0, value <= 100
            else { return nil }
            return .percent(value)
        }
        return VASTTime.parse(trimmed).map(VASTOffset.time)
    }
}
