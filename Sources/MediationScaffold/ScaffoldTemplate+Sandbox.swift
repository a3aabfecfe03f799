extension ScaffoldTemplate {
    /// The sandbox stand-in for the network loader.
    static let sandboxNetwork = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}SandboxNetwork.swift",
        text: #"""
            import Dispatch
            import Foundation
            import MediationBridge

            /// An in-memory stand-in for the {{Name}} SDK's loader: answers loads as arranged (sample ads by default), after
            /// a latency on the given clock, from the clock's thread, a background queue or several threads at once, once
            /// or more often, honouring a cancel or not; it records the loads and their options. A load whose options carry a
            /// bid token is the network's markup load; one without, its ordinary load. It gives bidder tokens after
            /// ``bidderTokenLatency`` on the clock.
            ///
            /// The adapter is written against ``{{Name}}NativeAdLoading``, so the stand-in and the real SDK's wrapper are
            /// interchangeable: tests and the conformance kit use this one; apps use the real one.
            ///
            /// FILL IN: make it as faithful as you can to the real SDK: its delegate ownership, its callback threads, its
            /// quirks (answers after cancel, double callbacks). The conformance kit is only as faithful as this stand-in.
            public final class {{Name}}SandboxNetwork: {{Name}}NativeAdLoading, {{Name}}BidderTokenLoading, Sendable {
                /// The SDK version the stand-in plays.
                public static let sdkVersion = "0.0.0-sandbox"
                /// The error code the stand-in answers a bid token it rejects with. FILL IN: the SDK's own code.
                public static let rejectedBidErrorCode = 410

                /// What the stand-in answers.
                public enum Answer: Sendable {
                    /// An ad: `nil` serves the sample ad; otherwise an ad whose fields carry these values.
                    case fill(NativeAdProperties?)
                    /// This very ad, with its raw network fields.
                    case ad({{Name}}SandboxNativeAd)
                    /// No ad.
                    case noFill
                    /// A network error with its code and message.
                    case error(code: Int, message: String)
                    /// No answer, ever.
                    case never
                }

                /// Where answers come from.
                public enum Delivery: Sendable {
                    /// The clock's thread; synchronously inside the load call when the latency is zero.
                    case clockThread
                    /// A background dispatch queue.
                    case backgroundThread
                    /// Every callback on a thread of its own, all at once.
                    case concurrentThreads
                }

                /// How the next loads behave.
                public struct Behavior: Sendable {
                    /// What the network answers.
                    public var answer = Answer.fill(nil)
                    /// How long it takes, on the clock.
                    public var latency = Duration.zero
                    /// Where the answer comes from.
                    public var delivery = Delivery.clockThread
                    /// How many times the network calls back.
                    public var callbackCount = 1
                    /// The time between repeated callbacks; zero repeats them back to back.
                    public var repeatInterval = Duration.zero
                    /// Whether a cancelled load stays quiet.
                    public var honoursCancel = true

                    /// Creates a behaviour: the sample ad, at once, once, on the clock's thread.
                    public init() {}
                }

                private struct State {
                    var behavior = Behavior()
                    var loadCount = 0
                    var lastOptions: {{Name}}LoadOptions?
                    var markupLoads: [String] = []
                    var ordinaryLoads = 0
                    var rejectedBidTokens: Set<String> = []
                    var bidderTokenLatency: Duration = .milliseconds(20)
                    var bidderTokenCount = 0
                }

                /// The clock every delay runs on.
                public let clock: MediationClock
                private let state = Locked(State())

                /// Creates a stand-in that fills at once with sample ads until told otherwise.
                public init(clock: MediationClock = .continuous) {
                    self.clock = clock
                }

                /// Makes the next loads behave as `behavior` says.
                public func arrange(_ behavior: Behavior) {
                    state.withLock { $0.behavior = behavior }
                }

                /// How many loads were asked for.
                public var loadCount: Int { state.withLock { $0.loadCount } }

                /// The options of the latest load, `nil` before any.
                public var lastOptions: {{Name}}LoadOptions? { state.withLock { $0.lastOptions } }

                /// The bid tokens of the markup loads so far, in order.
                public var markupLoads: [String] { state.withLock { $0.markupLoads } }

                /// How many ordinary loads (without a bid token) were asked for.
                public var ordinaryLoads: Int { state.withLock { $0.ordinaryLoads } }

                /// How long a bidder token takes, on the clock: 20 ms by default.
                public var bidderTokenLatency: Duration {
                    get { state.withLock { $0.bidderTokenLatency } }
                    set { state.withLock { $0.bidderTokenLatency = newValue } }
                }

                /// Makes later markup loads of `bidToken` fail with ``rejectedBidErrorCode``, whatever the arranged
                /// behaviour, as the network rejects a bid it cannot load.
                public func rejectBidToken(_ bidToken: String) {
                    state.withLock { _ = $0.rejectedBidTokens.insert(bidToken) }
                }

                /// Answers `{{domainName}}-bidder-token-<n>` after ``bidderTokenLatency`` on the clock (at once, inside the
                /// call, when it is zero).
                public func loadBidderToken(childDirected: Bool, completion: @escaping @Sendable (String?) -> Void) {
                    let (latency, serial) = state.withLock { state in
                        state.bidderTokenCount += 1
                        return (state.bidderTokenLatency, state.bidderTokenCount)
                    }
                    let token = "{{domainName}}-bidder-token-\(serial)"
                    guard latency > .zero else {
                        completion(token)
                        return
                    }
                    _ = clock.schedule(after: latency) { completion(token) }
                }

                /// Answers per the arranged behaviour.
                public func loadNativeAd(
                    placementID: String, options: {{Name}}LoadOptions,
                    completion: @escaping @Sendable ({{Name}}LoadResult) -> Void
                ) -> {{Name}}LoadHandle {
                    let (arranged, serial, rejected) = state.withLock { state in
                        state.loadCount += 1
                        state.lastOptions = options
                        if let bidToken = options.bidToken {
                            state.markupLoads.append(bidToken)
                        } else {
                            state.ordinaryLoads += 1
                        }
                        return (state.behavior, state.loadCount, options.bidToken.map(state.rejectedBidTokens.contains) ?? false)
                    }
                    var current = arranged
                    if rejected { current.answer = .error(code: Self.rejectedBidErrorCode, message: "unknown bid") }
                    let result: {{Name}}LoadResult
                    switch current.answer {
                    case .never: return {{Name}}LoadHandle()
                    case .noFill: result = .noFill
                    case .error(let code, let message): result = .failed(code: code, message: message)
                    case .ad(let ad): result = .loaded(ad)
                    case .fill(let content):
                        result = .loaded(content.map({{Name}}SandboxNativeAd.init(content:)) ?? .sample(serial: serial))
                    }
                    let cancelled = Locked(false)
                    let honoursCancel = current.honoursCancel
                    let answer: @Sendable () -> Void = {
                        guard !(honoursCancel && cancelled.current) else { return }
                        completion(result)
                    }
                    let scheduled = schedule(answer, as: current)
                    return {{Name}}LoadHandle {
                        cancelled.withLock { $0 = true }
                        guard honoursCancel else { return }
                        for action in scheduled { action.cancel() }
                    }
                }

                private func schedule(_ answer: @escaping @Sendable () -> Void, as behavior: Behavior) -> [ScheduledAction] {
                    let run: @Sendable (Int) -> Void
                    switch behavior.delivery {
                    case .clockThread: run = { times in for _ in 0..<times { answer() } }
                    case .backgroundThread: run = { times in DispatchQueue.global().async { for _ in 0..<times { answer() } } }
                    case .concurrentThreads: run = { times in for _ in 0..<times { Thread { answer() }.start() } }
                    }
                    let count = max(behavior.callbackCount, 1)
                    let together = behavior.repeatInterval == .zero
                    var scheduled: [ScheduledAction] = []
                    if behavior.latency == .zero && behavior.delivery == .clockThread {
                        run(together ? count : 1)
                    } else {
                        scheduled.append(clock.schedule(after: behavior.latency) { run(together ? count : 1) })
                    }
                    if !together && count > 1 {
                        for index in 1..<count {
                            scheduled.append(
                                clock.schedule(after: behavior.latency + behavior.repeatInterval * index) { run(1) })
                        }
                    }
                    return scheduled
                }
            }
            """#)

    /// The sandbox stand-in for a loaded network ad.
    static let sandboxNativeAd = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}SandboxNativeAd.swift",
        text: #"""
            import Foundation
            import MediationBridge

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
                /// Where the privacy icon leads; kept apart from the click URL.
                public let privacyClickURL: URL?

                private let delegateBox = Locked(WeakDelegate())
                private let registrations = Locked(0)

                /// Creates an ad with the given fields.
                public init(
                    title: String?, body: String?, callToAction: String?, advertiser: String?, iconURL: URL?,
                    mainImageURL: URL?, starRating: Double?, clickURL: URL?, privacyClickURL: URL? = nil
                ) {
                    self.title = title
                    self.body = body
                    self.callToAction = callToAction
                    self.advertiser = advertiser
                    self.iconURL = iconURL
                    self.mainImageURL = mainImageURL
                    self.starRating = starRating
                    self.clickURL = clickURL
                    self.privacyClickURL = privacyClickURL
                }

                /// An ad whose fields carry `content`'s unified values. The unified ad has no click URL (that is the
                /// adapter's `defaultActionURL`), so the ad has none; `privacyclickurl` stays the privacy icon's link.
                public convenience init(content: NativeAdProperties) {
                    self.init(
                        title: content.text(.title), body: content.text(.text), callToAction: content.text(.callToAction),
                        advertiser: content.text(.sponsored), iconURL: content.image(.iconImage)?.url,
                        mainImageURL: content.image(.mainImage)?.url, starRating: content.number(.starRating),
                        clickURL: nil, privacyClickURL: content.url(.privacyClickURL))
                }

                /// The sample ad number `serial`: every field set, rating 4.5, https URLs.
                public static func sample(serial: Int) -> {{Name}}SandboxNativeAd {
                    {{Name}}SandboxNativeAd(
                        title: "{{Name}} sample ad #\(serial)", body: "A sample ad served by the {{Name}} sandbox network.",
                        callToAction: "Install", advertiser: "{{Name}} Advertiser",
                        iconURL: URL(string: "https://cdn.{{domainName}}.example/icon-\(serial).png"),
                        mainImageURL: URL(string: "https://cdn.{{domainName}}.example/main-\(serial).jpg"), starRating: 4.5,
                        clickURL: URL(string: "https://{{domainName}}.example/click/\(serial)"),
                        privacyClickURL: URL(string: "https://{{domainName}}.example/privacy"))
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

                /// Tells the event delegate once that the network dropped the ad (it went stale before its lifetime).
                public func simulateInvalidation() {
                    eventDelegate?.{{lowerName}}NativeAdDidInvalidate(self)
                }

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
