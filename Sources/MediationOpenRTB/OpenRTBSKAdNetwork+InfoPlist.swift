import MediationBridge

extension OpenRTBSKAdNetwork {
    /// The Info.plist key that lists the ad networks an app works with: an array of dictionaries, each holding one
    /// ``infoPlistIdentifierKey`` string.
    public static let infoPlistKey = "SKAdNetworkItems"
    /// The key of each ``infoPlistKey`` dictionary that holds the ad network ID.
    public static let infoPlistIdentifierKey = "SKAdNetworkIdentifier"

    /// Creates the data with the ad network IDs of an Info.plist (``networkIdentifiers(infoDictionary:)``).
    ///
    /// ```swift
    /// let skAdNetwork = try OpenRTBSKAdNetwork(
    ///     sourceApp: "880047117", infoDictionary: Bundle.main.infoDictionary ?? [:])
    /// ```
    ///
    /// - Throws: `MediationError.invalidConfiguration` naming the entry when the list has another shape or an ID
    ///   is not valid, and `networkIdentifiers` when it lists none; as ``init(sourceApp:networkIdentifiers:versions:)``
    ///   for the other values.
    public init(
        sourceApp: String, infoDictionary: [String: Any], versions: [String] = extensionVersions
    ) throws(MediationError) {
        try self.init(
            sourceApp: sourceApp, networkIdentifiers: try Self.networkIdentifiers(infoDictionary: infoDictionary),
            versions: versions)
    }

    /// The ad network IDs an Info.plist lists under `SKAdNetworkItems`, lower-cased, in order, without repeats;
    /// none when the key is absent.
    ///
    /// Pass `Bundle.main.infoDictionary`, or any dictionary of the same shape (`PropertyListSerialization` reads
    /// one from a plist's bytes on every platform).
    ///
    /// - Throws: `MediationError.invalidConfiguration` with the entry's path (`SKAdNetworkItems`,
    ///   `SKAdNetworkItems[3]`, `SKAdNetworkItems[3].SKAdNetworkIdentifier`) when `SKAdNetworkItems` is not an
    ///   array, an entry is not a dictionary, or its identifier is missing, not a string or not a valid ID.
    public static func networkIdentifiers(infoDictionary: [String: Any]) throws(MediationError) -> [String] {
        guard let value = infoDictionary[infoPlistKey] else { return [] }
        guard let items = value as? [Any] else {
            throw .invalidConfiguration(path: infoPlistKey, reason: "not an array")
        }
        var seen: Set<String> = []
        var identifiers: [String] = []
        for (index, item) in items.enumerated() {
            let path = "\(infoPlistKey)[\(index)]"
            guard let entry = item as? [String: Any] else {
                throw .invalidConfiguration(path: path, reason: "not a dictionary")
            }
            guard let text = entry[infoPlistIdentifierKey] as? String else {
                throw .invalidConfiguration(
                    path: "\(path).\(infoPlistIdentifierKey)",
                    reason: entry[infoPlistIdentifierKey] == nil ? "missing" : "not a string")
            }
            let identifier: String
            do {
                identifier = try checkedNetworkIdentifier(text)
            } catch {
                guard case .invalidConfiguration(_, let reason) = error else { throw error }
                throw .invalidConfiguration(path: "\(path).\(infoPlistIdentifierKey)", reason: reason)
            }
            if seen.insert(identifier).inserted { identifiers.append(identifier) }
        }
        return identifiers
    }
}
