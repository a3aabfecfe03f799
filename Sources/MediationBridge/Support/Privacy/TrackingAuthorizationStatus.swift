/// The user's App Tracking Transparency answer, mirroring `ATTrackingManager.AuthorizationStatus` (same cases,
/// same raw values) so that it builds on every platform. On iOS, convert with
/// `TrackingAuthorizationStatus(rawValue: Int(ATTrackingManager.trackingAuthorizationStatus.rawValue))`.
public enum TrackingAuthorizationStatus: Int, Sendable, Hashable, Codable, CaseIterable {
    /// The user has not been asked yet (`.notDetermined`).
    case notDetermined = 0
    /// Tracking is restricted on the device, for example by parental controls (`.restricted`).
    case restricted = 1
    /// The user refused tracking (`.denied`).
    case denied = 2
    /// The user allowed tracking (`.authorized`).
    case authorized = 3

    /// Whether the status forbids tracking: `restricted` or `denied`.
    package var forbidsTracking: Bool {
        self == .restricted || self == .denied
    }
}
