import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MediationVAST

/// One defect planted in ``BiddingInstreamCustomEvent``: the bid markup and privacy mistakes of issue 46.
enum BiddingInstreamFault: String, CaseIterable, Sendable {
    /// Sends a bid to the SDK's ordinary load too (a tag request whose answer it drops), then to the markup load.
    case alsoCallsOrdinaryLoad
    /// Passes blank markup to the SDK's markup load instead of failing at once.
    case loadsBlankMarkup
    /// Declares no bidding support, yet loads a request with markup through the ordinary load.
    case ignoresMarkupWithoutBidding
    /// Plays the bid's VAST with a request of its own, without the host's privacy (as a break request built from
    /// scratch has it): the privacy macros are filled as if nothing restricted them.
    case dropsPrivacy
}

/// Drops what the SDK answers (``BiddingInstreamFault/alsoCallsOrdinaryLoad``'s tag request).
private final class DroppedAnswer: InstreamCustomEventDelegate {
    func customEventDidLoad(availableMidpoints: [Double]) {}
    func customEventDidFailToLoad(reason: String) {}
    func customEventBannerDidStart(_ banner: InstreamAdBanner) {}
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {}
    func customEventBannerDidComplete(_ banner: InstreamAdBanner) {}
    func customEventDidFail(reason: String) {}
    func customEventSectionDidComplete(_ section: InstreamAdSection) {}
    func customEventWillPresentModal() {}
    func customEventDidDismissModal() {}
    func customEventWillLeaveApplication() {}
}

/// The stand-in SDK's markup load: it keeps each markup and answers with it as VAST, after the latency.
final class SimulatedBidEndpoint: Sendable {
    private let received = Locked<[String]>([])
    /// The markup of each markup load, in order.
    var markups: [String] { received.current }
    func record(_ markup: String) { received.withLock { $0.append(markup) } }
}

/// A correct in-stream adapter over an SDK that plays its own ads for an ordinary load (``FaultyInstreamCustomEvent``
/// without faults) and answers a bid's markup load with VAST, which the adapter plays with MediationKit's
/// `VASTInstreamCustomEvent` under the request's privacy; tests plant ``BiddingInstreamFault``s one at a time.
final class BiddingInstreamCustomEvent: InstreamCustomEvent {
    private struct NoFetchLoader: VASTDocumentLoading {
        func loadDocument(at url: URL, timeout: Duration, maxBytes: Int) async throws(VASTLoadFailure) -> Data {
            throw .unavailable("the stand-in's bids have no wrappers")
        }
    }

    let sdk: FaultyInstreamCustomEvent
    let bids: SimulatedBidEndpoint
    let pinger: RecordingTrackerPinger
    let faults: Set<BiddingInstreamFault>
    private let bidding: Bool
    private let vast = Locked<VASTInstreamCustomEvent?>(nil)
    private let cancelled = Locked(false)

    init(
        network: SimulatedInstreamCustomEvent, bids: SimulatedBidEndpoint, pinger: RecordingTrackerPinger,
        bidding: Bool = true, faults: Set<BiddingInstreamFault> = []
    ) {
        sdk = FaultyInstreamCustomEvent(network: network, faults: [])
        self.bids = bids
        self.pinger = pinger
        self.faults = faults
        self.bidding = bidding && !faults.contains(.ignoresMarkupWithoutBidding)
    }

    var supportsBidding: Bool { bidding }

    func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate) {
        guard let markup = request.adMarkup else { return sdk.load(request, delegate: delegate) }
        guard bidding else {
            if faults.contains(.ignoresMarkupWithoutBidding) {
                var ordinary = request
                ordinary.adMarkup = nil
                return sdk.load(ordinary, delegate: delegate)
            }
            return delegate.customEventDidFailToLoad(
                error: .invalidBidMarkup(path: "adm", reason: "the stand-in SDK has no markup load"))
        }
        if markup.allSatisfy(\.isWhitespace), !faults.contains(.loadsBlankMarkup) {
            return delegate.customEventDidFailToLoad(error: .invalidBidMarkup(path: "adm", reason: "empty bid markup"))
        }
        if faults.contains(.alsoCallsOrdinaryLoad) { sdk.network.load(request, delegate: DroppedAnswer()) }
        bids.record(markup)
        var unprotected = request
        unprotected.privacy = .unrestricted
        let playback = faults.contains(.dropsPrivacy) ? unprotected : request
        let pinger = pinger
        request.clock.schedule(after: .milliseconds(300)) { [weak self] in
            guard let self, !cancelled.current else { return }
            let event = VASTInstreamCustomEvent(loader: NoFetchLoader(), trackerPinger: pinger)
            vast.withLock { $0 = event }
            event.load(playback, delegate: delegate)
        }
    }

    func cancel() {
        cancelled.withLock { $0 = true }
        route { $0.cancel() }
    }

    func start(_ section: InstreamAdSection, midpoint: Double?) { route { $0.start(section, midpoint: midpoint) } }
    func pause() { route { $0.pause() } }
    func resume() { route { $0.resume() } }
    func stop() { route { $0.stop() } }
    func skip() { route { $0.skip() } }
    func skipBanner() { route { $0.skipBanner() } }
    func setVolume(_ volume: Double) { route { $0.setVolume(volume) } }
    func trackClick() { route { $0.trackClick() } }
    func trackCompanionShow(_ companion: InstreamCompanionBanner) { route { $0.trackCompanionShow(companion) } }
    func trackCompanionClick(_ companion: InstreamCompanionBanner) { route { $0.trackCompanionClick(companion) } }

    /// Passes a call to the bid's VAST playback when a bid loaded, else to the SDK.
    private func route(_ call: (any InstreamCustomEvent) -> Void) {
        if let vast = vast.current { call(vast) } else { call(sdk) }
    }
}
