import Foundation

extension Mediator {
    /// Parses the raw ad-response JSON (MoPub's multi-ad-response format) and runs it: one call, one error
    /// type, so that a single `catch` reaches the trace whether the JSON or the waterfall failed.
    ///
    /// - Parameters:
    ///   - data: the response body.
    ///   - url: where it came from, for resolving relative `x-next-url` values.
    /// - Throws: ``MediationFailure``. A response that does not parse throws one with
    ///   ``MediationError/invalidConfiguration(path:reason:)`` (the first problem) and every problem, each with
    ///   its JSON path, in the trace's notes; no line runs. Otherwise as ``loadNativeAd(from:)``.
    public func loadNativeAd(fromJSON data: Data, url: URL? = nil) async throws(MediationFailure) -> NativeAd {
        let response: AdResponse
        do throws(AdResponseParsingError) {
            response = try AdResponse.parse(json: data, url: url)
        } catch {
            logger.scoped(toRun: .next(), adUnit: nil).log(
                .warning, "load refused: the ad response does not parse: \(error.firstError)")
            throw MediationFailure(parsing: error)
        }
        return try await loadNativeAd(from: response)
    }
}
