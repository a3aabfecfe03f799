import Foundation
import MediationSupport

/// An after-load URL as the server sends it, with MoPub's macros still in it.
///
/// `%%LOAD_DURATION_MS%%` becomes the line's load time in whole milliseconds and `%%LOAD_RESULT%%` one of
/// `ad_loaded`, `error`, `timeout`, `missing_adapter` when the URL is fired. The template is checked on
/// creation: with the macros replaced it must be an absolute `http` or `https` URL with a host, or a
/// protocol-relative one (`//host/path`), which is read as `https`.
public struct LoadURLTemplate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The load-duration macro.
    package static let loadDurationMacro = "%%LOAD_DURATION_MS%%"
    /// The load-result macro.
    package static let loadResultMacro = "%%LOAD_RESULT%%"

    /// The template text.
    public let template: String

    /// Creates a template, checking that it yields a valid tracker URL.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with path `url` when it does not.
    public init(_ template: String) throws(MediationError) {
        guard Self.trackerURL(Self.expand(template, loadDuration: .zero, result: MediationError.adLoadedResult)) != nil
        else {
            throw .invalidConfiguration(path: "url", reason: "expected an absolute http(s) URL, got \"\(template)\"")
        }
        self.template = template
    }

    /// Decodes and checks a template.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
        }
    }

    /// Encodes the template text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(template)
    }

    /// The URL to fire for a line that took `loadDuration` and ended with `result` (a `%%LOAD_RESULT%%` value).
    package func url(loadDuration: Duration, result: String) -> URL? {
        Self.trackerURL(Self.expand(template, loadDuration: loadDuration, result: result))
    }

    /// The template text.
    public var description: String { template }

    /// `url` as a tracker URL when it is an absolute `http`/`https` URL with a host (a protocol-relative
    /// `//host/path` read as `https`, by the rule every reader of ad content shares); otherwise `nil`.
    package static func trackerURL(_ text: String) -> URL? {
        // Trims only when an end is whitespace: Foundation's trim goes through NSString, and the engine expands
        // every bid's billing URLs (and every line's after-load URLs) as the line starts.
        let whitespace = CharacterSet.whitespaces
        let untrimmed =
            text.unicodeScalars.first.map(whitespace.contains) == true
            || text.unicodeScalars.last.map(whitespace.contains) == true
        let trimmed = MediationURLPolicy.resolvingProtocolRelative(
            untrimmed ? text.trimmingCharacters(in: .whitespaces) : text)
        guard let url = URL(string: trimmed), MediationURLPolicy.isAllowedContentURL(url) else { return nil }
        return url
    }

    private static func expand(_ template: String, loadDuration: Duration, result: String) -> String {
        template
            .replacingOccurrences(of: loadDurationMacro, with: String(max(loadDuration.wholeMilliseconds, 0)))
            .replacingOccurrences(of: loadResultMacro, with: result)
    }
}
