/// A personal field a destination may carry, which the ``PrivacyMatrix`` withholds under restricting inputs.
/// Language is not personal and always goes.
package enum PrivacyPersonalField: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The user's age.
    case age
    /// The user's gender.
    case gender
    /// Any user-level identifier (myTarget's email, phone, OK and VK IDs, `customUserId`; an OpenRTB bid
    /// request's IDFA and IDFV, ``PrivacyDeviceField``; none is sent to the ad server today).
    case userIdentifiers

    /// Ordered as declared.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
