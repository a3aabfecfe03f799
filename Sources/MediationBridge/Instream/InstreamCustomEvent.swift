import Foundation

/// One network's in-stream loader and section player: what a waterfall line names for an in-stream slot.
///
/// An `InstreamAdSession` calls it; it answers only through the ``InstreamCustomEventDelegate`` it is given in
/// ``load(_:delegate:)``.
///
/// Rules for conformers: report exactly one load outcome (`didLoad` or `didFailToLoad`; ``OnceOnlyRequest`` keeps
/// it, with silence after ``cancel()``, for you); play through the
/// request's player and report, per section, banner start, time-left updates and banner complete for each banner,
/// then section complete last, also after an error (reported first). Report nothing from inside or after
/// ``stop()`` and ``skip()`` (the session reports the open banner's and the section's end itself), nor after
/// ``cancel()``, even when the network answers late. Report the midpoints the loaded data has ads for; report a
/// banner's click URL only when the request's `urlPolicy` allows it. Hold the delegate only as long as the
/// session lives (it is a weak relay, so holding it strongly is safe). Fail at once, with no network call, when
/// required info (such as a slot id) is missing. Use only the request's clock for delays.
public protocol InstreamCustomEvent: AnyObject, Sendable {
    /// Whether the custom event loads bid markup (``InstreamAdRequest/adMarkup``, such as a video bid's VAST).
    /// When `false` (the default), the engine never runs a bid line on it: the bid fails with
    /// ``MediationError/invalidBidMarkup(path:reason:)`` and is reported lost.
    var supportsBidding: Bool { get }
    /// Starts loading; the outcome goes to `delegate`.
    func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate)
    /// Gives up loading (the loading timeout passed); report nothing afterwards.
    func cancel()
    /// Plays `section`; `midpoint` is the midroll position (one of the loaded midpoints) for ``InstreamAdSection/midroll``.
    func start(_ section: InstreamAdSection, midpoint: Double?)
    /// Pauses the playing banner.
    func pause()
    /// Resumes the paused banner.
    func resume()
    /// Ends the playing section; report nothing more for it.
    func stop()
    /// The user ends the playing section (the session has checked the banner allows it); report nothing more for it.
    func skip()
    /// The user moves on to the next banner (the session has checked the banner allows it).
    func skipBanner()
    /// Sets the volume, already clamped to 0…1.
    func setVolume(_ volume: Double)
    /// The user clicked the playing banner; count it. The session opens the banner's click URL; when the banner
    /// has none, open the destination yourself and report the modal events.
    func trackClick()
    /// The host showed `companion` for the first time.
    func trackCompanionShow(_ companion: InstreamCompanionBanner)
    /// The user clicked `companion` for the first time.
    func trackCompanionClick(_ companion: InstreamCompanionBanner)
    /// The URL the session pings for `url`, one of `companion`'s show or click trackers, at the moment it fires.
    ///
    /// The default is `url` unchanged. A custom event whose trackers carry macros (VAST's `[TIMESTAMP]`,
    /// `[ADPLAYHEAD]`, …) expands them here, with the values of the moment; return an http(s) URL.
    func companionTrackerURL(_ url: URL, of companion: InstreamCompanionBanner) -> URL
}

extension InstreamCustomEvent {
    /// No bidding support by default.
    public var supportsBidding: Bool { false }

    /// Companion trackers fire as they are, by default.
    public func companionTrackerURL(_ url: URL, of companion: InstreamCompanionBanner) -> URL { url }
}
