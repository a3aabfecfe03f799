import Foundation

/// JSON form: `{"checks": [{"name", "reason", "status"}…], "customEvent": …, "passed": …, "strict": …,
/// "subject": …}`, keys
/// sorted, so the same report always gives the same bytes.
extension ConformanceReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case subjectName = "subject"
        case customEventIdentifier = "customEvent"
        case passed
        case results = "checks"
        case strict
    }

    /// Decodes a report; the `passed` member is recomputed from the checks, never trusted.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            subjectName: try container.decode(String.self, forKey: .subjectName),
            customEventIdentifier: try container.decode(String.self, forKey: .customEventIdentifier),
            results: try container.decode([ConformanceCheckResult].self, forKey: .results),
            strict: try container.decodeIfPresent(Bool.self, forKey: .strict) ?? false)
    }

    /// Encodes the report, with its verdict as `passed`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subjectName, forKey: .subjectName)
        try container.encode(customEventIdentifier, forKey: .customEventIdentifier)
        try container.encode(passed, forKey: .passed)
        try container.encode(results, forKey: .results)
        try container.encode(strict, forKey: .strict)
    }

    /// The deterministic, pretty-printed JSON text of the report.
    public var jsonString: String {
        Self.jsonString(of: self)
    }

    /// The deterministic, pretty-printed JSON text of several reports, as one array.
    public static func jsonString(of reports: [ConformanceReport]) -> String {
        jsonString(of: reports as any Encodable)
    }

    private static func jsonString(of value: any Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Strings, Booleans and arrays of them always encode.
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
