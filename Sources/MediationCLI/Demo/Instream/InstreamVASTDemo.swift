import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MediationVAST
import MediationVASTNetworking

/// `mediation demo instream --vast FILE|URL [privacy and targeting options]`: plays a VAST document or tag through
/// `VASTInstreamCustomEvent` as the one line of an in-stream waterfall, on the simulated player and a virtual clock,
/// with the mediator's privacy and targeting from the demo's options, printing every URL requested (the tag and
/// each wrapper, macros expanded as the privacy matrix says), every session event and every URL fired, in order.
enum InstreamVASTDemo {
    /// Records each URL fired (nothing is sent) into the transcript, after the session events reported before it.
    final class TranscriptPinger: TrackerPinging {
        private let lines = Locked<[String]>([])
        private let printedEvents = Locked(0)
        private let session = Locked<InstreamAdSession?>(nil)
        private let clock: MediationClock

        /// A pinger stamping each URL with `clock`'s time.
        init(clock: MediationClock) { self.clock = clock }

        func attach(_ session: InstreamAdSession?) { self.session.withLock { $0 = session } }

        func ping(_ url: URL) { record("\(clock.now) fired \(url.absoluteString)") }

        func ping(_ ping: TrackerPing) { record("\(clock.now) fired \(ping.url.absoluteString)") }

        /// Appends the session's new events, then `line`, each made terminal-safe (an event may quote the VAST
        /// document: an error message, a title).
        func record(_ line: String?) {
            let events = session.current?.reportedEvents ?? []
            lines.withLock { lines in
                printedEvents.withLock { printed in
                    for event in events.dropFirst(printed) { lines.append("    \(event)".terminalSafe) }
                    printed = max(printed, events.count)
                }
                if let line { lines.append("    \(line)".terminalSafe) }
            }
        }

        /// The lines so far, emptied.
        func take() -> [String] {
            record(nil)
            return lines.withLock { lines in
                defer { lines = [] }
                return lines
            }
        }
    }

    /// The demo's app and device data for the client macros: a bundle, an IDFA (sent only when the privacy
    /// options let it go) and a user agent.
    static let client: VASTClientInfo =
        (try? VASTClientInfo(
            appBundle: "com.example.mediationdemo", advertisingIdentifier: "6D92078A-8246-4BA4-AE5B-76104861E7DC",
            userAgent: "MediationKitDemo/\(MediationKitVersion.current)")) ?? .none

    /// Runs the demo for `source` (a path or an http(s) URL, a template whose macros and placeholders are expanded);
    /// exit 0 when an ad played, 1 when none loaded.
    static func run(source: String, privacy: PrivacySettings, targeting: Targeting) async -> Int32 {
        let (lines, played) = await transcript(source: source, privacy: privacy, targeting: targeting)
        print(lines.joined(separator: "\n"))
        return played ? 0 : 1
    }

    /// The printed lines for `source`, and whether an ad played; every value from the document or the source is
    /// made terminal-safe.
    static func transcript(
        source: String, privacy: PrivacySettings, targeting: Targeting = .none,
        loader: any VASTDocumentLoading = HTTPVASTDocumentLoader()
    ) async -> (lines: [String], played: Bool) {
        var line = WaterfallLine(customEventIdentifier: VASTInstreamCustomEvent.identifier, timeout: .seconds(30))
        let lowered = source.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            line.info = [VASTInstreamCustomEvent.tagURLInfoKey: .string(source)]
        } else {
            do throws(BoundedFileRead.Failure) {
                let data = try BoundedFileRead.read(source, limit: VASTParseLimits.standard.maxBytes)
                line.adMarkup = String(decoding: data, as: UTF8.self)
            } catch {
                return (["mediation demo instream: cannot read \(source.terminalSafe): \(error.reason)"], false)
            }
        }
        let clock = ManualClock()
        let mediationClock = MediationClock(clock)
        let pinger = TranscriptPinger(clock: mediationClock)
        let events = CreatedEvents()
        var registry = MediationRegistry()
        // `events` is held weakly: each event holds its line's relay, which holds the run and so the registry and
        // this factory; a strong capture would make a cycle that outlives the demo.
        try? registry.registerInstreamCustomEvent(VASTInstreamCustomEvent.identifier) { [weak events] in
            let event = VASTInstreamCustomEvent(loader: loader, trackerPinger: pinger, client: client)
            events?.list.withLock { $0.append(event) }
            return event
        }
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                clock: mediationClock, privacy: privacy, targeting: targeting, trackerPinger: pinger,
                imagePrecacher: NoImagePrecaching()))
        // Each media file lasts its ad's VAST Duration, learnt once the tag loaded.
        let durations = Locked<[URL: Duration]>([:])
        let player = SimulatedInstreamAdPlayer(clock: mediationClock, durationOf: { durations.current[$0] })
        let session = InstreamAdSession(
            mediator: mediator, response: AdResponse(lines: [line]), player: player,
            configuration: .init(info: [:], contentDuration: 120, targeting: targeting, privacy: mediator.privacy),
            urlOpener: RecordingURLOpener(), trackerPinger: pinger)
        pinger.attach(session)
        // The session pings through `pinger`, which reads the session's events: let go of it when done.
        defer { pinger.attach(nil) }
        var lines = [
            "== in-stream VAST: \(source.terminalSafe) as a VASTInstreamCustomEvent line, on the simulated player"
        ]
        let start = mediationClock.now
        session.load()
        if let event = events.list.current.first {
            await event.waitUntilLoadFinished()
            durations.withLock { durations in
                for (url, banner) in zip(event.loadedMediaURLs, event.loadedBanners) {
                    durations[url] = .milliseconds(Int64((banner.duration * 1000).rounded()))
                }
            }
        }
        lines.append("\(start) load")
        for url in events.list.current.first?.sentRequests ?? [] {
            lines.append("    requested \(url.absoluteString)".terminalSafe)
        }
        lines += pinger.take()
        if let reason = events.list.current.first?.loadFailureReason {
            lines.append("    load failed: \(reason)".terminalSafe)
        }
        lines.append("waterfall trace:")
        lines += (session.trace?.table() ?? "(no run)").split(separator: "\n").map { "    \($0)" }
        guard session.isLoaded else { return (lines, false) }
        lines.append("\(mediationClock.now) start preroll")
        let result = session.start(.preroll)
        clock.runUntilIdle()
        if !result.isAccepted { lines.append("    refused: \(result)".terminalSafe) }
        lines += pinger.take()
        return (lines, true)
    }

    /// The custom events the demo's factory made, in a class so that the factory can hold them weakly.
    private final class CreatedEvents: Sendable {
        let list = Locked<[VASTInstreamCustomEvent]>([])
    }
}
