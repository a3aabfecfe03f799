import Foundation
import MediationCore
import MediationSupport

/// An adapter with fixed properties whose "network" events a test triggers by hand.
public final class ScriptedNativeAdAdapter: NativeAdAdapter, Sendable {
    /// The properties given at creation.
    public let properties: NativeAdProperties
    /// The click destination given at creation.
    public let defaultActionURL: URL?
    /// Whether the simulated network counts impressions itself.
    public let handlesImpressions: Bool
    /// Whether the simulated network reports clicks itself.
    public let handlesClicks: Bool

    private let delegateReference = WeakAdapterDelegate()
    private let calls = Locked(Calls())

    /// What the ``NativeAd`` asked of the adapter.
    public struct Calls: Sendable, Hashable {
        /// `willAttach(to:)` calls.
        public var willAttach = 0
        /// `didDetach(from:)` calls.
        public var didDetach = 0
        /// `trackClick()` calls.
        public var trackClick = 0
        /// `trackImpression()` calls.
        public var trackImpression = 0
    }

    /// Creates the adapter.
    public init(
        properties: NativeAdProperties,
        defaultActionURL: URL? = nil,
        handlesImpressions: Bool = false,
        handlesClicks: Bool = false
    ) {
        self.properties = properties
        self.defaultActionURL = defaultActionURL
        self.handlesImpressions = handlesImpressions
        self.handlesClicks = handlesClicks
    }

    /// The ad's delegate, held weakly.
    public var delegate: (any NativeAdAdapterDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    /// What was asked of the adapter so far.
    public var recordedCalls: Calls { calls.current }

    /// Records the attach.
    @MainActor
    public func willAttach(to surface: any NativeAdRendering) { calls.withLock { $0.willAttach += 1 } }
    /// Records the detach.
    @MainActor
    public func didDetach(from surface: any NativeAdRendering) { calls.withLock { $0.didDetach += 1 } }
    /// Records the manual click report.
    public func trackClick() { calls.withLock { $0.trackClick += 1 } }
    /// Records the manual impression report.
    public func trackImpression() { calls.withLock { $0.trackImpression += 1 } }

    /// The network logs an impression.
    public func simulateImpression() { delegate?.nativeAdWillLogImpression(self) }
    /// The network detects a click.
    public func simulateClick() { delegate?.nativeAdDidClick(self) }
    /// The network presents a modal.
    public func simulateWillPresentModal() { delegate?.nativeAdWillPresentModal(self) }
    /// The network's modal is dismissed.
    public func simulateDidDismissModal() { delegate?.nativeAdDidDismissModal(self) }
    /// The network leaves the app.
    public func simulateWillLeaveApplication() { delegate?.nativeAdWillLeaveApplication(self) }
}
