import Foundation

extension MediationTrace {
    /// Decodes a trace from its JSON form (``jsonData(prettyPrinted:)``), such as one a host saved from its
    /// logs: `jsonData` and `decode` round-trip (times in whole milliseconds).
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming the JSON path of the bad value,
    ///   like `$.entries[2].startMs`.
    public static func decode(json data: Data) throws(MediationError) -> MediationTrace {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try decoder.decodeNamingPath(MediationTrace.self, from: data)
    }
}
