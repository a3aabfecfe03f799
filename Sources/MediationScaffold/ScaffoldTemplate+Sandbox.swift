extension ScaffoldTemplate {
    /// The sandbox stand-in for the network loader.
    static let sandboxNetwork = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}SandboxNetwork.swift",
        text: #"""
            import Dispatch
            import MediationCore

            /// An in-memory stand-in for the {{Name}} SDK's loader: answers loads as arranged (sample ads by default), after
            /// a latency on the given clock, from the clock's thread or a background queue, and counts the loads.
            ///
            /// The adapter is written against ``{{Name}}NativeAdLoading``, so the stand-in and the real SDK's wrapper are
            /// interchangeable: tests and the conformance kit use this one; apps use the real one.
            public final class {{Name}}SandboxNetwork: {{Name}}NativeAdLoading, Sendable {
                /// The SDK version the stand-in plays.
                public static let sdkVersion = "0.0.0-sandbox"

                /// What the stand-in answers.
                public enum Answer: Sendable {
                    /// An ad: `nil` serves the sample ad; otherwise an ad whose fields carry these values.
                    case fill(NativeAdProperties?)
                    /// No ad.
                    case noFill
                    /// A network error with its code and message.
                    case error(code: Int, message: String)
                    /// No answer, ever.
                    case never
                }

                private struct Behavior {
                    var answer = Answer.fill(nil)
                    var latency = Duration.zero
                    var onBackgroundThread = false
                    var loadCount = 0
                }

                /// The clock every delay runs on.
                public let clock: MediationClock
                private let behavior = Locked(Behavior())

                /// Creates a stand-in that fills at once with sample ads until told otherwise.
                public init(clock: MediationClock = .continuous) {
                    self.clock = clock
                }

                /// Makes the next loads answer `answer` after `latency`, on a background queue when asked.
                public func arrange(_ answer: Answer, latency: Duration = .zero, onBackgroundThread: Bool = false) {
                    behavior.withLock { behavior in
                        behavior.answer = answer
                        behavior.latency = latency
                        behavior.onBackgroundThread = onBackgroundThread
                    }
                }

                /// How many loads were asked for.
                public var loadCount: Int { behavior.withLock { $0.loadCount } }

                /// Answers per the arranged behaviour; a cancelled load is not answered.
                public func loadNativeAd(
                    placementID: String, completion: @escaping @Sendable ({{Name}}LoadResult) -> Void
                ) -> {{Name}}LoadHandle {
                    let (current, serial) = behavior.withLock { behavior in
                        behavior.loadCount += 1
                        return (behavior, behavior.loadCount)
                    }
                    let result: {{Name}}LoadResult
                    switch current.answer {
                    case .never: return {{Name}}LoadHandle()
                    case .noFill: result = .noFill
                    case .error(let code, let message): result = .failed(code: code, message: message)
                    case .fill(let content):
                        result = .loaded(content.map({{Name}}SandboxNativeAd.init(content:)) ?? .sample(serial: serial))
                    }
                    let cancelled = Locked(false)
                    let deliver: @Sendable () -> Void = {
                        guard !cancelled.current else { return }
                        completion(result)
                    }
                    let scheduled: ScheduledAction?
                    if current.onBackgroundThread {
                        scheduled = clock.schedule(after: current.latency) { DispatchQueue.global().async(execute: deliver) }
                    } else if current.latency == .zero {
                        deliver()
                        scheduled = nil
                    } else {
                        scheduled = clock.schedule(after: current.latency, deliver)
                    }
                    return {{Name}}LoadHandle {
                        cancelled.withLock { $0 = true }
                        scheduled?.cancel()
                    }
                }
            }
            """#)

    /// The sandbox stand-in for a loaded network ad.
    static let sandboxNativeAd = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}SandboxNativeAd.swift",
        text: #"""
            import Foundation
            import MediationCore

            /// A sandbox {{Name}} ad: fixed fields, a weakly held event delegate, and ``simulate(_:)`` to play the network's
            /// events.
            public final class {{Name}}SandboxNativeAd: {{Name}}NetworkNativeAd, Sendable {
                /// The events the sandbox can play.
                public enum Event: Sendable, CaseIterable {
                    /// An impression.
                    case impression
                    /// A click.
                    case click
                    /// A modal is about to show.
                    case willPresentModal
                    /// The modal closed.
                    case didDismissModal
                    /// The app is about to be left.
                    case willLeaveApplication
                }

                private struct WeakDelegate {
                    weak var value: (any {{Name}}NativeAdEventDelegate)?
                }

                /// Headline.
                public let title: String?
                /// Body text.
                public let body: String?
                /// Button text.
                public let callToAction: String?
                /// Advertiser name.
                public let advertiser: String?
                /// Icon image location.
                public let iconURL: URL?
                /// Main image location.
                public let mainImageURL: URL?
                /// Store rating.
                public let starRating: Double?
                /// Where a click leads.
                public let clickURL: URL?

                private let delegateBox = Locked(WeakDelegate())
                private let registrations = Locked(0)

                /// Creates an ad with the given fields.
                public init(
                    title: String?, body: String?, callToAction: String?, advertiser: String?, iconURL: URL?,
                    mainImageURL: URL?, starRating: Double?, clickURL: URL?
                ) {
                    self.title = title
                    self.body = body
                    self.callToAction = callToAction
                    self.advertiser = advertiser
                    self.iconURL = iconURL
                    self.mainImageURL = mainImageURL
                    self.starRating = starRating
                    self.clickURL = clickURL
                }

                /// An ad whose fields carry `content`'s unified values.
                public convenience init(content: NativeAdProperties) {
                    self.init(
                        title: content.text(.title), body: content.text(.text), callToAction: content.text(.callToAction),
                        advertiser: content.text(.sponsored), iconURL: content.image(.iconImage)?.url,
                        mainImageURL: content.image(.mainImage)?.url, starRating: content.number(.starRating),
                        clickURL: content.url(.privacyClickURL))
                }

                /// The sample ad number `serial`: every field set, rating 4.5, https URLs.
                public static func sample(serial: Int) -> {{Name}}SandboxNativeAd {
                    {{Name}}SandboxNativeAd(
                        title: "{{Name}} sample ad #\(serial)", body: "A sample ad served by the {{Name}} sandbox network.",
                        callToAction: "Install", advertiser: "{{Name}} Advertiser",
                        iconURL: URL(string: "https://cdn.{{domainName}}.example/icon-\(serial).png"),
                        mainImageURL: URL(string: "https://cdn.{{domainName}}.example/main-\(serial).jpg"), starRating: 4.5,
                        clickURL: URL(string: "https://{{domainName}}.example/click/\(serial)"))
                }

                /// Receives the ad's events; held weakly.
                public var eventDelegate: (any {{Name}}NativeAdEventDelegate)? {
                    get { delegateBox.withLock { $0.value } }
                    set { delegateBox.withLock { $0.value = newValue } }
                }

                /// Whether the ad is registered for interaction now.
                public var isRegistered: Bool { registrations.current > 0 }

                /// Starts tracking.
                public func registerForInteraction() { registrations.withLock { $0 += 1 } }
                /// Stops tracking.
                public func unregisterInteraction() { registrations.withLock { $0 = max($0 - 1, 0) } }

                /// Reports `event` to the event delegate once, as the network would.
                public func simulate(_ event: Event) {
                    guard let delegate = eventDelegate else { return }
                    switch event {
                    case .impression: delegate.{{lowerName}}NativeAdDidRecordImpression(self)
                    case .click: delegate.{{lowerName}}NativeAdDidRecordClick(self)
                    case .willPresentModal: delegate.{{lowerName}}NativeAdWillPresentModal(self)
                    case .didDismissModal: delegate.{{lowerName}}NativeAdDidDismissModal(self)
                    case .willLeaveApplication: delegate.{{lowerName}}NativeAdWillLeaveApplication(self)
                    }
                }
            }
            """#)
}
