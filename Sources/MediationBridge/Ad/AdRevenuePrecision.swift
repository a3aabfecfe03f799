/// How exact an impression's revenue value is (Google's `AdValuePrecision`, AppLovin MAX's
/// `revenuePrecision`).
public enum AdRevenuePrecision: String, Sendable, Hashable, Codable, CaseIterable {
    /// The network estimated the value (aggregate data, not this impression's price).
    case estimated
    /// The value is the floor or fixed CPM the publisher set on the line.
    case publisherDefined
    /// The value is what this impression was paid.
    case precise
    /// The network did not say.
    case unknown
}
