/// A network's column of the privacy matrix (docs/privacy.md): which of the user's personal fields (age, gender,
/// user identifiers) the network must not receive under a request's ``PrivacySettings``.
///
/// An adapter passes its network's profile to ``Targeting/redacted(for:profile:)`` right before it hands age and
/// gender to the network's SDK, as the built-in adapters do with theirs, so that no caller can leak a personal
/// field by handing the adapter unredacted targeting. An adapter built outside this package uses ``standard``.
///
/// ```swift
/// func ageAndGender(for context: NativeAdRequestContext) -> (age: Int?, gender: TargetingGender?) {
///     let targeting = context.targeting.redacted(for: context.privacy, profile: .standard)
///     return (targeting.age, targeting.gender)
/// }
/// ```
public struct NetworkPrivacyProfile: Sendable, Hashable {
    /// The matrix column of a built-in network or destination, or `nil` for ``standard``.
    package let destination: PrivacyDestination?

    /// The profile of one column of the matrix.
    package init(_ destination: PrivacyDestination) {
        self.destination = destination
    }

    private init() {
        destination = nil
    }

    /// The profile of a network the matrix has no column for, such as one whose adapter is built outside this
    /// package: it withholds every field that any column of the matrix withholds. Age, gender and user identifiers
    /// are withheld when there is no consent (`canCollectPersonalInfo` is false), on an opt-out of sale, when the
    /// request is child-directed or the user is under the age of consent, when App Tracking Transparency is
    /// `denied` or `restricted`, or when the host disallows personalisation; language is never withheld. It is the
    /// rule of every built-in network's column today.
    public static let standard = NetworkPrivacyProfile()

    /// myTarget's column (`MTRGCustomParams`).
    package static let myTarget = NetworkPrivacyProfile(.myTarget)

    /// TAMedia's column (`TADRequest`).
    package static let taMedia = NetworkPrivacyProfile(.taMedia)

    /// The personal fields this profile withholds under `privacy`.
    package func withheldFields(for privacy: PrivacySettings) -> Set<PrivacyPersonalField> {
        guard let destination else { return PrivacyMatrix.withheldFieldsAnywhere(for: privacy) }
        return PrivacyMatrix.withheldFields(at: destination, for: privacy)
    }
}

extension Targeting {
    /// This targeting with the fields that `profile` withholds under `privacy` removed: age and gender go only when
    /// the network's column of the privacy matrix lets them (docs/privacy.md); language, which is not personal, is
    /// kept.
    ///
    /// The request context's targeting is already redacted for every network (``redacted(for:)``); an adapter
    /// redacts again with its network's profile just before the network's SDK receives the fields.
    public func redacted(for privacy: PrivacySettings, profile: NetworkPrivacyProfile) -> Targeting {
        removing(profile.withheldFields(for: privacy))
    }
}
