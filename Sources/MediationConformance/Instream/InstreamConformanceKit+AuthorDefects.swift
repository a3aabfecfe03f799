import Foundation
import MediationCore
import MediationTesting

/// The checks for what adapter authors get wrong most (issue 46): the outcome's thread, midpoints, error codes,
/// impressions, skip offsets, completion, companions, the player after `stop()` and the SDK object's lifetime.
extension InstreamConformanceKit {
    /// The load outcome arrives off the main thread when the network answered off it: no hop to the main queue.
    static func outcomeThread(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: script(subject.format))
        let answeredOnMain = InstreamEventRecorder.onMainQueue
        await harness.load()
        guard harness.recorder.hasOutcome else {
            return .expect(.outcomeThread, false, "no load outcome within \(outcomeWaitLimit) of the network's answer")
        }
        let onMain = answeredOnMain ? 0 : harness.recorder.outcomesOnMainThread
        return .expect(
            .outcomeThread, onMain == 0,
            onMain == 0
                ? "the network answered on a background thread; the outcome came from that answer, off the main thread"
                : "the network answered on a background thread, but the outcome was hopped to the main thread: report"
                    + " it from the network's callback (the session delivers to the host on the main actor itself)")
    }

    /// Each loaded midpoint's midroll reaches the network with that midpoint.
    static func midrollMidpoint(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        guard subject.expectations.servesMidpoints else {
            return .expect(.midrollMidpoint, true, "declared: the network serves no midroll (checked by sections)")
        }
        let harness = Harness(subject, script: sectionsScript(subject.format))
        await harness.load()
        guard let loaded = harness.recorder.loadedMidpoints.first, !loaded.isEmpty else {
            return InstreamConformanceCheckResult(
                check: .midrollMidpoint, status: .skipped,
                reason: "no midpoints loaded, no midroll to start (instream_sections checks the midpoints served)")
        }
        guard harness.instance.callLogHasMidpoints else {
            return InstreamConformanceCheckResult(
                check: .midrollMidpoint, status: .skipped,
                reason: "the subject's call log is by name, without midpoints: make its Instance with a typed callLog")
        }
        for midpoint in loaded {
            harness.instance.customEvent.start(.midroll, midpoint: midpoint)
            harness.clock.advance(by: .seconds(30))
        }
        let started = harness.instance.callLog().compactMap { call -> Double?? in
            if case .start(.midroll, let midpoint) = call { return midpoint }
            return nil
        }
        let expected = loaded.map { Double?.some($0) }
        return .expect(
            .midrollMidpoint, started == expected,
            started == expected
                ? "the midrolls at \(loaded) reached the network with their midpoints"
                : "the midrolls at \(loaded) reached the network with midpoints \(started.map { $0.map { "\($0)" } ?? "nil" })"
                    + " (a midroll without its midpoint plays with an unknown content playhead: VAST's cp=-1)")
    }

    /// The network's error code and message reach the session's no-ad reason.
    static func networkErrorPreserved(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let code = "1003"
        let message = "network error \(code): the slot is paused"
        let harness = Harness(subject, script: script(subject.format, outcome: .noAd(reason: message)))
        await harness.load()
        let reasons = harness.recorder.failureReasons
        let kept = reasons.count == 1 && reasons[0].contains(code) && reasons[0].contains("the slot is paused")
        return .expect(
            .networkErrorPreserved, kept,
            kept
                ? "the network's \"\(message)\" reached the session as \"\(reasons[0])\""
                : "the network failed with \"\(message)\"; the custom event reported \(reasons)")
    }

    /// One banner start per banner, each while the player plays that banner's media.
    static func impressionOnce(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: script(subject.format))
        await harness.load()
        harness.instance.customEvent.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .seconds(30))
        let starts = harness.recorder.events.filter { $0.hasPrefix("start:") }
        let expected = ["one", "two"].map { "start:\(subject.format.rawValue)-\($0)" }
        let early = zip(starts, harness.recorder.startsWhilePlaying).filter { !$0.1 }.map(\.0)
        if starts != expected {
            return .expect(.impressionOnce, false, "expected one start per banner, \(expected), got \(starts)")
        }
        return .expect(
            .impressionOnce, early.isEmpty,
            early.isEmpty
                ? "each of 2 banners started once, while the player played its media"
                : "reported \(early) before the player was asked to play that banner's media")
    }

    /// A banner skippable after 1 s (audio: skippable): a video skip at 0.5 s is refused, one at 1.5 s reaches the
    /// network once.
    static func skipOffset(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let skippable = banner("skip", subject.format, skippableAfter: 1)
        let harness = Harness(
            subject, script: InstreamSimulationScript(sections: [.preroll: [skippable]]),
            durations: [skippable.mediaURL: .seconds(4)])
        let session = harness.session()
        await harness.load(session)
        session.start(.preroll)
        var problems: [String] = []
        harness.clock.advance(by: .milliseconds(500))
        if subject.format == .video, session.skip().isAccepted {
            problems.append("a skip 0.5 s into a banner skippable after 1 s was accepted")
        }
        harness.clock.advance(by: .seconds(1))
        let late = session.skip()
        if !late.isAccepted { problems.append("a skip 1.5 s into a banner skippable after 1 s was refused: \(late)") }
        let skips = harness.instance.callLog().count { $0 == .skip }
        if skips != 1 { problems.append("\(skips) skip(s) reached the network") }
        return .expect(
            .skipOffset, problems.isEmpty,
            problems.isEmpty
                ? "skippable after 1 s: \(subject.format == .video ? "refused at 0.5 s, " : "")accepted at 1.5 s, the"
                    + " network heard one skip"
                : problems.joined(separator: "; "))
    }

    /// `skipBanner()` on the first of two banners: it completes once, the second plays, the section ends once.
    static func completionOnce(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(
            subject,
            script: InstreamSimulationScript(sections: [
                .preroll: [
                    banner("one", subject.format, skippableAfter: 0), banner("two", subject.format, skippableAfter: 0),
                ]
            ]))
        await harness.load()
        let before = harness.recorder.events.count
        harness.instance.customEvent.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .milliseconds(500))
        harness.instance.customEvent.skipBanner()
        harness.clock.advance(by: .seconds(30))
        let events = Array(harness.recorder.events.dropFirst(before))
        let problem = orderProblem(events.filter { $0 != "left" }, banners: 2)
        return .expect(
            .completionOnce, problem == nil,
            problem.map { "after skipBanner() on the first banner: \($0)" }
                ?? "the skipped banner completed once, the second played, the section completed once")
    }

    /// Every companion the network gives reaches the banner, with its size and trackers.
    static func companionsReported(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        guard carriesCompanions(subject) else {
            let result = await videoWithoutCompanions(subject)
            return InstreamConformanceCheckResult(
                check: .companionsReported, status: result.status, reason: result.reason)
        }
        let harness = Harness(subject, script: script(subject.format, companions: true))
        await harness.load()
        harness.instance.customEvent.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .seconds(30))
        // Sizes only: an SDK that fires the companion's trackers itself (on trackCompanionShow) reports none.
        struct Shape: Hashable {
            var width: Int
            var height: Int
        }
        func shapes(_ companions: [InstreamCompanionBanner]) -> [Shape] {
            companions.map { Shape(width: $0.width, height: $0.height) }
        }
        var problems: [String] = []
        let banners = harness.recorder.startedBanners
        for id in ["one", "two"] {
            let expected = banner(id, subject.format, companions: true).banner.companionBanners
            guard let started = banners.first(where: { $0.identifier == "\(subject.format.rawValue)-\(id)" }) else {
                problems.append("banner \(id) did not start")
                continue
            }
            if shapes(started.companionBanners) != shapes(expected) {
                problems.append(
                    "banner \(id) carried \(started.companionBanners.count) companion(s) for the network's \(expected.count)"
                )
            }
        }
        return .expect(
            .companionsReported, problems.isEmpty,
            problems.isEmpty
                ? "each banner carried the network's companion at its size"
                : problems.joined(separator: "; "))
    }

    /// `stop()` 1 s into a banner: the player is stopped and asked to play nothing more.
    static func noPlayingAfterStop(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: script(subject.format))
        await harness.load()
        harness.instance.customEvent.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .seconds(1))
        let atStop = harness.player.calls.count
        harness.instance.customEvent.stop()
        harness.clock.advance(by: .seconds(60))
        let after = Array(harness.player.calls.dropFirst(atStop))
        let stopped = after.first == "stop" && !after.contains { $0.hasPrefix("play(") }
        return .expect(
            .noPlayingAfterStop, stopped,
            stopped
                ? "the player was stopped and played nothing more"
                : "after stop() the player was asked \(after) (expected stop, then no play)")
    }

    /// The network object the subject names is released once the session ended.
    static func networkReleased(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        weak var network: AnyObject?
        var named = false
        do {
            let harness = Harness(subject, script: script(subject.format))
            let session = harness.session()
            await harness.load(session)
            network = harness.instance.network()
            named = network != nil
            session.start(.preroll)
            harness.clock.advance(by: .seconds(30))
        }
        guard named else {
            return InstreamConformanceCheckResult(
                check: .networkReleased, status: .skipped,
                reason: "the subject names no network object (InstreamConformanceSubject.Instance.network)")
        }
        return .expect(
            .networkReleased, network == nil,
            network == nil
                ? "the network's object was released" : "the network's object is still alive after the session")
    }
}
