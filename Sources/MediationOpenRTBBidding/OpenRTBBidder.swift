import Foundation
import MediationCore
import MediationNetworking
import MediationOpenRTB
import MediationSupport

/// A client-side OpenRTB 2.6 bidder: POSTs one bid request for a native impression to an endpoint of Prebid
/// Server's `/openrtb2/auction` shape through the hardened ``HTTPFetcher`` path, and reads the validated bids.
///
/// - The request carries the configuration's Native request in `imp[0].native.request`, `tmax`, and the privacy
///   signals mapped from ``MediationBridge/PrivacySettings`` (docs/openrtb.md, "Privacy mapping"), and the
///   configuration's device and attribution data as the privacy matrix allows (the IDFA only when ATT is authorised
///   and personal targeting allowed; docs/openrtb.md, "Device and attribution").
/// - The HTTP request times out at `tmax`; the body is capped at ``OpenRTBBidResponse/maximumBodyBytes``; the
///   endpoint must be a network URL the ``MediationBridge/MediationURLPolicy`` allows.
/// - Every end is an ``OpenRTBBidderOutcome``, never a throw: bids, or no bid with the reason (HTTP 204, `nbr`,
///   an empty seat list, a timeout, an HTTP error, a body that is not a bid response), plus the dropped bids
///   and their JSON paths.
/// - Cancelling the calling task cancels the HTTP request; the outcome then says `cancelled`.
public final class OpenRTBBidder: Sendable {
    /// The auction endpoint.
    public let endpoint: URL
    /// The impression, timeout and app.
    public let configuration: OpenRTBBidRequestConfiguration
    /// Which endpoints may be called.
    public let urlPolicy: MediationURLPolicy
    private let fetcher: HTTPFetcher

    /// Creates a bidder for `endpoint`.
    public convenience init(
        endpoint: URL, configuration: OpenRTBBidRequestConfiguration, urlPolicy: MediationURLPolicy = .default
    ) {
        self.init(endpoint: endpoint, configuration: configuration, urlPolicy: urlPolicy, fetcher: .shared)
    }

    /// Creates a bidder over `fetcher`.
    package init(
        endpoint: URL, configuration: OpenRTBBidRequestConfiguration, urlPolicy: MediationURLPolicy,
        fetcher: HTTPFetcher
    ) {
        self.endpoint = endpoint
        self.configuration = configuration
        self.urlPolicy = urlPolicy
        self.fetcher = fetcher
    }

    /// This bidder with `isTest` on (`"test": 1` in every bid request), for the host-wide test mode; itself when
    /// it is on already.
    package func inTestMode() -> OpenRTBBidder {
        guard !configuration.isTest else { return self }
        var configuration = configuration
        configuration.isTest = true
        return OpenRTBBidder(endpoint: endpoint, configuration: configuration, urlPolicy: urlPolicy, fetcher: fetcher)
    }

    /// The bid request this bidder sends for `privacy` and `targeting`.
    public func bidRequest(
        id: String = UUID().uuidString, privacy: PrivacySettings, targeting: Targeting = .none,
        advertisingIdentifier: String? = nil, userAgent: String? = nil
    ) -> OpenRTBBidRequest {
        OpenRTBBidRequest(
            id: id, configuration: configuration, privacy: privacy, targeting: targeting,
            advertisingIdentifier: advertisingIdentifier, userAgent: userAgent)
    }

    /// Asks the endpoint for bids and waits at most `tmax` (plus the time to send).
    ///
    /// - Parameters:
    ///   - requestID: the bid request's ID (`${AUCTION_ID}`); a fresh UUID by default.
    ///   - privacy: the request's privacy signals, already as the host set them.
    ///   - targeting: the request's targeting; redacted again for `privacy`.
    ///   - advertisingIdentifier: the IDFA, instead of the configuration's when given; sent only when tracking is
    ///     authorised and personal targeting allowed.
    ///   - userAgent: the device's user agent, instead of the configuration's when given; sent as `device.ua` and
    ///     the `User-Agent` header.
    public func requestBids(
        requestID: String = UUID().uuidString, privacy: PrivacySettings, targeting: Targeting = .none,
        advertisingIdentifier: String? = nil, userAgent: String? = nil
    ) async -> OpenRTBBidderOutcome {
        let request = bidRequest(
            id: requestID, privacy: privacy, targeting: targeting, advertisingIdentifier: advertisingIdentifier,
            userAgent: userAgent)
        guard urlPolicy.isAllowedNetworkURL(endpoint) else {
            let why = urlPolicy.cleartextRefusal(of: endpoint) ?? "not an http(s) URL"
            return OpenRTBBidderOutcome(bids: [], noBidReason: "endpoint refused: \(why)", auctionID: requestID)
        }
        var headers = ["Content-Type": "application/json", "x-openrtb-version": "2.6"]
        if let userAgent = request.device.ua { headers["User-Agent"] = userAgent }
        let fetch = HTTPFetchRequest(
            url: endpoint, method: "POST", headers: headers, body: request.jsonData(),
            timeout: .milliseconds(max(1, configuration.timeoutMilliseconds)),
            maxBytes: OpenRTBBidResponse.maximumBodyBytes)
        let sentAt = ContinuousClock.now
        let result = await send(fetch)
        var outcome = Self.outcome(of: result, requestID: requestID, endpoint: endpoint)
        var answer: HTTPFetchResponse?
        var failure: HTTPFetchFailure?
        switch result {
        case .success(let response): answer = response
        case .failure(let error): failure = error
        }
        outcome.request = WireRecord(
            kind: .bidRequest, url: endpoint, method: "POST", status: answer?.status ?? failure?.status,
            responseBytes: answer?.body.count, duration: ContinuousClock.now - sentAt,
            outcome: outcome.noBidReason ?? "\(outcome.bids.count) bid(s)",
            sent: Self.sentFields(
                of: request,
                given: configuration.device.overriding(
                    advertisingIdentifier: advertisingIdentifier, userAgent: userAgent),
                skAdNetwork: configuration.skAdNetwork))
        return outcome
    }

