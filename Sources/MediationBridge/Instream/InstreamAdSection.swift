/// A slot on the content timeline where in-stream ads play.
public enum InstreamAdSection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Before the content.
    case preroll
    /// At a midpoint of the content.
    case midroll
    /// While the content is paused.
    case pauseroll
    /// After the content.
    case postroll

    /// Parses a section name as networks report it, case-insensitively (`"Preroll"` and `"preroll"` alike).
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }
}
