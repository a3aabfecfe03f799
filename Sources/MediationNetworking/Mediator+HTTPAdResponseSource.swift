import Foundation
import MediationCore

extension Mediator {
    /// Fetches the first ad response for `adUnitID` from `source` (with this mediator's current privacy and
    /// targeting) and runs it.
    ///
    /// The run follows `x-next-url` through the mediator's own `responseSource`; pass the same source there.
    ///
    /// - Throws: ``MediationFailure`` with the fetch's error (an HTTP status, a body that is not JSON or too
    ///   large, a timeout, a transport failure, a parse error naming the JSON path) and a trace that says the
    ///   first page failed; otherwise whatever the run throws.
    public func loadNativeAd(adUnitID: String, from source: HTTPAdResponseSource) async throws(MediationFailure)
        -> NativeAd
    {
        let response: AdResponse
        do throws(MediationError) {
            response = try await source.fetchAdResponse(forAdUnit: adUnitID, privacy: privacy, targeting: targeting)
        } catch {
            logger.log(.error, "ad request for ad unit \(adUnitID) failed: \(error)", metadata: ["adUnit": adUnitID])
            let trace = MediationTrace(
                outcome: error.code, notes: ["the ad response for ad unit \(adUnitID) failed to load: \(error)"])
            throw MediationFailure(error: error, trace: trace)
        }
        return try await loadNativeAd(from: response)
    }
}
