extension ScaffoldTemplate {
    /// The in-stream network surface for bidding: the SDK's bidder-token call.
    static let instreamBidderTokenLoading = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}BidderTokenLoading.swift",
        text: #"""
            import MediationBridge

            // FILL IN: this file describes the {{Name}} SDK's bidder-token call (the signal an ad server's auction needs
            // before the ad request). Rename it after the real SDK's call and make the SDK wrapper conform. When the SDK
            // has no such call, delete this file and the bid signal provider, and say so in the README.

            /// The {{Name}} network's bidder-token call.
            ///
            /// Rules for conformers (the wrapper over the real SDK, or the tests' `{{Name}}SandboxBidderTokens`):
            /// - Answer exactly once through `completion`, from any thread: the token, or `nil` when there is none.
            /// - Never put the host's personal data into the token beyond what the SDK itself may send.
            public protocol {{Name}}BidderTokenLoading: Sendable {
                /// Asks the network for its bidder token for `format`, with its child-directed flag (COPPA).
                func loadBidderToken(
                    format: InstreamAdFormat, childDirected: Bool, completion: @escaping @Sendable (String?) -> Void)
            }
            """#)

    /// The in-stream bid signal provider over the bidder-token call, one per format.
    static let instreamBidSignalProvider = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}InstreamBidSignalProvider.swift",
        text: #"""
            import MediationBridge

            /// The {{Name}} in-stream adapter's bidder for one format: hands the mediator the network's bidder token as
            /// its bid signal, so that the ad server can run an auction for {{Name}}'s in-stream line of that format.
            ///
            /// - Asks the network with the request's child-directed flag; the mediator never asks for a request the
            ///   privacy settings bar.
            /// - Answers once: the token, or `networkError` when the network has none.
            ///
            /// FILL IN: set `requiresMainThread` when the SDK's token call must run on the main thread.
            public final class {{Name}}InstreamBidSignalProvider: BidSignalProvider {
                /// The error domain a missing token is reported under. FILL IN: the SDK's own error domain.
                public static let errorDomain = "com.example.{{domainName}}-network.bidding"

                /// The format whose custom event the signal asks bids for.
                public let format: InstreamAdFormat
                private let network: any {{Name}}BidderTokenLoading

                /// Creates the provider for `format` over the network's token call.
                public init(format: InstreamAdFormat, network: any {{Name}}BidderTokenLoading) {
                    self.format = format
                    self.network = network
                }

                /// The {{Name}} in-stream custom event of ``format``, whose bids the signal asks for.
                public var customEventIdentifier: String { {{Name}}InstreamCustomEvent.identifier(for: format) }

                /// `{{Name}}`.
                public var networkName: String { "{{Name}}" }

                /// Asks the network for its bidder token and answers with it.
                public func collectSignal(
                    for request: BidSignalRequest, completion: @escaping @Sendable (Result<String, MediationError>) -> Void
                ) {
                    network.loadBidderToken(format: format, childDirected: request.privacy.isChildDirected) { token in
                        guard let token, !token.isEmpty else {
                            let info = NetworkErrorInfo(domain: Self.errorDomain, code: 1, message: "no bidder token")
                            completion(.failure(.networkError(info)))
                            return
                        }
                        completion(.success(token))
                    }
                }
            }
            """#)

    /// The tests' stand-in for the bidder-token call.
    static let instreamSandboxBidderTokens = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}SandboxBidderTokens.swift",
        text: #"""
            import Foundation
            import {{Name}}Adapter
            import MediationBridge

            /// A stand-in for the {{Name}} SDK's bidder-token call: answers `token` (or `nil`) at once, from the calling
            /// thread, and keeps every child-directed flag it was asked with. FILL IN: answer as the real SDK does (its
            /// thread, its delay).
            final class {{Name}}SandboxBidderTokens: {{Name}}BidderTokenLoading, @unchecked Sendable {
                private let lock = NSLock()
                private var flags: [Bool] = []
                private let token: String?

                init(token: String?) {
                    self.token = token
                }

                /// The child-directed flag of each call, in order.
                var childDirectedFlags: [Bool] { lock.withLock { flags } }

                func loadBidderToken(
                    format: InstreamAdFormat, childDirected: Bool, completion: @escaping @Sendable (String?) -> Void
                ) {
                    lock.withLock { flags.append(childDirected) }
                    completion(token.map { "\($0)-\(format.rawValue)" })
                }
            }
            """#)
}

extension ScaffoldTemplate {
    /// What both in-stream test files share: a load recorder and the bid signal check.
    static let instreamTestSupport = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}LoadRecorder.swift",
        text: #"""
            import Foundation
            import {{Name}}Adapter
            import MediationBridge
            import Testing

            /// Records what a custom event reports, by name, and its typed load errors; ``waitForOutcome()`` awaits
            /// the load's outcome without blocking a thread.
            final class {{Name}}LoadRecorder: InstreamCustomEventDelegate, @unchecked Sendable {
                private let lock = NSLock()
                private var recorded: [String] = []
                private var typed: [MediationError] = []
                private var waiters: [CheckedContinuation<Void, Never>] = []

                /// `load`, `noAd`, `start:ID`, `complete:ID`, `error`, `section:NAME`, in order.
                var events: [String] { lock.withLock { recorded } }
                /// The typed load errors.
                var errors: [MediationError] { lock.withLock { typed } }

                /// Returns once the load reported its outcome; at once when it has.
                func waitForOutcome() async {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        let reported = lock.withLock { () -> Bool in
                            if recorded.contains("load") || recorded.contains("noAd") { return true }
                            waiters.append(continuation)
                            return false
                        }
                        if reported { continuation.resume() }
                    }
                }

                private func add(_ event: String, error: MediationError? = nil) {
                    let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                        recorded.append(event)
                        if let error { typed.append(error) }
                        guard event == "load" || event == "noAd" else { return [] }
                        defer { waiters = [] }
                        return waiters
                    }
                    for waiter in ready { waiter.resume() }
                }

                func customEventDidLoad(availableMidpoints: [Double]) { add("load") }
                func customEventDidFailToLoad(reason: String) { add("noAd") }
                func customEventDidFailToLoad(error: MediationError) { add("noAd", error: error) }
                func customEventBannerDidStart(_ banner: InstreamAdBanner) { add("start:\(banner.identifier)") }
                func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {}
                func customEventBannerDidComplete(_ banner: InstreamAdBanner) { add("complete:\(banner.identifier)") }
                func customEventDidFail(reason: String) { add("error") }
                func customEventSectionDidComplete(_ section: InstreamAdSection) { add("section:\(section.rawValue)") }
                func customEventWillPresentModal() {}
                func customEventDidDismissModal() {}
                func customEventWillLeaveApplication() {}
            }

            /// The bid signal checks both in-stream sources share.
            enum {{Name}}BiddingChecks {
                /// The provider answers the network's token for its format's custom event, passes the child-directed
                /// flag, and turns a missing token into the network's error.
                static func bidSignalIsTheNetworksToken() async {
                    let tokens = {{Name}}SandboxBidderTokens(token: "{{domainName}}-token")
                    let provider = {{Name}}InstreamBidSignalProvider(format: .audio, network: tokens)
                    var privacy = PrivacySettings.unrestricted
                    privacy.isChildDirected = true
                    let request = BidSignalRequest(adUnitID: "unit", format: .instreamAudio, privacy: privacy)
                    let signal = await withCheckedContinuation { continuation in
                        provider.collectSignal(for: request) { continuation.resume(returning: $0) }
                    }
                    #expect(signal == .success("{{domainName}}-token-audio"))
                    #expect(tokens.childDirectedFlags == [true])
                    #expect(provider.customEventIdentifier == {{Name}}InstreamCustomEvent.audioIdentifier)
                    let none = {{Name}}InstreamBidSignalProvider(format: .video, network: {{Name}}SandboxBidderTokens(token: nil))
                    let missing = await withCheckedContinuation { continuation in
                        none.collectSignal(for: request) { continuation.resume(returning: $0) }
                    }
                    let info = NetworkErrorInfo(
                        domain: {{Name}}InstreamBidSignalProvider.errorDomain, code: 1, message: "no bidder token")
                    #expect(missing == .failure(.networkError(info)))
                }
            }
            """#)

    /// The SDK in-stream registration: each format's custom event and its bidder.
    static let instreamRegistration = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}InstreamCustomEvent+Registration.swift",
        text: #"""
            import MediationBridge

            extension {{Name}}InstreamCustomEvent {
                /// Registers the custom event of each of `formats` under its identifier (a fresh one per line over
                /// `factory`) and its bidder, a ``{{Name}}InstreamBidSignalProvider`` over `bidderTokens`, whose signal the
                /// mediator waits for at most `signalTimeout`.
                ///
                /// - Throws: `MediationError.invalidConfiguration` when an identifier is taken or already has a bidder.
                public static func register(
                    in registry: inout MediationRegistry, formats: [InstreamAdFormat] = [{{formatList}}],
                    factory: any {{Name}}InstreamAdFactory, bidderTokens: any {{Name}}BidderTokenLoading,
                    signalTimeout: Duration = .seconds(1)
                ) throws(MediationError) {
                    for format in formats {
                        try registry.registerInstreamCustomEvent(identifier(for: format)) {
                            {{Name}}InstreamCustomEvent(format: format, factory: factory)
                        }
                        try registry.registerBidSignalProvider(
                            {{Name}}InstreamBidSignalProvider(format: format, network: bidderTokens), timeout: signalTimeout)
                    }
                }
            }
            """#)

    /// The SDK in-stream bidding tests: the markup path and the token.
    static let instreamBiddingTests = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}InstreamBiddingTests.swift",
        text: #"""
            import Foundation
            import {{Name}}Adapter
            import MediationBridge
            import MediationTesting
            import Testing

            @Suite struct {{Name}}InstreamBiddingTests {
                /// A custom event over the stand-in, a request for it (with `markup` as the bid's `adm`) and a recorder.
                static func harness(markup: String?) -> (
                    ManualClock, {{Name}}SandboxInstreamFactory, {{Name}}InstreamCustomEvent, InstreamAdRequest,
                    {{Name}}LoadRecorder
                ) {
                    let clock = ManualClock()
                    let mediationClock = MediationClock(clock)
                    let factory = {{Name}}SandboxInstreamFactory(script: InstreamSimulationScript(), clock: mediationClock)
                    var request = InstreamAdRequest(
                        info: [{{Name}}InstreamCustomEvent.slotIDKey: .string("{{domainName}}-slot-1")], midpoints: nil,
                        contentDuration: 120, targeting: .none, privacy: .unrestricted,
                        player: SimulatedInstreamAdPlayer(clock: mediationClock, defaultDuration: .seconds(2)),
                        clock: mediationClock)
                    request.adMarkup = markup
                    return (clock, factory, {{Name}}InstreamCustomEvent(format: .video, factory: factory), request, {{Name}}LoadRecorder())
                }

                /// A bid's markup goes to the SDK's markup load unchanged, never to its ordinary load.
                @Test func aBidsMarkupGoesToTheMarkupLoad() {
                    let markup = "{\"bid\": \"{{domainName}}-1\"}"
                    let (clock, factory, event, request, recorder) = Self.harness(markup: markup)
                    #expect(event.supportsBidding)
                    event.load(request, delegate: recorder)
                    clock.advance(by: .seconds(1))
                    #expect(factory.firstAd?.loadedMarkups == [markup])
                    #expect(factory.callLog == [.load])
                    #expect(recorder.events == ["load"])
                }

                /// Without markup the ordinary load runs and the markup load does not.
                @Test func aLineWithoutMarkupUsesTheOrdinaryLoad() {
                    let (clock, factory, event, request, recorder) = Self.harness(markup: nil)
                    event.load(request, delegate: recorder)
                    clock.advance(by: .seconds(1))
                    #expect(factory.firstAd?.loadedMarkups == [])
                    #expect(recorder.events == ["load"])
                }

                /// Blank markup fails at once with `invalidBidMarkup` at `adm`, before any SDK ad is made.
                @Test func blankMarkupFailsAtOnce() {
                    let (_, factory, event, request, recorder) = Self.harness(markup: " \n")
                    event.load(request, delegate: recorder)
                    #expect(recorder.errors == [.invalidBidMarkup(path: "adm", reason: "empty bid markup")])
                    #expect(factory.firstAd == nil)
                }

                @Test func theBidSignalIsTheNetworksToken() async {
                    await {{Name}}BiddingChecks.bidSignalIsTheNetworksToken()
                }

                @Test func registersEachFormatWithItsBidder() throws {
                    var registry = MediationRegistry()
                    let factory = {{Name}}SandboxInstreamFactory(
                        script: InstreamSimulationScript(), clock: MediationClock(ManualClock()))
                    try {{Name}}InstreamCustomEvent.register(
                        in: &registry, factory: factory, bidderTokens: {{Name}}SandboxBidderTokens(token: "token"))
                    let formats: [InstreamAdFormat] = [{{formatList}}]
                    #expect(registry.biddingCustomEventIdentifiers == formats.map({{Name}}InstreamCustomEvent.identifier).sorted())
                }
            }
            """#)
}