    /// The device and attribution data `request` carried, for the inspector: a value the privacy state withheld
    /// (present in `given` or `skAdNetwork` but not in the request) reads `withheld by privacy`, never its value.
    static func sentFields(
        of request: OpenRTBBidRequest, given: OpenRTBDeviceInfo, skAdNetwork: OpenRTBSKAdNetwork?
    ) -> [WireRecord.Field] {
        func shown(_ sent: String?, given: String?) -> String {
            sent ?? (given == nil ? "not given" : "withheld by privacy")
        }
        let skadn: String
        if case .object(let extensions)? = request.imp.first?.ext, extensions["skadn"] != nil, let skAdNetwork {
            skadn =
                "versions \(skAdNetwork.versions.joined(separator: ", ")); sourceapp \(skAdNetwork.sourceApp); "
                + "\(skAdNetwork.networkIdentifiers.count) skadnetids"
        } else {
            skadn = skAdNetwork == nil ? "not given" : "withheld by privacy"
        }
        return [
            WireRecord.Field(name: "device.ifa", value: shown(request.device.ifa, given: given.advertisingIdentifier)),
            WireRecord.Field(
                name: "device.ext.ifv", value: shown(request.device.ext.ifv, given: given.vendorIdentifier)),
            WireRecord.Field(name: "device.ua", value: shown(request.device.ua, given: given.userAgent)),
            WireRecord.Field(name: "device.lmt", value: "\(request.device.lmt)"),
            WireRecord.Field(name: "device.ext.atts", value: "\(request.device.ext.atts)"),
            WireRecord.Field(name: "imp.ext.skadn", value: skadn),
        ]
    }

    /// Sends `request`; a cancel of the calling task stops it and returns `cancelled` at once, without waiting for
    /// the HTTP layer to report the cancel (which a busy session can take seconds to do).
    private func send(_ request: HTTPFetchRequest) async -> Result<HTTPFetchResponse, HTTPFetchFailure> {
        let handle = Locked<HTTPFetchHandle?>(nil)
        let answer = OneShotResult<Result<HTTPFetchResponse, HTTPFetchFailure>>()
        return await withTaskCancellationHandler {
            let started = fetcher.fetch(request) { answer.deliver($0) }
            handle.withLock { $0 = started }
            if Task.isCancelled {
                started.cancel()
                answer.deliver(.failure(.cancelled))
            }
            return await answer.value
        } onCancel: {
            handle.withLock { $0 }?.cancel()
            answer.deliver(.failure(.cancelled))
        }
    }

    /// The outcome of one HTTP answer.
    static func outcome(
        of result: Result<HTTPFetchResponse, HTTPFetchFailure>, requestID: String, endpoint: URL
    ) -> OpenRTBBidderOutcome {
        func noBid(_ reason: String, dropped: [OpenRTBDrop] = []) -> OpenRTBBidderOutcome {
            OpenRTBBidderOutcome(bids: [], dropped: dropped, noBidReason: reason, auctionID: requestID)
        }
        let response: HTTPFetchResponse
        switch result {
        case .failure(let failure):
            return noBid(failure == .cancelled ? "cancelled" : failure.reason)
        case .success(let answer):
            response = answer
        }
        if response.status == 204 { return noBid("no bid (HTTP 204)") }
        guard (200..<300).contains(response.status) else { return noBid("HTTP status \(response.status)") }
        guard !response.body.isEmpty else { return noBid("no bid (empty body)") }
        let parsed: OpenRTBBidResponse
        do {
            parsed = try OpenRTBBidResponse.parse(data: response.body, requestID: requestID, impressionIDs: ["1"])
        } catch {
            return noBid("invalid response: \(error)")
        }
        guard !parsed.bids.isEmpty else {
            if let code = parsed.noBidReasonCode { return noBid("no bid (nbr \(code))", dropped: parsed.dropped) }
            return noBid(parsed.dropped.isEmpty ? "no bid (no seatbid)" : "no valid bid", dropped: parsed.dropped)
        }
        return OpenRTBBidderOutcome(bids: parsed.bids, dropped: parsed.dropped, auctionID: requestID)
    }
}
