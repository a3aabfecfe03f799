import Foundation
import MediationCore
import MediationTesting

extension InstreamConformanceKit {
    /// The midroll positions (seconds) of ``sectionsScript(_:)``.
    static let scriptMidpoints: [Double] = [10, 30]

    /// Without each required key in turn: one `noAd` and no network load.
    static func requiredInfo(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let keys = subject.expectations.requiredInfoKeys
        guard !keys.isEmpty else {
            return InstreamConformanceCheckResult(
                check: .requiredInfo, status: .skipped,
                reason: "the subject declares no required info keys (expectations.requiredInfoKeys)")
        }
        var problems: [String] = []
        for key in keys {
            var info = subject.info
            info.values[key] = nil
            let harness = Harness(subject, script: script(subject.format), info: info)
            await harness.load()
            harness.clock.advance(by: .seconds(30))
            let events = harness.recorder.events
            let loads = harness.instance.callLog().count { $0 == .load }
            if events != ["noAd"] || loads > 0 {
                problems.append("without '\(key)' reported \(events) after \(loads) network load(s)")
            }
        }
        return .expect(
            .requiredInfo, problems.isEmpty,
            problems.isEmpty
                ? "without each of \(keys) one noAd at once, no network load" : problems.joined(separator: "; "))
    }

    /// Nothing from inside `stop()` and `skip()` while a banner plays.
    static func silentInsideStop(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        var problems: [String] = []
        for call in ["stop()", "skip()"] {
            let harness = Harness(subject, script: script(subject.format))
            await harness.load()
            harness.instance.customEvent.start(.preroll, midpoint: nil)
            harness.clock.advance(by: .seconds(1))
            let before = harness.recorder.events.count
            if call == "stop()" { harness.instance.customEvent.stop() } else { harness.instance.customEvent.skip() }
            let inside = Array(harness.recorder.events.dropFirst(before))
            if !inside.isEmpty { problems.append("reported \(inside) inside \(call)") }
        }
        return .expect(
            .silentInsideStop, problems.isEmpty,
            problems.isEmpty ? "nothing inside stop() or skip()" : problems.joined(separator: "; "))
    }

    /// A network that answers after `cancel()` anyway (a 12 s load, cancelled at 9 s): the custom event drops it.
    static func lateAnswerAfterCancel(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        var late = script(subject.format)
        late.loadLatency = .seconds(12)
        late.misbehaviors = [.reportsAfterStop]
        let harness = Harness(subject, script: late)
        await harness.load(awaitingOutcome: false)
        harness.clock.advance(by: .seconds(8))
        harness.instance.customEvent.cancel()
        harness.clock.advance(by: .seconds(60))
        let events = harness.recorder.events
        return .expect(
            .lateAnswerAfterCancel, events.isEmpty,
            events.isEmpty
                ? "the network's answer at 12 s, after cancel at 9 s, was dropped"
                : "reported \(events) although cancel() came at 9 s, before the network's answer at 12 s")
    }

    /// A preroll, midrolls at ``scriptMidpoints``, a pauseroll and a postroll, one banner each.
    static func sectionsScript(_ format: InstreamAdFormat) -> InstreamSimulationScript {
        InstreamSimulationScript(
            loadLatency: .milliseconds(300),
            sections: [
                .preroll: [banner("pre", format)], .pauseroll: [banner("pause", format)],
                .postroll: [banner("post", format)],
            ],
            midrolls: Dictionary(uniqueKeysWithValues: scriptMidpoints.map { ($0, [banner("mid-\(Int($0))", format)]) })
        )
    }

    /// The served midpoints are reported; each midroll, the pauseroll and the postroll play in order.
    static func sections(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: sectionsScript(subject.format))
        await harness.load()
        let served = subject.expectations.servesMidpoints
        let expected = served ? scriptMidpoints : []
        guard let loaded = harness.recorder.loadedMidpoints.first else {
            return .expect(.sections, false, "did not load: \(harness.recorder.events)")
        }
        guard loaded.sorted() == expected else {
            return .expect(
                .sections, false,
                "reported midpoints \(loaded) for a network serving \(served ? "\(expected)" : "none (declared)")")
        }
        var played: [String] = []
        let plan: [(InstreamAdSection, Double?)] =
            expected.map { (.midroll, $0) } + [(.pauseroll, nil), (.postroll, nil)]
        for (section, midpoint) in plan {
            let before = harness.recorder.events.count
            harness.instance.customEvent.start(section, midpoint: midpoint)
            harness.clock.advance(by: .seconds(30))
            let events = Array(harness.recorder.events.dropFirst(before))
            let name = midpoint.map { "midroll at \($0) s" } ?? section.rawValue
            if let problem = orderProblem(events, banners: 1, section: section) {
                return .expect(.sections, false, "\(name): \(problem)")
            }
            played.append(name)
        }
        return .expect(.sections, true, "midpoints \(loaded); played \(played.joined(separator: ", "))")
    }

    /// Click URLs: a `javascript:` one never reaches a banner; through a session a click on it still counts.
    static func clickURLPolicy(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let refused = URL(string: "javascript:alert(1)")!
        let allowed = URL(string: "https://conformance.invalid/landing")!
        let clickScript = InstreamSimulationScript(
            loadLatency: .milliseconds(300),
            sections: [
                .preroll: [
                    banner("one", subject.format, clickURL: refused), banner("two", subject.format, clickURL: allowed),
                ]
            ])
        let direct = Harness(subject, script: clickScript)
        await direct.load()
        direct.instance.customEvent.start(.preroll, midpoint: nil)
        direct.clock.advance(by: .seconds(30))
        let policy = MediationURLPolicy.default
        let leaked = direct.recorder.startedBanners.compactMap(\.clickURL).filter { !policy.isAllowedClickURL($0) }
        guard leaked.isEmpty else {
            return .expect(
                .clickURLPolicy, false,
                "reported banner click URL(s) the request's urlPolicy refuses: \(leaked.map(\.absoluteString))")
        }
        let harness = Harness(subject, script: clickScript)
        let opener = RecordingURLOpener()
        let session = harness.session(urlOpener: opener)
        await harness.load(session)
        session.start(.preroll)
        session.handleClick()
        let clicks = harness.instance.callLog().count { $0 == .trackClick }
        let opened = opener.openedURLs.filter { !policy.isAllowedClickURL($0) }
        return .expect(
            .clickURLPolicy, clicks == 1 && opened.isEmpty,
            "no refused URL in \(direct.recorder.startedBanners.count) banner(s); a click on the first reached the"
                + " network \(clicks) time(s), \(opened.isEmpty ? "nothing refused was opened" : "opened \(opened)")")
    }

    /// Video declared without companions: its banners must carry none.
    static func videoWithoutCompanions(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: script(.video))
        await harness.load()
        harness.instance.customEvent.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .seconds(30))
        let carried = harness.recorder.startedBanners.flatMap(\.companionBanners)
        return .expect(
            .companionTrackersOnce, carried.isEmpty,
            carried.isEmpty
                ? "declared: video ads carry no companions; the banners reported none"
                : "declared no companions on video, but the banners carried \(carried.count)")
    }
}
