import Testing

/// The one thing a broken test adapter does wrong; `none` is the control that must pass every check.
enum AdapterFault: String, Sendable, CaseIterable, CustomTestStringConvertible {
    /// Well-behaved: the control.
    case none
    /// Reports every network answer twice (no one-shot guard).
    case doubleCallback
    /// Swallows every network answer: the load never completes.
    case noCallback
    /// `stop()` does nothing: the network's answer is still reported.
    case callbackAfterStop
    /// Declares `placementId` required but loads without it.
    case ignoresMissingRequiredInfo
    /// Replaces the network's error code and message with a generic one.
    case losesNetworkError
    /// Forgets to map the advertiser to `sponsored`.
    case dropsSponsor
    /// Builds the icon URL without its scheme.
    case schemelessIconURL
    /// Forwards every network impression twice.
    case doubleImpression
    /// Never forwards the network's clicks.
    case dropsClick
    /// Never forwards modal and leave-application events.
    case dropsModalEvents
    /// The adapter and the custom event hold each other strongly.
    case retainCycle
    /// Reports an empty adapter version.
    case missingVersion
    /// Ships a renderer configuration that lists another custom event.
    case unlistedInRenderer

    var testDescription: String { rawValue }
}
