extension InstreamAdSession {
    /// Creates a session that loads through a waterfall: `response`'s lines name in-stream custom events
    /// registered with `mediator`'s registry, the engine picks the winner (same strategies, timeouts and trace as
    /// native ads), and the session plays it. The session's loading timeout bounds the whole run; each line keeps
    /// its own timeout. ``configuration``'s info is ignored: each line brings its own. Privacy is the mediator's,
    /// as for native runs: the session's ``configuration`` carries ``Mediator/privacy`` as it is now, and the run
    /// takes the mediator's privacy when it starts (it replaces the request's, and the targeting is redacted for
    /// it). Once the run ended, ``trace`` holds it, and
    /// ``MediationInspection/init(instream:mediator:title:trackers:decidedAt:)`` shows it.
    ///
    /// - Parameters:
    ///   - mediator: runs the waterfall; its clock (``MediatorConfiguration/clock``) is the only clock.
    ///   - response: the in-stream waterfall.
    ///   - player: the host's player, or the network's default player.
    ///   - configuration: loading timeout, midpoints, targeting and URL policy; its privacy is replaced by the
    ///     mediator's.
    ///   - urlOpener: opens click destinations.
    ///   - trackerPinger: fires companion trackers.
    public convenience init(
        mediator: Mediator, response: AdResponse, player: any InstreamAdPlayer,
        configuration: InstreamAdSessionConfiguration, urlOpener: any InstreamURLOpening,
        trackerPinger: any TrackerPinging
    ) {
        var configuration = configuration
        configuration.privacy = mediator.privacy
        self.init(
            customEvent: MediatedInstreamCustomEvent(mediator: mediator, response: response), player: player,
            configuration: configuration, clock: mediator.clock, urlOpener: urlOpener, trackerPinger: trackerPinger)
    }

    /// The trace of the waterfall run of a session made with a mediator
    /// (``init(mediator:response:player:configuration:urlOpener:trackerPinger:)``), once the run ended: what each
    /// line did, why the run ended, and, in its JSON, the auction's record with bids (`auction`) and the URLs the
    /// lines fetched (`requests`). `nil` before the run ended, and for a session made with a
    /// custom event of its own (``init(customEvent:player:configuration:clock:urlOpener:trackerPinger:)``).
    public var trace: MediationTrace? { mediatedRun?.trace }

    /// The mediated run's result once it ended; `nil` before, and for a session made with a custom event.
    var mediatedRun: InstreamMediationResult? { (customEvent as? MediatedInstreamCustomEvent)?.result }
}
