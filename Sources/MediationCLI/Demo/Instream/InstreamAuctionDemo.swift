import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MediationVAST
import MediationVASTNetworking
import MyTargetAdapters
import NetworkSandbox

/// `mediation demo instream --config FILE | --auction [--json] [--inspect FILE] [--strategy NAME]`: runs an
/// in-stream ad response with bids and waterfall lines through the unified auction, on the simulated player and a
/// virtual clock, and prints the trace, the auction's record (the order, each bid's outcome and loss reason, the
/// notices) and the preroll the winner plays, as `mediation demo --auction` does for native.
enum InstreamAuctionDemo {
    /// The options after `demo instream`.
    struct Options {
        /// The ad response file; `nil` for the bundled one (`--auction`).
        var configPath: String?
        var json = false
        var inspectPath: String?
        var strategy = MediationStrategy.sequential
    }

    /// What one run produced.
    struct Run {
        var lines: [String]
        var report: InstreamDemoReport
        var inspection: MediationInspection
        var played: Bool
    }

    /// Whether `arguments` ask for this demo rather than the sandbox waterfall or `--vast`.
    static func isAsked(_ arguments: [String]) -> Bool {
        arguments.contains("--config") || arguments.contains("--auction")
    }

    /// The options, or a usage error naming the option.
    static func parse(_ arguments: [String]) -> Result<Options, DemoCommand.UsageError> {
        var options = Options()
        var auction = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--config":
                guard options.configPath == nil, let path = remaining.popFirst() else {
                    return .failure(DemoCommand.UsageError(text: "--config takes one FILE"))
                }
                options.configPath = path
            case "--auction": auction = true
            case "--json": options.json = true
            case "--inspect":
                guard let path = remaining.popFirst() else {
                    return .failure(DemoCommand.UsageError(text: "--inspect needs a FILE"))
                }
                options.inspectPath = path
            case "--strategy":
                switch remaining.popFirst() {
                case "sequential"?: options.strategy = .sequential
                case "hedged"?: options.strategy = .recommendedHedged
                case "adaptive"?: options.strategy = .recommendedAdaptive
                case let other?:
                    return .failure(
                        DemoCommand.UsageError(text: "unknown strategy '\(other)' (sequential, hedged or adaptive)"))
                case nil:
                    return .failure(
                        DemoCommand.UsageError(text: "--strategy needs a value (sequential, hedged or adaptive)"))
                }
            case "--vast", "--format":
                return .failure(DemoCommand.UsageError(text: "\(argument) does not apply to --config or --auction"))
            default:
                return .failure(DemoCommand.UsageError(text: "unknown option '\(argument)' with --config or --auction"))
            }
        }
        if auction, options.configPath != nil {
            return .failure(DemoCommand.UsageError(text: "--auction runs the bundled response: leave out --config"))
        }
        return .success(options)
    }

    /// Reads, checks and runs the response `options` name; prints the report; exit 0 when an ad played, 1 when
    /// none loaded or the file cannot be read or is not a valid ad response (each problem named with its JSON path).
    static func run(_ options: Options) async -> Int32 {
        let response: AdResponse
        let origin: String
        switch readResponse(configPath: options.configPath) {
        case .success(let read):
            (response, origin) = read
        case .failure(let failure):
            for line in failure.lines { printError(line) }
            return 1
        }
        let run = await transcript(response, origin: origin, strategy: options.strategy)
        if let path = options.inspectPath {
            let file = URL(fileURLWithPath: path)
            do {
                try MediationInspector.htmlPage(for: run.inspection).write(to: file, atomically: true, encoding: .utf8)
            } catch {
                printError(
                    "mediation demo instream: cannot write --inspect \(path.terminalSafe): \(fileErrorReason(error))")
                return 1
            }
            printError(
                "mediation demo instream: wrote the inspector page to \(file.standardizedFileURL.path.terminalSafe)")
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            print((try? encoder.encode(run.report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
        } else {
            print(run.lines.joined(separator: "\n"))
        }
        return run.played ? 0 : 1
    }

    /// Why the response could not be read: the lines to print, the first naming the file.
    struct ReadFailure: Error {
        var lines: [String]
    }

    /// The response at `configPath` (the bundled one when `nil`) and where it came from; or the lines saying why
    /// it cannot be read, or each of its problems with its JSON path.
    static func readResponse(configPath: String?) -> Result<(response: AdResponse, origin: String), ReadFailure> {
        let data: Data
        let origin: String
        if let path = configPath {
            do throws(BoundedFileRead.Failure) {
                data = try BoundedFileRead.read(path, limit: AdResponseLimits.default.maximumResponseBytes)
                origin = path
            } catch {
                return .failure(
                    ReadFailure(lines: ["mediation demo instream: cannot read \(path.terminalSafe): \(error.reason)"]))
            }
        } else {
            (data, origin) = InstreamAuctionAdResponse.load()
        }
        do {
            return .success((try AdResponse.parse(json: data), origin))
        } catch {
            let problems = ValidateCommand.shown(error.errors).map { "  \($0)" }
            return .failure(
                ReadFailure(
                    lines: ["mediation demo instream: \(origin.terminalSafe) is not a valid ad response:"] + problems))
        }
    }

    /// Runs `response` over the demo's in-stream networks (a house network with no ad, myTarget's in-stream video
    /// and audio on the sandbox, `VASTInstreamCustomEvent` for VAST tags and video bids), then plays the winner's
    /// preroll; every value from the response, a document or a network is made terminal-safe.
    static func transcript(
        _ response: AdResponse, origin: String, strategy: MediationStrategy,
        loader: any VASTDocumentLoading = HTTPVASTDocumentLoader()
    ) async -> Run {
        let clock = ManualClock()
        let mediationClock = MediationClock(clock)
        let pinger = InstreamVASTDemo.TranscriptPinger(clock: mediationClock)
        let log = DemoTrackerLog(forwardingTo: pinger, clock: clock)
        let events = CreatedEvents()
        let mediator = Mediator(
            registry: registry(clock: mediationClock, loader: loader, pinger: log, events: events),
            configuration: MediatorConfiguration(
                strategy: strategy, clock: mediationClock, trackerPinger: log, imagePrecacher: NoImagePrecaching()))
        // A VAST ad's media lasts its Duration, learnt once it loaded; myTarget's media as the sandbox scripts say.
        let durations = Locked(MyTargetSandboxInstreamScripts.mediaDurations())
        let player = SimulatedInstreamAdPlayer(clock: mediationClock, durationOf: { durations.current[$0] })
        let session = InstreamAdSession(
            mediator: mediator, response: response, player: player,
            configuration: .init(info: [:], contentDuration: 120, privacy: mediator.privacy),
            urlOpener: RecordingURLOpener(), trackerPinger: log)
        pinger.attach(session)
        // The session pings through `pinger`, which reads the session's events: let go of it when done.
        defer { pinger.attach(nil) }
        var lines = ["== in-stream auction: \(origin.terminalSafe), strategy \(strategy)"]
        let start = mediationClock.now
        session.load()
        // A VAST line loads off the clock (its markup parsed, its tag fetched): each is awaited before the clock
        // moves to its next deadline, so that no timeout passes while a load is under way.
        var waited = 0
        while session.trace == nil {
            let created = events.list.current
            if waited < created.count {
                await created[waited].waitUntilLoadFinished()
                waited += 1
            } else if !clock.advanceToNextDeadline() {
                break
            }
        }
        for event in events.list.current {
            durations.withLock { durations in
                for (url, banner) in zip(event.loadedMediaURLs, event.loadedBanners) {
                    durations[url] = .milliseconds(Int64((banner.duration * 1000).rounded()))
                }
            }
        }
        lines.append("\(start) load")
        for url in events.list.current.flatMap(\.sentRequests) {
            lines.append("    requested \(url.absoluteString)".terminalSafe)
        }
        lines += pinger.take()
        let trace = session.trace ?? MediationTrace(outcome: "not_run")
        lines.append("waterfall trace:")
        lines += trace.table().split(separator: "\n").map { "    \($0)" }
        lines += auctionLines(trace.auction)
        var played = false
        if session.isLoaded {
            lines.append("\(mediationClock.now) start preroll")
            let started = session.start(.preroll)
            clock.runUntilIdle()
            if !started.isAccepted { lines.append("    refused: \(started)".terminalSafe) }
            lines += pinger.take()
            played = started.isAccepted
        }
        let reported = session.reportedEvents
        let revenue = reported.lazy.compactMap { event -> AdRevenue? in
            if case .revenueRecorded(let revenue) = event { return revenue }
            return nil
        }.first
        if let revenue {
            lines.append(
                "revenue at the first banner: \(revenue.value) \(revenue.currencyCode.terminalSafe) "
                    + "(\(revenue.precision.rawValue)) from \(revenue.networkName.terminalSafe)")
        }
        let trackers = log.trackers
        let notices = trackers.filter { [.win, .loss, .billing].contains($0.event) }
        let auction = trace.auction.map {
            DemoAuctionReport(
                record: $0, signals: [], signalsMs: nil, notices: notices, requests: trace.requests, revenue: revenue)
        }
        let report = InstreamDemoReport(
            origin: origin, strategy: strategy.description, trace: trace, auction: auction,
            events: reported.map(\.description), firedURLs: trackers.map(\.url.absoluteString))
        var inspection =
            MediationInspection(instream: session, mediator: mediator, trackers: trackers)
            ?? MediationInspection(trace: trace, trackers: trackers)
        inspection.title = "mediation demo instream: \(origin)"
        return Run(lines: lines, report: report, inspection: inspection, played: played)
    }

    /// The auction's order and its notices, as `mediation demo --auction` prints them; a line saying the run
    /// had no auction for a response without bids.
    static func auctionLines(_ record: AuctionRecord?) -> [String] {
        guard let record else { return ["auction: none (the response has no bids: the server's order)"] }
        let floor = record.floor.map { ", floor \($0)\(record.currencyCode.map { " \($0.terminalSafe)" } ?? "")" } ?? ""
        var lines = ["auction order (\(record.rule.rawValue)\(floor)):"]
        lines += DemoCommand.columns(
            ["PLACE", "LINE", "KIND", "NETWORK", "PRICE", "RESULT", "LOSS"],
            record.order.map { entry in
                [
                    "\(entry.place)", entry.line.map(String.init) ?? "-", entry.kind.rawValue, entry.network,
                    entry.price.map { "\($0) \(entry.currencyCode)" } ?? "-", entry.result,
                    entry.lossReason.map { "\($0.rawValue) \($0.name)" } ?? "",
                ].map(\.terminalSafe)
            }
        ).map { "  " + $0 }
        lines.append("auction notices (\(record.notices.count); recorded, the demo sends nothing):")
        for notice in record.notices {
            let when = notice.firesAtImpression ? "at the first banner" : "when the run ended"
            lines.append(
                "  \(notice.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))place \(notice.place), "
                    + "\(when): \(notice.url.absoluteString.terminalSafe)")
        }
        return lines
    }

    /// The demo's in-stream networks: a house network with no ad, myTarget's in-stream video and audio on the
    /// sandbox, and `VASTInstreamCustomEvent` loading through `loader` and pinging through `pinger`.
    private static func registry(
        clock: MediationClock, loader: any VASTDocumentLoading, pinger: any TrackerPinging, events: CreatedEvents
    ) -> MediationRegistry {
        let factory = MyTargetSandboxInstreamFactory(
            clock: clock, videoScript: MyTargetSandboxInstreamScripts.video(),
            audioScript: MyTargetSandboxInstreamScripts.audio())
        var registry = MediationRegistry()
        try? registry.registerInstreamCustomEvent("HouseInstream") {
            SimulatedInstreamCustomEvent(script: InstreamSimulationScript(outcome: .noAd(reason: "no house ads")))
        }
        try? registry.registerInstreamCustomEvent(MyTargetInstreamVideoCustomEvent.identifier) {
            MyTargetInstreamVideoCustomEvent(factory: factory)
        }
        try? registry.registerInstreamCustomEvent(MyTargetInstreamAudioCustomEvent.identifier) {
            MyTargetInstreamAudioCustomEvent(factory: factory)
        }
        // `events` is held weakly: each event holds its line's relay, which holds the run and so the registry and
        // this factory; a strong capture would make a cycle that outlives the demo.
        try? registry.registerInstreamCustomEvent(VASTInstreamCustomEvent.identifier) { [weak events] in
            let event = VASTInstreamCustomEvent(loader: loader, trackerPinger: pinger, client: InstreamVASTDemo.client)
            events?.list.withLock { $0.append(event) }
            return event
        }
        return registry
    }

    /// The VAST custom events the factory made, in a class so that the factory can hold them weakly.
    private final class CreatedEvents: Sendable {
        let list = Locked<[VASTInstreamCustomEvent]>([])
    }
}
