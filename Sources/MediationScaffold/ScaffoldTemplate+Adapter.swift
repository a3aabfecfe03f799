extension ScaffoldTemplate {
    /// The adapter: unified properties, events forwarded once, weak delegate.
    static let adapter = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}NativeAdAdapter.swift",
        text: #"""
            import Foundation
            import MediationBridge

            /// Wraps one loaded {{Name}} ad: its unified properties, its click URL, and its events, forwarded once each to a
            /// weakly held delegate. It owns the network ad; the network ad holds it only weakly, as its event delegate.
            public final class {{Name}}NativeAdAdapter: NativeAdAdapter, {{Name}}NativeAdEventDelegate {
                /// The network's ad.
                public let networkAd: any {{Name}}NetworkNativeAd
                /// The unified dictionary, built once at load time.
                public let properties: NativeAdProperties
                /// The network's click URL, when it is http(s).
                public let defaultActionURL: URL?

                private let delegateReference = WeakAdapterDelegate()

                /// Wraps `networkAd` and becomes its event delegate.
                public init(networkAd: any {{Name}}NetworkNativeAd, properties: NativeAdProperties) {
                    self.networkAd = networkAd
                    self.properties = properties
                    self.defaultActionURL = {{Name}}NativeCustomEvent.webURL(networkAd.clickURL)
                    networkAd.eventDelegate = self
                }

                /// The `NativeAd` listening to this adapter, held weakly.
                public var delegate: (any NativeAdAdapterDelegate)? {
                    get { delegateReference.value }
                    set { delegateReference.value = newValue }
                }

                /// The network counts impressions itself. FILL IN: `false` if the host must report impressions.
                public var handlesImpressions: Bool { true }
                /// The network detects clicks itself. FILL IN: `false` if the host must report clicks.
                public var handlesClicks: Bool { true }

                /// Registers the ad with the network for tracking; runs on the main actor, where the surface lives.
                @MainActor
                public func willAttach(to surface: any NativeAdRendering) { networkAd.registerForInteraction() }
                /// Stops the network's tracking; runs on the main actor.
                @MainActor
                public func didDetach(from surface: any NativeAdRendering) { networkAd.unregisterInteraction() }

                /// Forwards the network's impression, once.
                public func {{lowerName}}NativeAdDidRecordImpression(_ ad: any {{Name}}NetworkNativeAd) {
                    delegate?.nativeAdWillLogImpression(self)
                }
                /// Forwards the network's click, once.
                public func {{lowerName}}NativeAdDidRecordClick(_ ad: any {{Name}}NetworkNativeAd) {
                    delegate?.nativeAdDidClick(self)
                }
                /// Forwards the modal presentation.
                public func {{lowerName}}NativeAdWillPresentModal(_ ad: any {{Name}}NetworkNativeAd) {
                    delegate?.nativeAdWillPresentModal(self)
                }
                /// Forwards the modal dismissal.
                public func {{lowerName}}NativeAdDidDismissModal(_ ad: any {{Name}}NetworkNativeAd) {
                    delegate?.nativeAdDidDismissModal(self)
                }
                /// Forwards leaving the application.
                public func {{lowerName}}NativeAdWillLeaveApplication(_ ad: any {{Name}}NetworkNativeAd) {
                    delegate?.nativeAdWillLeaveApplication(self)
                }
                /// Forwards the SDK's "ad no longer valid" callback: the ad expires at once and the host hears
                /// nativeAdDidExpire once. FILL IN: call it from the SDK's callback, if it has one.
                public func {{lowerName}}NativeAdDidInvalidate(_ ad: any {{Name}}NetworkNativeAd) {
                    delegate?.nativeAdAdapterDidInvalidate(self)
                }
            }
            """#)

    /// The renderer configuration listing the custom event.
    static let rendererConfiguration = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}RendererConfiguration.swift",
        text: #"""
            import MediationBridge

            /// The {{Name}} adapter's renderer configuration: the static renderer, listing the {{Name}} custom event.
            ///
            /// FILL IN: when the network needs its own view (a media view, an AdChoices view), write a renderer for it
            /// and return its type here; keep listing ``{{Name}}NativeCustomEvent/identifier``.
            public enum {{Name}}RendererConfiguration {
                /// The configuration; a host adds it to its registry.
                public static func make(
                    settings: any NativeAdRendererSettings = StaticNativeAdRendererSettings()
                ) -> NativeAdRendererConfiguration {
                    StaticNativeAdRenderer.configuration(settings: settings, customEvents: [{{Name}}NativeCustomEvent.identifier])
                }
            }
            """#)

    /// The adapter and network SDK versions.
    static let adapterVersion = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}AdapterVersion.swift",
        text: #"""
            /// The {{Name}} adapter's versions, answered from constants so that they are instant (the kit allows 5 ms).
            public enum {{Name}}AdapterVersion {
                /// The adapter version: the network SDK version it was built for, plus an adapter revision.
                public static let adapter = "0.1.0.0"
                /// The network SDK version. FILL IN: read it from the real SDK (a constant, not a computation).
                public static let networkSDK = {{Name}}SandboxNetwork.sdkVersion
            }
            """#)

    /// The custom event's versions for a host's adapter status and the mediation inspector.
    static let customEventVersions = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}NativeCustomEvent+Versions.swift",
        text: #"""
            import MediationBridge

            /// What a host's adapter status (`Mediator.adapterStatuses`) and the mediation inspector show for this adapter.
            /// The conformance kit checks that the versions equal the ones the subject declares.
            extension {{Name}}NativeCustomEvent: AdapterVersionReporting {
                /// The network name shown in a host's adapter status.
                public var networkName: String { "{{Name}}" }
                /// ``{{Name}}AdapterVersion/adapter``.
                public var adapterVersion: String { {{Name}}AdapterVersion.adapter }
                /// ``{{Name}}AdapterVersion/networkSDK``.
                public var networkSDKVersion: String { {{Name}}AdapterVersion.networkSDK }
            }
            """#)
}
