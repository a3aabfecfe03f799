import MediationBridge

/// The SKAdNetwork data of every bid request (``OpenRTBBidRequestConfiguration/skAdNetwork``), sent as
/// `imp.ext.skadn` by the IAB Tech Lab's SKAdNetwork extension for OpenRTB: the versions the app's ad display
/// supports (`versions`), the app's App Store ID (`sourceapp`) and the ad network IDs its Info.plist lists
/// (`skadnetids`), so that a bidder can sign an ad for install attribution without the IDFA.
///
/// It carries nothing about the user and goes under every privacy state (docs/privacy.md). `skoverlay` and
/// `productpage` are not sent: MediationKit shows neither an `SKOverlay` nor a custom product page. Read the IDs
/// from the Info.plist with ``init(sourceApp:infoDictionary:versions:)``.
public struct OpenRTBSKAdNetwork: Sendable, Hashable {
    /// The SKAdNetwork versions the IAB extension covers, `2.0` to `4.0`: the default of ``versions``.
    public static let extensionVersions = ["2.0", "2.1", "2.2", "3.0", "4.0"]
    /// The most ad network IDs accepted.
    public static let maximumNetworkIdentifiers = 1000

    /// The supported SKAdNetwork versions (`versions`), each `major.minor`, at least `2.0`, without repeats.
    public private(set) var versions: [String]
    /// The app's App Store ID (`sourceapp`), digits only, such as `880047117`.
    public private(set) var sourceApp: String
    /// The ad network IDs (`skadnetids`), lower case, in the given order without repeats.
    public private(set) var networkIdentifiers: [String]

    /// Creates the data, checking every value.
    ///
    /// - Parameters:
    ///   - sourceApp: the app's App Store ID, digits only (the `id…` of its App Store URL).
    ///   - networkIdentifiers: the ad network IDs, such as `cstr6suwn9.skadnetwork`: at least one and at most
    ///     ``maximumNetworkIdentifiers``, each 1 to 100 ASCII letters, digits, `.`, `-` or `_`; lower-cased as the
    ///     IAB extension asks, repeats dropped.
    ///   - versions: the SKAdNetwork versions the app's ad display supports; ``extensionVersions`` by default.
    /// - Throws: `MediationError.invalidConfiguration` naming the field (`sourceApp`, `networkIdentifiers[i]`,
    ///   `versions[i]`) when a value is not one of those.
    public init(
        sourceApp: String, networkIdentifiers: [String], versions: [String] = extensionVersions
    ) throws(MediationError) {
        guard (1...20).contains(sourceApp.utf8.count), sourceApp.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else {
            throw .invalidConfiguration(path: "sourceApp", reason: "the App Store ID must be 1 to 20 digits")
        }
        self.sourceApp = sourceApp
        self.networkIdentifiers = try Self.unique(
            networkIdentifiers, path: "networkIdentifiers", Self.checkedNetworkIdentifier)
        guard !self.networkIdentifiers.isEmpty else {
            throw .invalidConfiguration(
                path: "networkIdentifiers", reason: "no ad network ID: no bidder could sign an ad for attribution")
        }
        guard self.networkIdentifiers.count <= Self.maximumNetworkIdentifiers else {
            throw .invalidConfiguration(
                path: "networkIdentifiers", reason: "more than \(Self.maximumNetworkIdentifiers) ad network IDs")
        }
        self.versions = try Self.unique(versions, path: "versions") { (version) throws(MediationError) -> String in
            let parts = version.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let major = Int(parts[0]), Int(parts[1]) != nil,
                parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }), major >= 2
            else {
                throw .invalidConfiguration(path: "", reason: "a version is major.minor digits, at least 2.0")
            }
            return version
        }
        guard !self.versions.isEmpty else {
            throw .invalidConfiguration(path: "versions", reason: "no SKAdNetwork version")
        }
    }

    /// `identifier` lower-cased, or a refusal (with an empty path) when it is not 1 to 100 ASCII letters, digits,
    /// `.`, `-` or `_`.
    static func checkedNetworkIdentifier(_ identifier: String) throws(MediationError) -> String {
        let lower = identifier.lowercased()
        let allowed = lower.utf8.allSatisfy { byte in
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x2D
                || byte == 0x5F
        }
        guard allowed, (1...100).contains(lower.utf8.count) else {
            throw .invalidConfiguration(
                path: "", reason: "an ad network ID is 1 to 100 ASCII letters, digits, '.', '-' or '_'")
        }
        return lower
    }

    /// `values` checked and normalised by `check`, repeats dropped; a refusal names `path[i]`.
    private static func unique(
        _ values: [String], path: String, _ check: (String) throws(MediationError) -> String
    ) throws(MediationError) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for (index, value) in values.enumerated() {
            let normalised: String
            do {
                normalised = try check(value)
            } catch {
                guard case .invalidConfiguration(_, let reason) = error else { throw error }
                throw .invalidConfiguration(path: "\(path)[\(index)]", reason: reason)
            }
            if seen.insert(normalised).inserted { result.append(normalised) }
        }
        return result
    }
}
