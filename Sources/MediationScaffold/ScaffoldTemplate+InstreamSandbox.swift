extension ScaffoldTemplate {
    /// The in-stream stand-in network (in the test target: it plays MediationTesting's scripts).
    static let instreamSandbox = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}SandboxInstreamAd.swift",
        text: #"""
            import Foundation
            import {{Name}}Adapter
            import MediationBridge
            import MediationTesting

            /// An in-memory stand-in for the {{Name}} SDK's in-stream ad: it plays an `InstreamSimulationScript` through
            /// MediationKit's simulated network (`SimulatedInstreamCustomEvent`) and speaks the SDK surface
            /// (``{{Name}}InstreamAdLoading``), so the custom event cannot tell it from the real SDK's wrapper.
            ///
            /// FILL IN: make it as faithful as you can to the real SDK (its section names, its quirks): the conformance kit
            /// is only as faithful as this stand-in. Its ``callLog`` is the typed log the kit counts.
            final class {{Name}}SandboxInstreamAd: {{Name}}InstreamAdLoading, @unchecked Sendable {
                private let lock = NSLock()
                private weak var storedDelegate: (any {{Name}}InstreamAdDelegate)?
                private let network: SimulatedInstreamCustomEvent
                private let player: any InstreamAdPlayer
                private let clock: MediationClock

                init(script: InstreamSimulationScript, player: any InstreamAdPlayer, clock: MediationClock) {
                    network = SimulatedInstreamCustomEvent(script: script)
                    self.player = player
                    self.clock = clock
                }

                /// Every call the stand-in passed to the simulated network, typed.
                var callLog: [InstreamNetworkCall] { network.callLog }

                /// The markup each markup load was given, in order (empty when only the ordinary load ran).
                var loadedMarkups: [String] { lock.withLock { markups } }
                private var markups: [String] = []

                /// Held weakly, as SDKs do.
                var delegate: (any {{Name}}InstreamAdDelegate)? {
                    get { lock.withLock { storedDelegate } }
                    set { lock.withLock { storedDelegate = newValue } }
                }

                func load(midpoints: [Double]?, contentDuration: TimeInterval) {
                    let request = InstreamAdRequest(
                        info: [:], midpoints: midpoints, contentDuration: contentDuration, targeting: .none,
                        privacy: .unrestricted, player: player, clock: clock)
                    network.load(request, delegate: {{Name}}SandboxInstreamRelay(self))
                }

                /// The markup load: the stand-in keeps the markup and plays its script, as for ``load``.
                func loadBid(markup: String, midpoints: [Double]?, contentDuration: TimeInterval) {
                    lock.withLock { markups.append(markup) }
                    load(midpoints: midpoints, contentDuration: contentDuration)
                }

                func cancel() { network.cancel() }
                func startPreroll() { network.start(.preroll, midpoint: nil) }
                func startMidroll(at point: Double) { network.start(.midroll, midpoint: point) }
                func startPauseroll() { network.start(.pauseroll, midpoint: nil) }
                func startPostroll() { network.start(.postroll, midpoint: nil) }
                func pause() { network.pause() }
                func resume() { network.resume() }
                func stop() { network.stop() }
                func skip() { network.skip() }
                func skipBanner() { network.skipBanner() }
                func setVolume(_ volume: Double) { network.setVolume(volume) }
                func handleClick() { network.trackClick() }
                func handleCompanionShow(identifier: String) {
                    network.trackCompanionShow(InstreamCompanionBanner(identifier: identifier, width: 0, height: 0))
                }
                func handleCompanionClick(identifier: String) {
                    network.trackCompanionClick(InstreamCompanionBanner(identifier: identifier, width: 0, height: 0))
                }

                /// The SDK's raw view of a scripted banner.
                static func sdkBanner(_ banner: InstreamAdBanner) -> {{Name}}InstreamBanner {
                    {{Name}}InstreamBanner(
                        identifier: banner.identifier, duration: banner.duration, clickURL: banner.clickURL?.absoluteString,
                        allowClose: banner.allowClose, allowCloseDelay: banner.allowCloseDelay, allowSkip: banner.allowSkip,
                        width: banner.width, height: banner.height, text: banner.ctaText ?? banner.adText,
                        companions: banner.companionBanners.map { companion in
                            .init(
                                identifier: companion.identifier, width: companion.width, height: companion.height,
                                imageURL: companion.staticResourceURL?.absoluteString,
                                clickURL: companion.clickURL?.absoluteString,
                                showTrackers: companion.showTrackers.map(\.absoluteString),
                                clickTrackers: companion.clickTrackers.map(\.absoluteString))
                        })
                }
            }

            /// Turns the simulated network's reports into the SDK's callbacks; holds the stand-in weakly.
            final class {{Name}}SandboxInstreamRelay: InstreamCustomEventDelegate, @unchecked Sendable {
                private weak var ad: {{Name}}SandboxInstreamAd?

                init(_ ad: {{Name}}SandboxInstreamAd) {
                    self.ad = ad
                }

                private var delegate: (any {{Name}}InstreamAdDelegate)? { ad?.delegate }

                func customEventDidLoad(availableMidpoints: [Double]) { delegate?.onLoad(midpoints: availableMidpoints) }
                func customEventDidFailToLoad(reason: String) { delegate?.onNoAd(reason: reason) }
                func customEventBannerDidStart(_ banner: InstreamAdBanner) {
                    delegate?.onBannerStart({{Name}}SandboxInstreamAd.sdkBanner(banner))
                }
                func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
                    delegate?.onBannerTimeLeftChange(timeLeft: timeLeft, duration: duration)
                }
                func customEventBannerDidComplete(_ banner: InstreamAdBanner) {
                    delegate?.onBannerComplete({{Name}}SandboxInstreamAd.sdkBanner(banner))
                }
                func customEventDidFail(reason: String) { delegate?.onError(reason: reason) }
                func customEventSectionDidComplete(_ section: InstreamAdSection) {
                    delegate?.onComplete(section: section.rawValue)
                }
                func customEventWillPresentModal() { delegate?.onShowModal() }
                func customEventDidDismissModal() { delegate?.onDismissModal() }
                func customEventWillLeaveApplication() { delegate?.onLeaveApplication() }
            }

            /// Makes stand-in ads that play one script on one clock, and keeps them for their call logs.
            final class {{Name}}SandboxInstreamFactory: {{Name}}InstreamAdFactory, @unchecked Sendable {
                private let lock = NSLock()
                private var made: [{{Name}}SandboxInstreamAd] = []
                private let script: InstreamSimulationScript
                private let clock: MediationClock

                init(script: InstreamSimulationScript, clock: MediationClock) {
                    self.script = script
                    self.clock = clock
                }

                /// The calls the first ad made passed to its network (none when no ad was made).
                var callLog: [InstreamNetworkCall] { lock.withLock { made.first }?.callLog ?? [] }

                /// The first ad made: the SDK object the kit checks is released once the session ends.
                var firstAd: {{Name}}SandboxInstreamAd? { lock.withLock { made.first } }

                func makeInstreamAd(slotID: String, format: InstreamAdFormat, player: any InstreamAdPlayer)
                    -> any {{Name}}InstreamAdLoading
                {
                    let ad = {{Name}}SandboxInstreamAd(script: script, player: player, clock: clock)
                    lock.withLock { made.append(ad) }
                    return ad
                }
            }
            """#)
}
