/// A part of an OpenRTB document left out on purpose: where (a JSON path) and why. Drops are traced; they never
/// fail the bid by themselves.
public struct OpenRTBDrop: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The JSON path of what was dropped (`$.jstracker`, `$.eventtrackers[1]`, `$.seatbid[0].bid[2]`).
    public var path: String
    /// Why it was dropped.
    public var reason: String

    /// Creates a drop record.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: REASON`.
    public var description: String { "\(path): \(reason)" }
}
