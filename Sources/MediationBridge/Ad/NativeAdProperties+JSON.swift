import Foundation

/// JSON form: one object, key → value (see ``NativeAdValue``'s JSON form), with keys sorted so that the same
/// properties always give the same bytes.
extension NativeAdProperties: Codable {
    private struct StringKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes and checks the properties.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: StringKey.self)
        self.init()
        for codingKey in container.allKeys {
            let value = try container.decode(NativeAdValue.self, forKey: codingKey)
            do {
                try set(value, for: NativeAdPropertyKey(rawValue: codingKey.stringValue))
            } catch {
                let reason = if case .invalidConfiguration(_, let reason) = error { reason } else { "\(error)" }
                throw MediationError.invalidConfiguration(
                    path: (decoder.codingPath + [codingKey]).jsonPath, reason: reason)
            }
        }
    }

    /// Encodes the properties as one JSON object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StringKey.self)
        for key in keys {
            try container.encode(values[key], forKey: StringKey(stringValue: key.rawValue))
        }
    }

    /// The deterministic JSON bytes: sorted keys, no escaped slashes, optionally pretty-printed.
    public func jsonData(prettyPrinted: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if prettyPrinted { encoder.outputFormatting.insert(.prettyPrinted) }
        // Encoding strings, finite numbers, URLs and data cannot fail; a non-finite number is the only way,
        // and `set` refuses those for star ratings only, so encode them as strings instead of failing.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    /// The deterministic JSON text.
    public func jsonString(prettyPrinted: Bool = false) -> String {
        String(decoding: jsonData(prettyPrinted: prettyPrinted), as: UTF8.self)
    }

    /// Decodes properties from JSON bytes.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with the JSON path of the bad value.
    public static func decode(json data: Data) throws(MediationError) -> NativeAdProperties {
        try JSONDecoder().decodeNamingPath(NativeAdProperties.self, from: data)
    }
}

extension JSONDecoder {
    /// Decodes `type` from `data`; a failure becomes ``MediationError/invalidConfiguration(path:reason:)`` naming
    /// the JSON path of the bad value (`$` when the bytes are not JSON).
    package func decodeNamingPath<Value: Decodable>(_ type: Value.Type, from data: Data) throws(MediationError)
        -> Value
    {
        do {
            return try decode(type, from: data)
        } catch let error as MediationError {
            throw error
        } catch let error as DecodingError {
            throw error.mediationError
        } catch {
            throw .invalidConfiguration(path: "$", reason: "\(error)")
        }
    }
}

extension DecodingError {
    /// This decoding error as `invalidConfiguration`, with its coding path as a JSON path (`$.a[2].b`).
    package var mediationError: MediationError {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return .invalidConfiguration(path: context.codingPath.jsonPath, reason: context.debugDescription)
        case .keyNotFound(let key, let context):
            return .invalidConfiguration(
                path: (context.codingPath + [key]).jsonPath, reason: "missing required key '\(key.stringValue)'")
        @unknown default:
            return .invalidConfiguration(path: "$", reason: "\(self)")
        }
    }
}

extension Array where Element == any CodingKey {
    /// The path as `$.key[index].key`.
    package var jsonPath: String {
        reduce("$") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path + "." + key.stringValue
        }
    }
}
