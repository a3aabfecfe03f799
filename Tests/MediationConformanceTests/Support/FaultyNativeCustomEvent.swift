import Foundation
import MediationConformance
import MediationCore

/// A custom event over the reference network with one deliberate ``AdapterFault``; with `.none` it follows
/// every rule.
final class FaultyNativeCustomEvent: NativeCustomEvent {
    static let identifier = "FaultyNativeCustomEvent"
    static let placementIDKey = "placementId"

    private enum Outcome {
        case loaded(FaultyNativeAdAdapter)
        case failed(MediationError)
    }

    private struct State {
        var finished = false
        var stopped = false
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

    init(loader: any ReferenceNativeAdLoading, fault: AdapterFault) {
        self.loader = loader
        self.fault = fault
    }

    var identifier: String { Self.identifier }
    var requiredInfoKeys: [String] { [Self.placementIDKey] }

    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        let placementID: String
        if fault == .ignoresMissingRequiredInfo {
            placementID = info.string(Self.placementIDKey) ?? ""
        } else {
            guard let value = info.string(Self.placementIDKey) else {
                deliver(.failed(.missingRequiredInfo(key: Self.placementIDKey)), context: context)
                return
            }
            placementID = value
        }
        let handle = loader.loadNativeAd(placementID: placementID) { [weak self] result in
            self?.networkAnswered(result, context: context)
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
            state.stopped = true
            defer { state.handle = nil }
            return state.handle
        }
        handle?.cancel()
    }

    private func networkAnswered(_ result: ReferenceLoadResult, context: NativeAdRequestContext) {
        guard fault != .noCallback else { return }
        switch result {
        case .noFill:
            deliver(.failed(.noFill), context: context)
        case .failed(let code, let message):
            let info =
                fault == .losesNetworkError
                ? NetworkErrorInfo(domain: "faulty", code: -1, message: "unknown error")
                : NetworkErrorInfo(domain: "faulty", code: code, message: message)
            deliver(.failed(.networkError(info)), context: context)
        case .loaded(let networkAd):
            do {
                let adapter = FaultyNativeAdAdapter(
                    networkAd: networkAd, properties: try properties(of: networkAd), fault: fault)
                if fault == .retainCycle {
                    adapter.retainedCustomEvent = self
                    state.withLock { $0.retainedAdapter = adapter }
                    Self.deliberateCycles.withLock { $0.append(adapter) }
                }
                deliver(.loaded(adapter), context: context)
            } catch {
                deliver(.failed(error), context: context)
            }
        }
    }

    private func properties(of networkAd: any ReferenceNetworkNativeAd) throws(MediationError) -> NativeAdProperties {
        var properties = NativeAdProperties()
        try properties.setText(networkAd.title, for: .title)
        try properties.setText(networkAd.body, for: .text)
        try properties.setText(networkAd.callToAction, for: .callToAction)
        if fault != .dropsSponsor {
            try properties.setText(networkAd.advertiser, for: .sponsored)
        }
        var iconURL = networkAd.iconURL
        if fault == .schemelessIconURL, let url = iconURL, let host = url.host {
            iconURL = URL(string: host + url.path)
        }
        try properties.setImage(iconURL.map { AdImage(url: $0) }, for: .iconImage)
        try properties.setImage(networkAd.mainImageURL.map { AdImage(url: $0) }, for: .mainImage)
        if let rating = networkAd.starRating {
            try properties.set(.number(rating), for: .starRating)
        }
        return properties
    }

    private func deliver(_ outcome: Outcome, context: NativeAdRequestContext) {
        let proceeds = state.withLock { state -> Bool in
            guard !state.finished, !state.stopped || fault == .callbackAfterStop else { return false }
            state.finished = true
            return true
        }
        guard proceeds else { return }
        for _ in 0..<(fault == .doubleCallback ? 2 : 1) {
            switch outcome {
            case .loaded(let adapter):
                context.delegate.nativeCustomEvent(self, didLoad: context.makeNativeAd(adapter: adapter))
            case .failed(let error):
                context.delegate.nativeCustomEvent(self, didFailWith: error)
            }
        }
    }
}
