/// A line's custom-event info: the JSON object a server sends in `x-custom-event-class-data`.
///
/// Lookups accept what real servers send: an ID as a string or a number.
public struct CustomEventInfo: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral {
    /// The members.
    public var values: [String: JSONValue]

    /// Creates info from its members.
    public init(_ values: [String: JSONValue] = [:]) {
        self.values = values
    }

    /// Creates info from a literal.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// Decodes the JSON object.
    public init(from decoder: any Decoder) throws {
        values = try [String: JSONValue](from: decoder)
    }

    /// Encodes the JSON object.
    public func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }

    /// The raw value for `key`.
    public subscript(key: String) -> JSONValue? {
        values[key]
    }

    /// The value for `key` as a string (numbers printed), or `nil` when absent, `null` or empty.
    public func string(_ key: String) -> String? {
        guard let text = values[key]?.stringValue, !text.isEmpty else { return nil }
        return text
    }

    /// The value for `key` as a string.
    ///
    /// - Throws: ``MediationError/missingRequiredInfo(key:)`` when absent, `null` or empty.
    public func requiredString(_ key: String) throws(MediationError) -> String {
        guard let text = string(key) else { throw .missingRequiredInfo(key: key) }
        return text
    }

    /// The value for `key` as a number, or `nil`.
    public func number(_ key: String) -> Double? {
        values[key]?.numberValue
    }

    /// The value for `key` as a Boolean, or `nil`.
    public func bool(_ key: String) -> Bool? {
        values[key]?.boolValue
    }

    /// The value for `key` as a list of strings (a JSON array, or one string), or `nil`.
    public func strings(_ key: String) -> [String]? {
        switch values[key] {
        case .array(let items): items.compactMap(\.stringValue)
        case .some(let single): single.stringValue.map { [$0] }
        case .none: nil
        }
    }
}
