extension ScaffoldTemplate {
    /// The in-stream custom event: required info, one load outcome, sections, banners, clicks, companions.
    static let instreamCustomEvent = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}InstreamCustomEvent.swift",
        text: #"""
            import Foundation
            import MediationBridge

            /// Loads and plays {{Name}} in-stream {{formats}} for an `InstreamAdSession`.
            ///
            /// The contract rules it follows, each of which the in-stream conformance kit checks:
            /// - `slotId` is read first; without it loading fails at once and no SDK ad is made.
            /// - Exactly one load outcome, guarded by `OnceOnlyRequest`; after ``cancel()`` nothing is reported, even when
            ///   the SDK answers late anyway.
            /// - The midpoints the SDK reports at load go to the session unchanged; each section maps to its SDK call.
            /// - Banner events pass only while a section plays; nothing is reported from inside or after ``stop()`` and
            ///   ``skip()`` (the session completes the banner and the section itself).
            /// - A banner's click URL is kept only when the request's URL policy allows it.
            /// - Clicks and companion shows and clicks go to the SDK once per call: the session already counts once.
            /// - The SDK ad holds this event weakly; this event owns the SDK ad.
            /// - A bid's markup (`InstreamAdRequest.adMarkup`) goes to the SDK's markup load, unchanged, never to its
            ///   ordinary load; blank markup fails at once with `invalidBidMarkup` at `adm`, before any SDK ad is made.
            public final class {{Name}}InstreamCustomEvent: InstreamCustomEvent, {{Name}}InstreamAdDelegate {
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

                private struct State {
                    var urlPolicy = MediationURLPolicy.default
                    var sectionPlaying = false
                }

                /// Video or audio.
                public let format: InstreamAdFormat
                private let factory: any {{Name}}InstreamAdFactory
                private let once = OnceOnlyRequest<any InstreamCustomEventDelegate, any {{Name}}InstreamAdLoading>()
                private let state = Locked(State())

                /// Creates the event for `format` over an SDK factory: the real SDK's, or the test stand-in's.
                public init(format: InstreamAdFormat, factory: any {{Name}}InstreamAdFactory) {
                    self.format = format
                    self.factory = factory
                }

                /// The SDK ad, once loading started and until ``cancel()``.
                public var instreamAd: (any {{Name}}InstreamAdLoading)? { once.resource }

                /// `true`: a bid's markup goes to the SDK's markup load (section 19 of MediationKit's guide).
                public var supportsBidding: Bool { true }

                /// Reads `slotId`, makes the SDK ad and loads it (a bid's markup through the SDK's markup load); a
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
                    state.withLock { $0.urlPolicy = request.urlPolicy }
                    let ad = factory.makeInstreamAd(slotID: slotID, format: format, player: request.player)
                    guard once.hold(ad) else { return }
                    ad.delegate = self
                    if let markup = request.adMarkup {
                        ad.loadBid(markup: markup, midpoints: request.midpoints, contentDuration: request.contentDuration)
                    } else {
                        ad.load(midpoints: request.midpoints, contentDuration: request.contentDuration)
                    }
                }

                /// Reports `error` as the load's one outcome, typed (a waterfall traces it; an auction reports the bid
                /// lost with the matching reason).
                private func failLoading(_ error: MediationError) {
                    guard let delegate = once.claim() else { return }
                    delegate.customEventDidFailToLoad(error: error)
                }

                /// Detaches from the SDK ad and cancels it: silent from now on.
                public func cancel() {
                    guard let ad = once.stop() else { return }
                    ad.delegate = nil
                    ad.cancel()
                }

                /// The SDK's start call for `section`.
                public func start(_ section: InstreamAdSection, midpoint: Double?) {
                    guard let ad = instreamAd else { return }
                    state.withLock { $0.sectionPlaying = true }
                    switch section {
                    case .preroll: ad.startPreroll()
                    case .midroll: ad.startMidroll(at: midpoint ?? 0)
                    case .pauseroll: ad.startPauseroll()
                    case .postroll: ad.startPostroll()
                    }
                }

                /// Pauses the SDK ad.
                public func pause() { instreamAd?.pause() }
                /// Resumes the SDK ad.
                public func resume() { instreamAd?.resume() }
                /// Ends the section; reports nothing (the session does).
                public func stop() {
                    state.withLock { $0.sectionPlaying = false }
                    instreamAd?.stop()
                }
                /// Ends the section for the user; reports nothing (the session does).
                public func skip() {
                    state.withLock { $0.sectionPlaying = false }
                    instreamAd?.skip()
                }
                /// Moves on to the next banner.
                public func skipBanner() { instreamAd?.skipBanner() }
                /// Sets the SDK's volume.
                public func setVolume(_ volume: Double) { instreamAd?.setVolume(volume) }
                /// Counts the click with the SDK, once per call.
                public func trackClick() { instreamAd?.handleClick() }
                /// Counts the companion show with the SDK, once per call.
                public func trackCompanionShow(_ companion: InstreamCompanionBanner) {
                    instreamAd?.handleCompanionShow(identifier: companion.identifier)
                }
                /// Counts the companion click with the SDK, once per call.
                public func trackCompanionClick(_ companion: InstreamCompanionBanner) {
                    instreamAd?.handleCompanionClick(identifier: companion.identifier)
                }

                // MARK: {{Name}}InstreamAdDelegate

                /// Where banner and section events go: `nil` before the load's outcome, after a cancel, and while no
                /// section plays.
                private var sectionDelegate: (any InstreamCustomEventDelegate)? {
                    state.withLock { $0.sectionPlaying } ? once.eventDelegate : nil
                }

                /// The load's one outcome: the midpoints the data has ads for.
                public func onLoad(midpoints: [Double]) { once.finishLoading(availableMidpoints: midpoints) }
                /// The load's one outcome: no ad.
                public func onNoAd(reason: String) { once.failLoading(reason: reason) }
                /// Reports banner start.
                public func onBannerStart(_ banner: {{Name}}InstreamBanner) {
                    sectionDelegate?.customEventBannerDidStart(unified(banner))
                }
                /// Reports time left.
                public func onBannerTimeLeftChange(timeLeft: Double, duration: Double) {
                    sectionDelegate?.customEventBannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
                }
                /// Reports banner complete.
                public func onBannerComplete(_ banner: {{Name}}InstreamBanner) {
                    sectionDelegate?.customEventBannerDidComplete(unified(banner))
                }
                /// Reports a playback error; the SDK's section complete follows.
                public func onError(reason: String) { sectionDelegate?.customEventDidFail(reason: reason) }
                /// Reports section complete, last; names are compared case-insensitively.
                public func onComplete(section name: String) {
                    guard let section = InstreamAdSection(name: name), let delegate = sectionDelegate else { return }
                    state.withLock { $0.sectionPlaying = false }
                    delegate.customEventSectionDidComplete(section)
                }
                /// Reports a modal.
                public func onShowModal() { once.eventDelegate?.customEventWillPresentModal() }
                /// Reports a dismissed modal.
                public func onDismissModal() { once.eventDelegate?.customEventDidDismissModal() }
                /// Reports leaving the app.
                public func onLeaveApplication() { once.eventDelegate?.customEventWillLeaveApplication() }

                /// The session's view of an SDK banner: the click URL only when the URL policy allows it, trackers that
                /// parse as URLs. FILL IN: map every field the SDK offers.
                func unified(_ banner: {{Name}}InstreamBanner) -> InstreamAdBanner {
                    let policy = state.withLock { $0.urlPolicy }
                    func allowed(_ raw: String?) -> URL? {
                        guard let raw, let url = URL(string: raw), policy.isAllowedClickURL(url) else { return nil }
                        return url
                    }
                    let companions = banner.companions.map { companion in
                        InstreamCompanionBanner(
                            identifier: companion.identifier, width: companion.width, height: companion.height,
                            staticResourceURL: companion.imageURL.flatMap(URL.init(string:)),
                            clickURL: allowed(companion.clickURL),
                            showTrackers: companion.showTrackers.compactMap(URL.init(string:)),
                            clickTrackers: companion.clickTrackers.compactMap(URL.init(string:)))
                    }
                    return InstreamAdBanner(
                        identifier: banner.identifier, format: format, duration: banner.duration,
                        clickURL: allowed(banner.clickURL), allowClose: banner.allowClose,
                        allowCloseDelay: banner.allowCloseDelay, width: banner.width, height: banner.height,
                        ctaText: format == .video ? banner.text : nil, allowSkip: banner.allowSkip,
                        adText: format == .audio ? banner.text : nil, companionBanners: companions)
                }
            }
            """#)
}
