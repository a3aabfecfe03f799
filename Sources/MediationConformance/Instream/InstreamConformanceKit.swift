import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// Runs the in-stream checks (``InstreamConformanceCheck``) on a subject, on a manual clock, and returns a report.
public enum InstreamConformanceKit {
    /// Checks `subject` and reports every check's outcome; a skipped check does not fail the report (its verdict
    /// reads `PASSED with N skipped`); see ``run(_:strict:)``.
    public static func run(_ subject: InstreamConformanceSubject) -> InstreamConformanceReport {
        run(subject, strict: false)
    }

    /// Checks `subject`, `strict` making a skipped check fail the report: ``check(_:strict:)`` for synchronous
    /// callers.
    ///
    /// A custom event whose load outcome comes on the clock (from the network's answer) is checked on the calling
    /// thread, without blocking it (on OSes whose Swift runtime has `Task.immediate`: Linux, and Apple's 2025
    /// releases on). An outcome that comes asynchronously makes the call wait for it, blocking the calling thread;
    /// call ``check(_:strict:)`` from async code for such a custom event (a VAST-based one).
    public static func run(_ subject: InstreamConformanceSubject, strict: Bool) -> InstreamConformanceReport {
        let box = Locked<InstreamConformanceReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        let operation: @Sendable () async -> Void = {
            let report = await check(subject, strict: strict)
            box.withLock { $0 = report }
            done.signal()
        }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            Task.immediate(operation: operation)
        } else {
            Task.detached(operation: operation)
        }
        done.wait()
        return box.current!
    }

    /// Checks `subject` and reports every check's outcome; `strict` makes a skipped check fail the report (the
    /// CLI's and the scaffold's mode).
    ///
    /// A load outcome may come asynchronously, after the network's answer (such as a VAST document parsed or a
    /// wrapper fetched by `VASTInstreamCustomEvent`): each load waits for it on the real clock (see
    /// ``outcomeWaitLimit``), after advancing the manual clock past the network's latency. Nothing blocks a thread.
    public static func check(_ subject: InstreamConformanceSubject, strict: Bool) async -> InstreamConformanceReport {
        var results: [InstreamConformanceCheckResult] = []
        results.append(await oneLoadOutcome(subject))
        results.append(await requiredInfo(subject))
        results.append(await silentAfterStop(subject))
        results.append(await silentInsideStop(subject))
        results.append(await silentAfterLoadingTimeout(subject))
        results.append(await lateAnswerAfterCancel(subject))
        results.append(await bannerEventOrder(subject))
        results.append(await sections(subject))
        results.append(await sectionCompleteAfterError(subject))
        results.append(await clickURLPolicy(subject))
        results.append(await companionTrackersOnce(subject))
        results.append(await clickTrackerOnce(subject))
        results.append(await refusedSkips(subject))
        results.append(await releasedAfterSession(subject))
        results.append(await outcomeThread(subject))
        results.append(await midrollMidpoint(subject))
        results.append(await networkErrorPreserved(subject))
        results.append(await impressionOnce(subject))
        results.append(await skipOffset(subject))
        results.append(await completionOnce(subject))
        results.append(await companionsReported(subject))
        results.append(await noPlayingAfterStop(subject))
        results.append(await networkReleased(subject))
        results.append(await bidMarkupLoad(subject))
        results.append(await invalidBidMarkup(subject))
        results.append(await bidMarkupRefused(subject))
        results.append(await privacyMacros(subject))
        return InstreamConformanceReport(
            subjectName: subject.name, customEventIdentifier: subject.customEventIdentifier, results: results,
            strict: strict)
    }

    /// How long a load waits for an outcome the custom event reports asynchronously: 30 s of real time on a
    /// machine with threads to spare. A prompt outcome ends the wait at once. The wait counts its looks (one every
    /// few milliseconds), not the time elapsed, so it stretches when the process's threads are starved: a test
    /// process that shares two cores with hundreds of suites (or runs under a sanitizer) can leave an asynchronous
    /// load's task waiting tens of seconds for a thread, and the kit's own looks wait just as long.
    public static let outcomeWaitLimit: Duration = .seconds(30)

    /// Whether the subject's banners are checked with companions: audio always, video when it declares them.
    static func carriesCompanions(_ subject: InstreamConformanceSubject) -> Bool {
        subject.format == .audio || subject.expectations.videoCarriesCompanions
    }

    // MARK: Scripts

    static func banner(
        _ id: String, _ format: InstreamAdFormat, companions withCompanions: Bool? = nil, clickURL: URL? = nil,
        skippableAfter skipOffset: TimeInterval? = nil
    ) -> SimulatedInstreamBanner {
        let companions =
            withCompanions ?? (format == .audio)
            ? [
                InstreamCompanionBanner(
                    identifier: "companion-\(id)", width: 300, height: 250,
                    showTrackers: [URL(string: "https://conformance.invalid/show/\(id)")!],
                    clickTrackers: [URL(string: "https://conformance.invalid/click/\(id)")!])
            ] : []
        return SimulatedInstreamBanner(
            banner: InstreamAdBanner(
                identifier: "\(format.rawValue)-\(id)", format: format, duration: skipOffset == nil ? 2 : 4,
                clickURL: clickURL, allowClose: skipOffset != nil && format == .video,
                allowCloseDelay: skipOffset ?? 0, allowSkip: skipOffset != nil && format == .audio,
                companionBanners: companions),
            mediaURL: URL(string: "https://conformance.invalid/media/\(format.rawValue)-\(id)")!)
    }

    static func script(
        _ format: InstreamAdFormat, outcome: InstreamSimulationScript.LoadOutcome = .fill, companions: Bool? = nil
    ) -> InstreamSimulationScript {
        InstreamSimulationScript(
            loadLatency: .milliseconds(300), outcome: outcome,
            sections: [
                .preroll: [
                    banner("one", format, companions: companions), banner("two", format, companions: companions),
                ]
            ])
    }

    struct Harness: Sendable {
        let clock = ManualClock()
        let instance: InstreamConformanceSubject.Instance
        let player: SimulatedInstreamAdPlayer
        let recorder: InstreamEventRecorder
        let subject: InstreamConformanceSubject

        let info: CustomEventInfo

        init(
            _ subject: InstreamConformanceSubject, script: InstreamSimulationScript, failing: URL? = nil,
            info: CustomEventInfo? = nil, durations: [URL: Duration] = [:]
        ) {
            self.subject = subject
            self.info = info ?? subject.info
            let mediationClock = MediationClock(clock)
            instance = subject.makeInstance(script, mediationClock)
            let player = SimulatedInstreamAdPlayer(
                clock: mediationClock, durations: durations, defaultDuration: .seconds(2),
                failures: failing.map { [$0: "conformance: media failed"] } ?? [:])
            self.player = player
            recorder = InstreamEventRecorder { player.calls }
        }

        /// Loads (with `markup` as the bid's `adm`, under `privacy`), advances the clock past the network's
        /// latency and, unless `awaitingOutcome` is `false`, waits (at most ``outcomeWaitLimit``) for an outcome the
        /// custom event reports asynchronously.
        func load(
            awaitingOutcome: Bool = true, markup: String? = nil, privacy: PrivacySettings = .unrestricted
        ) async {
            startLoad(markup: markup, privacy: privacy)
            clock.advance(by: .seconds(1))
            guard awaitingOutcome else { return }
            await waitUntil { recorder.hasOutcome }
        }

        /// Calls the custom event's `load` and returns: the clock stands still.
        func startLoad(markup: String? = nil, privacy: PrivacySettings = .unrestricted) {
            var request = InstreamAdRequest(
                info: info, midpoints: nil, contentDuration: 120, targeting: .none, privacy: privacy,
                player: player, clock: MediationClock(clock))
            request.adMarkup = markup
            instance.customEvent.load(request, delegate: recorder)
        }

        /// Loads `session` as ``load(awaitingOutcome:)`` loads the custom event.
        func load(_ session: InstreamAdSession) async {
            session.load()
            clock.advance(by: .seconds(1))
            await waitUntil {
                session.reportedEvents.contains {
                    if case .loaded = $0 { return true }
                    if case .noAd = $0 { return true }
                    return false
                }
            }
        }

        func session(urlOpener: RecordingURLOpener = RecordingURLOpener()) -> InstreamAdSession {
            InstreamAdSession(
                customEvent: instance.customEvent, player: player,
                configuration: .init(info: info, privacy: .unrestricted),
                clock: MediationClock(clock), urlOpener: urlOpener, trackerPinger: RecordingTrackerPinger())
        }
    }

    /// How often a wait for an asynchronous outcome looks again.
    static let outcomePollInterval: Duration = .milliseconds(2)

    /// Waits until `condition` holds, at once when it already does: it looks again every
    /// ``outcomePollInterval`` of real time, at most ``outcomeWaitLimit`` / ``outcomePollInterval`` times.
    ///
    /// The limit counts looks, not elapsed time: a look needs a thread of the same pool the custom event's own task
    /// needs, so while the process's threads are starved (a parallel suite under a sanitizer on two cores) the
    /// wait stretches with the starvation instead of ending before the outcome's task could run.
    static func waitUntil(
        looks: Int = Int(outcomeWaitLimit / outcomePollInterval), _ condition: () -> Bool
    ) async {
        var looked = 0
        while !condition(), looked < looks {
            try? await Task.sleep(for: outcomePollInterval)
            looked += 1
        }
    }

    // MARK: Checks

    static func oneLoadOutcome(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let fill = Harness(subject, script: script(subject.format))
        await fill.load()
        fill.clock.advance(by: .seconds(30))
        let noAd = Harness(subject, script: script(subject.format, outcome: .noAd(reason: "no banners")))
        await noAd.load()
        noAd.clock.advance(by: .seconds(30))
        let fills = fill.recorder.events.filter { $0 == "load" || $0 == "noAd" }
        let empties = noAd.recorder.events.filter { $0 == "load" || $0 == "noAd" }
        return .expect(
            .oneLoadOutcome, fills == ["load"] && empties == ["noAd"],
            "fill reported \(fills), no ad reported \(empties)")
    }

    static func silentAfterStop(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: script(subject.format))
        await harness.load()
        harness.instance.customEvent.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .seconds(1))
        harness.instance.customEvent.stop()
        let atStop = harness.recorder.events.count
        harness.clock.advance(by: .seconds(60))
        let after = Array(harness.recorder.events.dropFirst(atStop))
        return .expect(.silentAfterStop, after.isEmpty, after.isEmpty ? "silent" : "reported \(after) after stop")
    }

    static func silentAfterLoadingTimeout(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult
    {
        var slow = script(subject.format)
        slow.loadLatency = .seconds(12)
        let harness = Harness(subject, script: slow)
        await harness.load(awaitingOutcome: false)
        harness.clock.advance(by: .seconds(8))
        let beforeCancel = harness.recorder.events
        guard beforeCancel.isEmpty else {
            return .expect(.silentAfterLoadingTimeout, false, "reported \(beforeCancel) before the 12 s latency passed")
        }
        harness.instance.customEvent.cancel()
        harness.clock.advance(by: .seconds(60))
        let events = harness.recorder.events
        return .expect(
            .silentAfterLoadingTimeout, events.isEmpty,
            events.isEmpty ? "silent after cancel at 9 s" : "reported \(events) after cancel")
    }

    static func bannerEventOrder(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: script(subject.format))
        await harness.load()
        let before = harness.recorder.events.count
        harness.instance.customEvent.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .seconds(30))
        let events = Array(harness.recorder.events.dropFirst(before))
        let problem = orderProblem(events, banners: 2)
        return .expect(.bannerEventOrder, problem == nil, problem ?? "\(events.count) events in order")
    }

    static func sectionCompleteAfterError(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult
    {
        let failing = banner("two", subject.format).mediaURL
        let harness = Harness(subject, script: script(subject.format), failing: failing)
        await harness.load()
        harness.instance.customEvent.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .seconds(30))
        let tail = Array(harness.recorder.events.suffix(2))
        return .expect(
            .sectionCompleteAfterError, tail == ["error", "section:preroll"],
            "the section ended with \(tail)")
    }

    static func companionTrackersOnce(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        guard carriesCompanions(subject) else { return await videoWithoutCompanions(subject) }
        let harness = Harness(subject, script: script(subject.format, companions: true))
        let session = harness.session()
        await harness.load(session)
        session.start(.preroll)
        guard let companion = session.currentBanner?.companionBanners.first else {
            return InstreamConformanceCheckResult(
                check: .companionTrackersOnce, status: .skipped,
                reason: "the playing banner carries no companion banner to track (see instream_companions_reported)")
        }
        for _ in 0..<3 {
            session.handleCompanionShow(companion)
            session.handleCompanionClick(companion)
        }
        let calls = harness.instance.callLog()
        let shows = calls.count { $0 == .trackCompanionShow(identifier: companion.identifier) }
        let clicks = calls.count { $0 == .trackCompanionClick(identifier: companion.identifier) }
        return .expect(
            .companionTrackersOnce, shows == 1 && clicks == 1,
            "3 shows and 3 clicks reached the network as \(shows) show(s) and \(clicks) click(s)")
    }

    static func clickTrackerOnce(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: script(subject.format))
        let session = harness.session()
        await harness.load(session)
        session.start(.preroll)
        session.handleClick()
        let clicks = harness.instance.callLog().count { $0 == .trackClick }
        return .expect(.clickTrackerOnce, clicks == 1, "one click reached the network \(clicks) time(s)")
    }

    static func refusedSkips(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: script(subject.format))
        let session = harness.session()
        await harness.load(session)
        session.start(.preroll)
        let skip = session.skip()
        let skipBanner = session.skipBanner()
        let leaked = harness.instance.callLog().filter { $0 == .skip || $0 == .skipBanner }.map(\.name)
        return .expect(
            .refusedSkips, !skip.isAccepted && !skipBanner.isAccepted && leaked.isEmpty,
            leaked.isEmpty ? "both skips refused" : "refused skips reached the network: \(leaked)")
    }

    static func releasedAfterSession(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        weak var customEvent: (any InstreamCustomEvent)?
        weak var releasedSession: InstreamAdSession?
        do {
            let harness = Harness(subject, script: script(subject.format))
            let session = harness.session()
            customEvent = harness.instance.customEvent
            releasedSession = session
            await harness.load(session)
            session.start(.preroll)
            harness.clock.advance(by: .seconds(30))
        }
        return .expect(
            .releasedAfterSession, customEvent == nil && releasedSession == nil,
            "custom event \(customEvent == nil ? "released" : "still alive"), session "
                + (releasedSession == nil ? "released" : "still alive"))
    }

    /// Why `events` are not `banners` times (start, left…, complete) then one `section` complete, or `nil`.
    static func orderProblem(_ events: [String], banners: Int, section: InstreamAdSection = .preroll) -> String? {
        var index = 0
        for number in 1...banners {
            guard index < events.count, events[index].hasPrefix("start:") else {
                return "banner \(number) did not start where expected: \(events)"
            }
            let id = events[index].dropFirst("start:".count)
            index += 1
            while index < events.count, events[index] == "left" { index += 1 }
            guard index < events.count, events[index] == "complete:\(id)" else {
                return "banner \(id) did not complete where expected: \(events)"
            }
            index += 1
        }
        let rest = Array(events[index...])
        return rest == ["section:\(section.rawValue)"]
            ? nil : "expected one \(section.rawValue) section complete last, got \(rest)"
    }
}
