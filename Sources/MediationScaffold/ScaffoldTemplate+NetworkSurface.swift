extension ScaffoldTemplate {
    /// The network surface to fill in: loader protocol, load result and load handle.
    static let nativeAdLoading = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}NativeAdLoading.swift",
        text: #"""
            import MediationBridge

            // FILL IN: this file describes the part of the {{Name}} SDK that loads native ads. Keep the shapes, rename the
            // members after the real SDK, and make a thin wrapper over the SDK conform to `{{Name}}NativeAdLoading`.

            /// The {{Name}} network's loading surface: the part of its SDK that loads native ads.
            ///
            /// Rules for conformers (the wrapper over the real SDK, or ``{{Name}}SandboxNetwork``):
            /// - Answer each load at most once through `completion`, from any thread, possibly synchronously.
            /// - After the returned handle is cancelled, try not to answer; the custom event drops late answers anyway.
            public protocol {{Name}}NativeAdLoading: Sendable {
                /// Starts loading one native ad for `placementID`; returns a handle that cancels the load.
                func loadNativeAd(
                    placementID: String, options: {{Name}}LoadOptions,
                    completion: @escaping @Sendable ({{Name}}LoadResult) -> Void
                ) -> {{Name}}LoadHandle
            }

            /// What a load takes besides the placement: the privacy flag, targeting and the bid.
            ///
            /// FILL IN: the SDK's own request fields (consent strings, keywords, …).
            public struct {{Name}}LoadOptions: Sendable, Hashable {
                /// The child-directed flag (COPPA).
                public var childDirected: Bool
                /// The user's age, where privacy allows personal targeting.
                public var age: Int?
                /// The user's gender (`male`, `female`, `unknown`), where privacy allows personal targeting.
                public var gender: String?
                /// The bid token from the auction's markup, or `nil` for a waterfall load.
                public var bidToken: String?

                /// Creates options; nothing set by default.
                public init(childDirected: Bool = false, age: Int? = nil, gender: String? = nil, bidToken: String? = nil) {
                    self.childDirected = childDirected
                    self.age = age
                    self.gender = gender
                    self.bidToken = bidToken
                }

                /// The options as flat request fields, as the sandbox reports them to the conformance kit.
                public var fields: [String: String] {
                    var fields = ["childDirected": childDirected ? "1" : "0"]
                    fields["age"] = age.map(String.init)
                    fields["gender"] = gender
                    fields["bidToken"] = bidToken
                    return fields
                }
            }

            /// How the {{Name}} network answers a load.
            public enum {{Name}}LoadResult: Sendable {
                /// An ad.
                case loaded(any {{Name}}NetworkNativeAd)
                /// No ad for this placement right now.
                case noFill
                /// The network failed, with its own code and message.
                case failed(code: Int, message: String)
            }

            /// A handle on one load; cancelling it asks the network not to answer.
            public final class {{Name}}LoadHandle: Sendable {
                private let onCancel: Locked<(@Sendable () -> Void)?>

                /// Creates a handle that runs `onCancel` on the first ``cancel()``.
                public init(onCancel: @escaping @Sendable () -> Void = {}) {
                    self.onCancel = Locked(onCancel)
                }

                /// Cancels the load; later calls do nothing.
                public func cancel() {
                    let handler = onCancel.withLock { handler in
                        defer { handler = nil }
                        return handler
                    }
                    handler?()
                }
            }
            """#)

    /// The network surface to fill in: the loaded ad and its event delegate.
    static let networkNativeAd = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}NetworkNativeAd.swift",
        text: #"""
            import Foundation

            // FILL IN: this file describes a loaded {{Name}} ad and its event callbacks as the SDK hands them over. Rename the
            // fields after the real SDK's; the custom event maps them onto MediationKit's unified keys.

            /// A native ad as the {{Name}} SDK hands it over: its own field names, its own event delegate.
            ///
            /// Rules for conformers: hold ``eventDelegate`` weakly and report each event to it once.
            public protocol {{Name}}NetworkNativeAd: AnyObject, Sendable {
                /// Headline.
                var title: String? { get }
                /// Body text.
                var body: String? { get }
                /// Button text.
                var callToAction: String? { get }
                /// Advertiser name.
                var advertiser: String? { get }
                /// Icon image location.
                var iconURL: URL? { get }
                /// Main image location.
                var mainImageURL: URL? { get }
                /// Store rating; the network does not promise a range.
                var starRating: Double? { get }
                /// Where a click leads (the advertiser's landing page).
                var clickURL: URL? { get }
                /// Where the ad's privacy (AdChoices) icon leads; not the click URL.
                var privacyClickURL: URL? { get }
                /// Receives the ad's events; held weakly.
                var eventDelegate: (any {{Name}}NativeAdEventDelegate)? { get set }
                /// Starts impression and click tracking for the view the ad is shown in.
                func registerForInteraction()
                /// Stops tracking.
                func unregisterInteraction()
            }

            /// The {{Name}} SDK's callbacks for a shown ad; the SDK may call from any thread.
            public protocol {{Name}}NativeAdEventDelegate: AnyObject, Sendable {
                /// The network counted an impression.
                func {{lowerName}}NativeAdDidRecordImpression(_ ad: any {{Name}}NetworkNativeAd)
                /// The network detected a click.
                func {{lowerName}}NativeAdDidRecordClick(_ ad: any {{Name}}NetworkNativeAd)
                /// The network is about to show a modal.
                func {{lowerName}}NativeAdWillPresentModal(_ ad: any {{Name}}NetworkNativeAd)
                /// The network's modal closed.
                func {{lowerName}}NativeAdDidDismissModal(_ ad: any {{Name}}NetworkNativeAd)
                /// The network is about to leave the app.
                func {{lowerName}}NativeAdWillLeaveApplication(_ ad: any {{Name}}NetworkNativeAd)
                /// The network dropped the ad before its lifetime ran out; it can no longer be shown.
                func {{lowerName}}NativeAdDidInvalidate(_ ad: any {{Name}}NetworkNativeAd)
            }
            """#)
}
