import Dispatch
import Foundation
import MediationConformance
import MediationCore
import MediationSupport

/// A custom event over the reference network with one deliberate ``AdapterFault``; with `.none` it follows
/// every rule.
final class FaultyNativeCustomEvent: NativeCustomEvent {
    static let identifier = "FaultyNativeCustomEvent"
    static let placementIDKey = "placementId"
    static let requiredProperties: [NativeAdPropertyKey] = [.title, .callToAction]

    private enum Outcome {
        case loaded(FaultyNativeAdAdapter)
        case failed(MediationError)
    }

    private struct State {
        var requested = false
        var finished = false
        var stopped = false
        var inRequestAd = false
        var handle: ReferenceLoadHandle?
        var retainedAdapter: FaultyNativeAdAdapter?
    }

    /// Every adapter of a cycle the `.retainCycle` fault made, so that a test can break the cycles once the
    /// kit has seen them (``breakDeliberateCycles()``): the fixture leaks on purpose, the suite must not.
    private static let deliberateCycles = Locked<[FaultyNativeAdAdapter]>([])

    /// Breaks every cycle the `.retainCycle` fault made so far, releasing its custom events and adapters.
    static func breakDeliberateCycles() {
        let adapters = deliberateCycles.withLock { cycles in
            defer { cycles = [] }
            return cycles
        }
        for adapter in adapters {
            adapter.retainedCustomEvent?.state.withLock { $0.retainedAdapter = nil }
            adapter.retainedCustomEvent = nil
        }
    }

    let fault: AdapterFault
    private let loader: any ReferenceNativeAdLoading
    private let state = Locked(State())
    private let raceArrivals = Locked(0)
    private let raceGate = DispatchSemaphore(value: 0)

    /// The object the `.namesAnotherObject` fault names in its outcomes instead of itself.
    private let standIn: FaultyNativeCustomEvent?

    init(loader: any ReferenceNativeAdLoading, fault: AdapterFault) {
        self.loader = loader
        self.fault = fault
        standIn = fault == .namesAnotherObject ? FaultyNativeCustomEvent(loader: loader, fault: .none) : nil
    }

