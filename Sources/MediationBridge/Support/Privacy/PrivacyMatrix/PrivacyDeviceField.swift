/// Device and attribution data an OpenRTB bid request may carry: a row of the ``PrivacyMatrix``'s device table,
/// saying when the privacy settings withhold it.
///
/// The IDFA and the IDFV are user IDs (``PrivacyPersonalField/userIdentifiers``): every input that withholds user
/// IDs withholds them, and the IDFA also needs ATT `authorized`. The user agent and the SKAdNetwork data say
/// nothing about the user and always go.
package enum PrivacyDeviceField: String, Sendable, Hashable, CaseIterable {
    /// The IDFA, `device.ifa`.
    case advertisingIdentifier
    /// The IDFV, `device.ext.ifv` (the IAB's SKAdNetwork device extension, as Prebid sends it).
    case vendorIdentifier
    /// The user agent, `device.ua`.
    case userAgent
    /// The SKAdNetwork data, `imp.ext.skadn` (the IAB's SKAdNetwork extension).
    case skAdNetwork

    /// When the privacy settings withhold the field; `nil` when they never do.
    package var withheldWhen: PrivacyCondition? {
        switch self {
        case .advertisingIdentifier: .trackingNotAuthorized
        case .vendorIdentifier: .userIdentifiersWithheld
        case .userAgent, .skAdNetwork: nil
        }
    }

    /// Whether `privacy` lets the field go.
    package func isAllowed(in privacy: PrivacySettings) -> Bool {
        withheldWhen?.holds(in: privacy) != true
    }

    /// The row's name in docs/privacy.md: the data and where the host gives it.
    package var documentation: String {
        switch self {
        case .advertisingIdentifier: "IDFA (`OpenRTBDeviceInfo.advertisingIdentifier`)"
        case .vendorIdentifier: "IDFV (`OpenRTBDeviceInfo.vendorIdentifier`)"
        case .userAgent: "User agent (`OpenRTBDeviceInfo.userAgent`)"
        case .skAdNetwork: "SKAdNetwork (`OpenRTBSKAdNetwork`)"
        }
    }

    /// The bid request's field, for docs/privacy.md.
    package var wireField: String {
        switch self {
        case .advertisingIdentifier: "`device.ifa`"
        case .vendorIdentifier: "`device.ext.ifv`"
        case .userAgent: "`device.ua`, and the `User-Agent` header"
        case .skAdNetwork: "`imp.ext.skadn`: `versions`, `sourceapp`, `skadnetids`"
        }
    }

    /// A remark for docs/privacy.md.
    package var note: String {
        switch self {
        case .advertisingIdentifier:
            "`device.lmt` is `0` exactly when it may go; an all-zero IDFA (the system's answer without authorisation) "
                + "is never sent"
        case .vendorIdentifier:
            "only when no IDFA goes, as Prebid sends it: a vendor-scoped stand-in for frequency capping; unlike "
                + "Prebid, never under ATT `denied` or `restricted`, which withholds every user ID"
        case .userAgent: "it names the web engine and OS version, not the user"
        case .skAdNetwork:
            "the app's App Store ID and the ad networks its Info.plist lists, nothing about the user: install "
                + "attribution without the IDFA"
        }
    }
}
