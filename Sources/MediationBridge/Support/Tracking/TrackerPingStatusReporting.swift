/// A tracker pinger that can tell how a ping it took is doing, for the mediation inspector's notice and tracker
/// rows (`URLSessionTrackerPinger` in MediationNetworking adopts it).
public protocol TrackerPingStatusReporting: TrackerPinging {
    /// How `ping` (one the pinger took, compared by owner, event and URL) is doing now; `nil` when the pinger does
    /// not know it (it took no such ping, or has forgotten it).
    func deliveryStatus(of ping: TrackerPing) -> TrackerPingDeliveryStatus?
}
