import Foundation

/// A `Verification` of `AdVerifications`: kept for the host's Open Measurement session, never executed here.
public struct VASTVerification: Sendable, Hashable {
    /// A `JavaScriptResource` or `ExecutableResource`.
    public struct Resource: Sendable, Hashable {
        /// The script URL.
        public var url: URL
        /// `apiFramework` (e.g. `omid`).
        public var apiFramework: String?
        /// `browserOptional` (JavaScript) or `type` (executable).
        public var attribute: String?
        /// `true` for `JavaScriptResource`, `false` for `ExecutableResource`.
        public var isJavaScript: Bool
    }

    /// `vendor`.
    public var vendor: String?
    /// The scripts.
    public var resources: [Resource]
    /// `TrackingEvents/Tracking` (e.g. `verificationNotExecuted`).
    public var trackers: [VASTTracker]
    /// `VerificationParameters` text.
    public var parameters: String?
}
