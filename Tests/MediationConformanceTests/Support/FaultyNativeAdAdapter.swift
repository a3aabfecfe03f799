import Foundation
import MediationConformance
import MediationCore
import MediationSupport

/// The adapter of ``FaultyNativeCustomEvent``: forwards the reference network's events, except where its
/// fault says otherwise.
final class FaultyNativeAdAdapter: NativeAdViewBindingAdapter, ReferenceNativeAdEventDelegate {
    let networkAd: any ReferenceNetworkNativeAd
    let properties: NativeAdProperties
    let fault: AdapterFault
    private let delegateReference = WeakAdapterDelegate()
    private let retained = Locked<FaultyNativeCustomEvent?>(nil)
    private let boundToViews = Locked(false)

    init(networkAd: any ReferenceNetworkNativeAd, properties: NativeAdProperties, fault: AdapterFault) {
        self.networkAd = networkAd
        self.properties = properties
        self.fault = fault
        networkAd.eventDelegate = self
    }

    /// Set only for `.retainCycle`: the strong back reference that makes the cycle.
    var retainedCustomEvent: FaultyNativeCustomEvent? {
        get { retained.current }
        set { retained.withLock { $0 = newValue } }
    }

    var defaultActionURL: URL? {
        fault == .forwardsUnsafeClickURL ? networkAd.clickURL : ReferenceNativeCustomEvent.webURL(networkAd.clickURL)
    }
    var handlesImpressions: Bool { !fault.hostCountsEvents }
    var handlesClicks: Bool { !fault.hostCountsEvents }

    var delegate: (any NativeAdAdapterDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    @MainActor
    func willAttach(to surface: any NativeAdRendering) {
        if fault != .noRegistrationOnAttach { networkAd.registerForInteraction() }
        if fault == .impressionOnAttach { delegate?.nativeAdWillLogImpression(self) }
    }

    @MainActor
    func didDetach(from surface: any NativeAdRendering) {
        networkAd.unregisterInteraction()
        if fault != .staysBoundAfterDetach { boundToViews.withLock { $0 = false } }
    }

    var bindsAssetViews: Bool { fault.bindsViews }
    var requiredAssetViewSlots: Set<NativeAdAssetViewSlot> { [.title, .callToAction] }
    var isBoundToAssetViews: Bool { fault == .boundBeforeRender || boundToViews.current }

    @MainActor
    func bind(_ views: NativeAdAssetViews, in surface: any NativeAdRendering) throws(MediationError) {
        boundToViews.withLock { $0 = true }
    }

    func trackImpression() {
        if fault != .hostImpressionsNotPassed { networkAd.recordHostImpression() }
    }

    func trackClick() { networkAd.recordHostClick() }

    func referenceNativeAdDidRecordImpression(_ ad: any ReferenceNetworkNativeAd) {
        for _ in 0..<(fault == .doubleImpression ? 2 : 1) {
            delegate?.nativeAdWillLogImpression(self)
        }
    }

    func referenceNativeAdDidRecordClick(_ ad: any ReferenceNetworkNativeAd) {
        guard fault != .dropsClick else { return }
        delegate?.nativeAdDidClick(self)
    }

    func referenceNativeAdWillPresentModal(_ ad: any ReferenceNetworkNativeAd) {
        guard fault != .dropsModalEvents else { return }
        delegate?.nativeAdWillPresentModal(self)
    }

    func referenceNativeAdDidDismissModal(_ ad: any ReferenceNetworkNativeAd) {
        guard fault != .dropsModalEvents else { return }
        delegate?.nativeAdDidDismissModal(self)
    }

    func referenceNativeAdWillLeaveApplication(_ ad: any ReferenceNetworkNativeAd) {
        guard fault != .dropsModalEvents else { return }
        delegate?.nativeAdWillLeaveApplication(self)
    }

    func referenceNativeAdDidInvalidate(_ ad: any ReferenceNetworkNativeAd) {
        guard fault != .ignoresInvalidation else { return }
        delegate?.nativeAdAdapterDidInvalidate(self)
    }
}
