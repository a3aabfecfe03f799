extension ScaffoldTemplate {
    /// The VAST-SDK custom event: the SDK's breaks, each played by one `VASTInstreamCustomEvent`.
    static let vastCustomEvent = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}InstreamCustomEvent.swift",
        text: #"""
            import Foundation
            import MediationBridge
            import MediationVAST

            /// Loads {{Name}} in-stream {{formats}} for an `InstreamAdSession` from an SDK that returns VAST, and plays it
            /// with MediationKit's VAST playback (`VASTInstreamCustomEvent`, one per break).
            ///
            /// The rules it follows, each of which the in-stream conformance kit checks:
            /// - `slotId` is read first; without it loading fails at once and no SDK object is made.
            /// - The SDK is asked once per load (its tag call, or its markup load for a bid's `adm`); its answer comes
            ///   asynchronously. Each break's VAST then loads in a `VASTInstreamCustomEvent` of its own, and the one load
            ///   outcome is reported once every break's VAST has loaded: the midroll positions of the breaks that loaded,
            ///   or the SDK's error (its code and message) when it has no ad.
            /// - One load per break: each break's VAST document plays once, in its section (a bid's, in the first
            ///   section the host starts); nothing is reused across breaks or loads. A section without a break ends at
            ///   once.
            /// - After ``cancel()`` nothing is reported, even when the SDK answers late anyway.
            /// - Every tracker (impressions, quartiles, clicks, skips, errors) fires through the `TrackerPinging` this
            ///   event was made with, with the break's macros (`[BREAKPOSITION]`, `[CONTENTPLAYHEAD]`); the session fires
            ///   companion trackers, and companion shows and clicks go to the SDK once per call.
            public final class {{Name}}InstreamCustomEvent: InstreamCustomEvent {
                /// The identifier servers name for in-stream video.
                public static let videoIdentifier = "{{Name}}InstreamVideoCustomEvent"
                /// The identifier servers name for in-stream audio.
                public static let audioIdentifier = "{{Name}}InstreamAudioCustomEvent"
                /// The info key holding the SDK's slot.
                public static let slotIDKey = "slotId"

                /// The identifier of the custom event for `format`.
                public static func identifier(for format: InstreamAdFormat) -> String {
                    format == .video ? videoIdentifier : audioIdentifier
                }

                /// One break: the SDK's break, its VAST playback and how its VAST load ended.
                private struct Break {
                    var sdkBreak: {{Name}}VASTBreak
                    var playback: VASTInstreamCustomEvent
                    var loaded: Bool?
                    var failure: MediationError?
                    var reason = ""
                }

                private struct State {
                    var request: InstreamAdRequest?
                    var breaks: [Break] = []
                    var pending = 0
                    var played: Set<Int> = []
                    var playing: Int?
                }

                /// Video or audio.
                public let format: InstreamAdFormat
                private let factory: any {{Name}}VASTAdFactory
                private let loader: any VASTDocumentLoading
                private let trackerPinger: any TrackerPinging
                private let capabilities: VASTPlayerCapabilities
                private let client: VASTClientInfo
                private let once = OnceOnlyRequest<any InstreamCustomEventDelegate, any {{Name}}VASTAdLoading>()
                private let state = Locked(State())

                /// Creates the event for `format` over an SDK factory (the real SDK's, or the test stand-in's).
                ///
                /// - Parameters:
                ///   - loader: fetches the wrappers a break's VAST names (`HTTPVASTDocumentLoader()` from
                ///     MediationKit's `MediationVASTNetworking`, which the host passes in).
                ///   - trackerPinger: fires every VAST tracker (the host's durable `URLSessionTrackerPinger`).
                ///   - capabilities: what the host's player plays.
                ///   - client: the app and device data of the VAST client macros.
                public init(
                    format: InstreamAdFormat, factory: any {{Name}}VASTAdFactory, loader: any VASTDocumentLoading,
                    trackerPinger: any TrackerPinging, capabilities: VASTPlayerCapabilities = .standard,
                    client: VASTClientInfo = .none
                ) {
                    self.format = format
                    self.factory = factory
                    self.loader = loader
                    self.trackerPinger = trackerPinger
                    self.capabilities = capabilities
                    self.client = client
                }

                /// `true`: a bid's VAST markup goes to the SDK's markup load.
                public var supportsBidding: Bool { true }

                /// The SDK object, once loading started and until ``cancel()``.
                public var vastAd: (any {{Name}}VASTAdLoading)? { once.resource }

                /// Reads `slotId`, makes the SDK object and asks it for VAST (a bid's markup through its markup load); a
                /// second load is ignored.
                public func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate) {
                    guard once.begin(delegate: delegate) else { return }
                    guard case .string(let slotID)? = request.info.values[Self.slotIDKey], !slotID.isEmpty else {
                        once.failLoading(reason: "\(Self.slotIDKey) is missing or not a non-empty string")
                        return
                    }
                    if let markup = request.adMarkup, markup.allSatisfy(\.isWhitespace) {
                        failLoading(.invalidBidMarkup(path: "adm", reason: "empty bid markup"))
                        return
                    }
                    state.withLock { $0.request = request }
                    let ad = factory.makeVASTAd(slotID: slotID, format: format)
                    guard once.hold(ad) else { return }
                    let answer: @Sendable (Result<[{{Name}}VASTBreak], {{Name}}VASTError>) -> Void = { [weak self] in
                        self?.received($0)
                    }
                    if let markup = request.adMarkup {
                        ad.loadBid(markup: markup, completion: answer)
                    } else {
                        ad.requestBreaks(
                            midpoints: request.midpoints, contentDuration: request.contentDuration, completion: answer)
                    }
                }

                /// Detaches from the SDK object and every break's playback: silent from now on.
                public func cancel() {
                    let ad = once.stop()
                    let playbacks = state.withLock { state in
                        defer {
                            state.breaks = []
                            state.playing = nil
                        }
                        return state.breaks.map(\.playback)
                    }
                    for playback in playbacks { playback.cancel() }
                    ad?.cancel()
                }

                /// Plays the first break not played yet for `section` (at `midpoint` for a midroll); a section without
                /// one ends at once.
                public func start(_ section: InstreamAdSection, midpoint: Double?) {
                    let playback = state.withLock { state -> VASTInstreamCustomEvent? in
                        let index = state.breaks.indices.first { index in
                            let candidate = state.breaks[index]
                            guard candidate.loaded == true, !state.played.contains(index) else { return false }
                            guard let place = candidate.sdkBreak.section else { return true }
                            return place == section
                                && (section != .midroll || midpoint == nil || candidate.sdkBreak.midpoint == midpoint)
                        }
                        guard let index else { return nil }
                        state.played.insert(index)
                        state.playing = index
                        return state.breaks[index].playback
                    }
                    guard let playback else {
                        once.eventDelegate?.customEventSectionDidComplete(section)
                        return
                    }
                    playback.start(section, midpoint: midpoint)
                }

                /// Pauses the playing break.
                public func pause() { playingBreak?.pause() }
                /// Resumes the playing break.
                public func resume() { playingBreak?.resume() }
                /// Ends the section; reports nothing (the session does).
                public func stop() { endBreak()?.stop() }
                /// Ends the section for the user; reports nothing (the session does).
                public func skip() { endBreak()?.skip() }
                /// Moves on to the break's next ad.
                public func skipBanner() { playingBreak?.skipBanner() }
                /// Sets the volume of every break (each fires its own `mute` and `unmute`).
                public func setVolume(_ volume: Double) {
                    for playback in state.withLock({ $0.breaks.map(\.playback) }) { playback.setVolume(volume) }
                }
                /// Fires the playing ad's ClickTracking, once per ad.
                public func trackClick() { playingBreak?.trackClick() }
                /// Tells the SDK, once per call (the session fires the companion's trackers).
                public func trackCompanionShow(_ companion: InstreamCompanionBanner) {
                    vastAd?.reportCompanionShow(identifier: companion.identifier)
                }
                /// Tells the SDK, once per call (the session fires the companion's trackers).
                public func trackCompanionClick(_ companion: InstreamCompanionBanner) {
                    vastAd?.reportCompanionClick(identifier: companion.identifier)
                }
                /// The companion tracker with the playing break's VAST macros expanded.
                public func companionTrackerURL(_ url: URL, of companion: InstreamCompanionBanner) -> URL {
                    playingBreak?.companionTrackerURL(url, of: companion) ?? url
                }

                // MARK: Loading

                /// The SDK's answer: each break's VAST loads in a playback of its own; dropped after ``cancel()``.
                private func received(_ answer: Result<[{{Name}}VASTBreak], {{Name}}VASTError>) {
                    guard once.phase == .loading, let request = state.withLock({ $0.request }) else { return }
                    let sdkBreaks: [{{Name}}VASTBreak]
                    switch answer {
                    case .failure(let error):
                        once.failLoading(reason: "{{Name}} error \(error.code): \(error.message)")
                        return
                    case .success(let breaks):
                        sdkBreaks = breaks
                    }
                    guard !sdkBreaks.isEmpty else {
                        once.failLoading(reason: "{{Name}}: no ad break")
                        return
                    }
                    let breaks = sdkBreaks.map { sdkBreak in
                        Break(
                            sdkBreak: sdkBreak,
                            playback: VASTInstreamCustomEvent(
                                loader: loader, trackerPinger: trackerPinger, capabilities: capabilities, client: client))
                    }
                    state.withLock { state in
                        state.breaks = breaks
                        state.pending = breaks.count
                    }
                    for (index, loading) in breaks.enumerated() {
                        var breakRequest = request
                        breakRequest.adMarkup = loading.sdkBreak.vast
                        loading.playback.load(breakRequest, delegate: {{Name}}VASTBreakRelay(self, index: index))
                    }
                }

                /// One break's VAST load ended; once every break's has, the load's one outcome.
                func breakDidLoad(_ index: Int, failure: MediationError?, reason: String) {
                    let finished = state.withLock { state -> [Break]? in
                        guard state.breaks.indices.contains(index), state.breaks[index].loaded == nil else { return nil }
                        state.breaks[index].loaded = failure == nil && reason.isEmpty
                        state.breaks[index].failure = failure
                        state.breaks[index].reason = reason
                        state.pending -= 1
                        return state.pending == 0 ? state.breaks : nil
                    }
                    guard let finished else { return }
                    let loaded = finished.filter { $0.loaded == true }.map(\.sdkBreak)
                    if !loaded.isEmpty {
                        let midpoints = loaded.compactMap { $0.section == .midroll ? $0.midpoint : nil }
                        once.finishLoading(availableMidpoints: midpoints.sorted())
                    } else if finished.count == 1, let failure = finished[0].failure {
                        failLoading(failure)
                    } else {
                        once.failLoading(reason: "{{Name}}: no playable break: " + finished.map(\.reason).joined(separator: "; "))
                    }
                }

                /// Reports `error` as the load's one outcome, typed (a waterfall traces it; an auction reports the bid
                /// lost with the matching reason).
                private func failLoading(_ error: MediationError) {
                    guard let delegate = once.claim() else { return }
                    delegate.customEventDidFailToLoad(error: error)
                }

                // MARK: Playing

                private var playingBreak: VASTInstreamCustomEvent? {
                    state.withLock { state in state.playing.map { state.breaks[$0].playback } }
                }

                /// The playing break, which stops playing.
                private func endBreak() -> VASTInstreamCustomEvent? {
                    state.withLock { state in
                        defer { state.playing = nil }
                        return state.playing.map { state.breaks[$0].playback }
                    }
                }

                /// Passes a playback report of break `index` on, while it plays and the load has reported.
                func breakDidReport(_ index: Int, _ report: (any InstreamCustomEventDelegate) -> Void) {
                    guard state.withLock({ $0.playing == index }), let delegate = once.eventDelegate else { return }
                    report(delegate)
                }

                /// Break `index`'s section ended: it plays no more.
                func breakDidComplete(_ index: Int, section: InstreamAdSection) {
                    let wasPlaying = state.withLock { state -> Bool in
                        guard state.playing == index else { return false }
                        state.playing = nil
                        return true
                    }
                    guard wasPlaying else { return }
                    once.eventDelegate?.customEventSectionDidComplete(section)
                }

                /// The session's view of a VAST banner: named by the SDK's ad id (the VAST playback names a banner
                /// `<Ad id>#<position in the break>`). FILL IN: map what else the SDK says about its ads.
                static func unified(_ banner: InstreamAdBanner) -> InstreamAdBanner {
                    var unified = banner
                    if let mark = banner.identifier.lastIndex(of: "#"), mark != banner.identifier.startIndex {
                        unified.identifier = String(banner.identifier[..<mark])
                    }
                    return unified
                }
            }
            """#)

    /// The relay from one break's VAST playback to the custom event.
    static let vastBreakRelay = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}VASTBreakRelay.swift",
        text: #"""
            import MediationBridge

            /// Passes one break's VAST playback reports to the ``{{Name}}InstreamCustomEvent``, which it holds weakly.
            final class {{Name}}VASTBreakRelay: InstreamCustomEventDelegate, @unchecked Sendable {
                private weak var owner: {{Name}}InstreamCustomEvent?
                private let index: Int

                init(_ owner: {{Name}}InstreamCustomEvent, index: Int) {
                    self.owner = owner
                    self.index = index
                }

                func customEventDidLoad(availableMidpoints: [Double]) {
                    owner?.breakDidLoad(index, failure: nil, reason: "")
                }
                func customEventDidFailToLoad(reason: String) {
                    owner?.breakDidLoad(index, failure: nil, reason: reason)
                }
                func customEventDidFailToLoad(error: MediationError) {
                    owner?.breakDidLoad(index, failure: error, reason: error.localizedDescription)
                }
                func customEventBannerDidStart(_ banner: InstreamAdBanner) {
                    owner?.breakDidReport(index) {
                        $0.customEventBannerDidStart({{Name}}InstreamCustomEvent.unified(banner))
                    }
                }
                func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
                    owner?.breakDidReport(index) {
                        $0.customEventBannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
                    }
                }
                func customEventBannerDidComplete(_ banner: InstreamAdBanner) {
                    owner?.breakDidReport(index) {
                        $0.customEventBannerDidComplete({{Name}}InstreamCustomEvent.unified(banner))
                    }
                }
                func customEventDidFail(reason: String) {
                    owner?.breakDidReport(index) { $0.customEventDidFail(reason: reason) }
                }
                func customEventSectionDidComplete(_ section: InstreamAdSection) {
                    owner?.breakDidComplete(index, section: section)
                }
                func customEventWillPresentModal() { owner?.breakDidReport(index) { $0.customEventWillPresentModal() } }
                func customEventDidDismissModal() { owner?.breakDidReport(index) { $0.customEventDidDismissModal() } }
                func customEventWillLeaveApplication() {
                    owner?.breakDidReport(index) { $0.customEventWillLeaveApplication() }
                }
            }
            """#)
}
