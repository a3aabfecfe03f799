import Foundation

/// A JSON value, as servers send it in custom-event info and ad responses.
public enum JSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as plain JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string, or the number printed without a fraction when whole; `nil` for other values.
    ///
    /// Servers send IDs both as `"123"` and `123`; this accepts both.
    package var stringValue: String? {
        switch self {
        case .string(let value): value
        case .number(let value) where value.rounded() == value && abs(value) < 1e15: String(Int64(value))
        case .number(let value): String(value)
        default: nil
        }
    }

    /// The number, or a string that holds exactly one JSON number (a plain JSON decimal: no hex, no
    /// trailing bytes); `nil` for other values.
    public var numberValue: Double? {
        switch self {
        case .number(let value): value
        case .string(let value): JSONDocument.decimal(value)
        default: nil
        }
    }

    /// The object's members, or `nil`.
    package var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The array's elements, or `nil`.
    package var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The Boolean, or a string/number that spells one (`"true"`, `"1"`); `nil` otherwise.
    package var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .number(let value): value != 0
        case .string(let value):
            switch value.lowercased() {
            case "true", "1", "yes": true
            case "false", "0", "no": false
            default: nil
            }
        default: nil
        }
    }
}