    var identifier: String { Self.identifier }
    var requiredInfoKeys: [String] { [Self.placementIDKey] }
    var supportsBidding: Bool { fault != .ignoresMarkupWithoutBidding }

    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        let isFirst = state.withLock { state in
            defer { state.requested = true }
            return !state.requested
        }
        guard isFirst || fault == .loadsAgainOnSecondRequest else { return }
        if !isFirst { state.withLock { $0.finished = false } }
        state.withLock { $0.inRequestAd = true }
        defer { state.withLock { $0.inRequestAd = false } }
        let placementID: String
        if fault == .ignoresMissingRequiredInfo {
            placementID = info.string(Self.placementIDKey) ?? ""
        } else {
            guard let value = info.string(Self.placementIDKey) else {
                if claim() { report(.failed(.missingRequiredInfo(key: Self.placementIDKey)), context: context) }
                return
            }
            placementID = value
        }
        if fault != .acceptsEmptyMarkup && fault != .ignoresMarkupWithoutBidding {
            do {
                try ReferenceNativeCustomEvent.checkBidMarkup(adMarkup)
            } catch {
                if claim() { report(.failed(error), context: context) }
                return
            }
        }
        let loadsBid = adMarkup != nil && fault != .ignoresMarkupWithoutBidding
        var options = ReferenceNativeCustomEvent.loadOptions(
            context: context, adMarkup: fault == .ignoresMarkupWithoutBidding ? nil : adMarkup)
        if fault == .dropsTargeting { options = ReferenceLoadOptions(bidToken: adMarkup) }
        if fault == .dropsBidMarkup { options.bidToken = nil }
        let handle = loader.loadNativeAd(placementID: placementID, options: options) { [weak self] result in
            self?.networkAnswered(result, loadsBid: loadsBid, context: context)
        }
        let cancelNow = state.withLock { state in
            state.handle = handle
            return state.stopped
        }
        if cancelNow { handle.cancel() }
    }

    func stop() {
        guard fault != .callbackAfterStop else { return }
        let handle = state.withLock { state in
            if fault != .stopOnlyCancelsNetwork { state.stopped = true }
            defer { state.handle = nil }
            return state.handle
        }
        handle?.cancel()
    }

    /// The one-shot guard, broken as the fault says: whether this answer may be reported.
    private func claim() -> Bool {
        switch fault {
        case .guardChecksOnlyStopped:
            return state.withLock { !$0.stopped }
        case .checkThenActRace:
            guard state.withLock({ !$0.finished && !$0.stopped }) else { return false }
            // The gap between the check and the act, held open until a racing answer arrives (at most 50 ms).
            if raceArrivals.withLock({
                $0 += 1
                return $0
            }) == 1 {
                _ = raceGate.wait(timeout: .now() + .milliseconds(50))
            } else {
                raceGate.signal()
            }
            state.withLock { $0.finished = true }
            return true
        default:
            return state.withLock { state in
                guard !state.finished, !state.stopped else { return false }
                state.finished = true
                return true
            }
        }
    }

    private func networkAnswered(_ result: ReferenceLoadResult, loadsBid: Bool, context: NativeAdRequestContext) {
        guard fault != .noCallback, claim() else { return }
        switch result {
        case .noFill:
            report(.failed(.noFill), context: context)
        case .failed where loadsBid && fault == .rejectedBidAsNoFill:
            report(.failed(.noFill), context: context)
        case .failed(let code, let message):
            let info =
                fault == .losesNetworkError
                ? NetworkErrorInfo(domain: "faulty", code: -1, message: "unknown error")
                : NetworkErrorInfo(domain: "faulty", code: code, message: message)
            report(.failed(.networkError(info)), context: context)
        case .loaded(let networkAd):
            let properties: NativeAdProperties
            do {
                properties = try self.properties(of: networkAd)
            } catch {
                report(.failed(error), context: context)
                return
            }
            let images = [NativeAdPropertyKey.iconImage, .mainImage].compactMap { properties.image($0)?.url }
            context.imagePrecacher.precacheImages(images) { [weak self] downloaded in
                guard let self else { return }
                if case .failure(let error) = downloaded {
                    report(.failed(error), context: context)
                    guard fault == .loadsAfterFailedPrecache else { return }
                }
                report(.loaded(makeAdapter(networkAd, properties)), context: context)
            }
        }
    }

    private func makeAdapter(_ networkAd: any ReferenceNetworkNativeAd, _ properties: NativeAdProperties)
        -> FaultyNativeAdAdapter
    {
        let adapter = FaultyNativeAdAdapter(networkAd: networkAd, properties: properties, fault: fault)
        if fault == .retainCycle {
            adapter.retainedCustomEvent = self
            state.withLock { $0.retainedAdapter = adapter }
            Self.deliberateCycles.withLock { $0.append(adapter) }
        }
        return adapter
    }

    private func properties(of networkAd: any ReferenceNetworkNativeAd) throws(MediationError) -> NativeAdProperties {
        var properties = NativeAdProperties()
        try properties.setText(networkAd.title, for: .title)
        try properties.setText(networkAd.body, for: .text)
        try properties.setText(networkAd.callToAction, for: .callToAction)
        if fault != .dropsSponsor {
            try properties.setText(networkAd.advertiser, for: .sponsored)
        }
        var iconURL = ReferenceNativeCustomEvent.webURL(networkAd.iconURL)
        if fault == .schemelessIconURL, let url = networkAd.iconURL, let host = url.host {
            iconURL = URL(string: host + url.path)
        }
        let iconSize = fault == .impossibleIconSize ? ImageSize(width: 1e19, height: 1e19) : nil
        try properties.setImage(iconURL.map { AdImage(url: $0, size: iconSize) }, for: .iconImage)
        try properties.setImage(
            ReferenceNativeCustomEvent.webURL(networkAd.mainImageURL).map { AdImage(url: $0) }, for: .mainImage)
        if let rating = networkAd.starRating, rating.isFinite, NativeAdProperties.starRatingRange.contains(rating) {
            try properties.set(.number(rating), for: .starRating)
        }
        try properties.checkRequired(Self.requiredProperties)
        return properties
    }

    private func report(_ outcome: Outcome, context: NativeAdRequestContext) {
        // A stop between the claim and the report (the precache ran meanwhile) still silences a correct event.
        let silenced = state.withLock { $0.stopped } && fault != .guardChecksOnlyStopped
        guard !silenced else { return }
        let synchronous = state.withLock { $0.inRequestAd }
        for _ in 0..<(fault == .doubleCallback ? 2 : 1) {
            deliver(outcome, context: context)
        }
        if fault == .syncAnswerReportedTwice && synchronous {
            context.clock.schedule(after: .zero) { [self] in deliver(outcome, context: context) }
        }
    }

    private func deliver(_ outcome: Outcome, context: NativeAdRequestContext) {
        // The fault names a stand-in (as a wrapper that reports with its inner object would).
        let named: any NativeCustomEvent = standIn ?? self
        switch outcome {
        case .loaded(let adapter):
            context.delegate.nativeCustomEvent(named, didLoad: context.makeNativeAd(adapter: adapter))
        case .failed(let error):
            context.delegate.nativeCustomEvent(named, didFailWith: error)
        }
    }
}
