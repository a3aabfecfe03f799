import Foundation
import MediationCore
import MediationNetworking
import MediationSupport
import MediationTesting

/// `mediation demo`: runs an ad response (the bundled default, `--config FILE`, or `--url URL` fetched over HTTP) through the waterfall over
/// the demo networks (``DemoNetworks``) on a manual clock driven to completion, so the run is instant and the
/// same every time; prints the trace table, the tracker URLs fired, then the winning ad as JSON.
enum DemoCommand {
    static let usage = """
        usage: mediation demo [--json] [--strategy sequential|hedged|adaptive] [--config FILE | --url URL] [--html FILE]
                              [--inspect FILE]
                              [privacy and targeting options]
               mediation demo --auction [--json] [--config FILE | --url URL] [--bidder URL] [--inspect FILE]
               mediation demo instream [--format video|audio|both]   (or --instream: in-stream video and audio)
               mediation demo instream --vast FILE|URL   (a VAST document or tag on the simulated player)
               mediation demo instream --config FILE | --auction [--json] [--inspect FILE]   (an in-stream auction)

        Runs an ad response through the waterfall over the myTarget, Google custom native and TAMedia adapters,
        each talking to its in-memory sandbox network, on a virtual clock, and prints the trace and the winning ad.

          --json              print one JSON object: {"winner": {...}|null, "properties": {...}, "trace": [...], ...}
          --verbose           log every step of the run (debug level) to standard error
          --strategy NAME     sequential (MoPub's behaviour), hedged (\(MediationStrategy.recommendedHedged)) or
                              adaptive (the default: \(MediationStrategy.default), learned per network; a
                              fresh demo mediator cold-starts the first 3 lines at once)
          --config FILE       an ad-response JSON file instead of the bundled default
          --url URL           fetch the ad response over HTTP (HTTPAdResponseSource: 10 s timeout, 1 MiB cap);
                              scripts/serve-demo.sh serves the bundled one on 127.0.0.1
          --auction           collect bid signals (myTarget's stand-in token, InMobi's that never comes), then run
                              the bundled auction response (two myTarget bids, three waterfall lines) or --config
                              FILE or the --url server's answer to a bidding POST, with an OpenRTB bidder's bid,
                              through the unified auction, record the winner's impression, and print the signals,
                              the auction order, the trace, the win/loss/billing notices and the revenue
          --bidder URL        with --auction: the OpenRTB 2.6 bidder's endpoint (default: /openrtb2/auction on the
                              --url server, which scripts/serve-demo.sh answers; else a bundled bid response)
          --html FILE         also write the winning ad as a self-contained HTML preview page (HTMLNativeAdRenderer,
                              inline SVG placeholders for the sandbox images) and say where it was written
          --inspect FILE      also write the run's mediation inspector page (timeline, auction, what was sent, the
                              winning ad, the adapters; docs/inspector.md) and say where it was written

        Privacy and targeting (sent as the privacy matrix says, docs/privacy.md; with --url the request built by
        HTTPAdResponseSource.requestURL is printed on the first line and is what the server receives):
          --ad-unit ID        the ad unit of the --url request (default: demo)
          --gdpr-applies 0|1  whether GDPR applies          --tcf STRING        the TCF consent string
          --no-consent        canCollectPersonalInfo false  --us-privacy STRING the US Privacy string (1YYN)
          --gpp STRING        the GPP string                --gpp-sid IDS       GPP section IDs, comma separated
          --child-directed    COPPA                         --under-age         under the age of consent (TFUA)
          --no-personalization  the host disallows personalisation
          --att STATUS        notDetermined, restricted, denied, authorized (or 0...3)
          --age N, --gender male|female|unknown, --language CODE   targeting
        """

    struct Options {
        var json = false
        var verbose = false
        var auction = false
        var strategy = MediationStrategy.default
        var configPath: String?
        var url: URL?
        var bidderURL: URL?
        var htmlPath: String?
        var inspectPath: String?
        var adUnitID = "demo"
        var privacy = PrivacySettings.unrestricted
        var targeting = Targeting.none
        var gppString: String?
        var gppSectionIDs: [Int] = []
    }

    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.first == "instream" { return await InstreamDemoCommand.run(Array(arguments.dropFirst())) }
        if let flag = arguments.firstIndex(of: "--instream") {
            var rest = arguments
            rest.remove(at: flag)
            return await InstreamDemoCommand.run(rest)
        }
        let options: Options
        switch parse(arguments) {
        case .success(nil):
            print(usage)
            return 0
        case .success(let parsed?):
            options = parsed
        case .failure(let message):
            printError("mediation demo: \(message.text)\n\n\(usage)")
            return 2
        }
        let data: Data
        let origin: String
        if options.auction, let url = options.url {
            return await runAuction(.served(url), options: options, origin: url.absoluteString)
        }
        if let url = options.url {
            do {
                let request = try requestURL(url, options: options)
                let response = try await fetch(request)
                return report(
                    try runWaterfall(
                        response, strategy: options.strategy, privacy: options.privacy, targeting: options.targeting),
                    options, origin: request.absoluteString)
            } catch {
                printError("mediation demo: \(String(describing: error).terminalSafe)")
                return 1
            }
        } else if let path = options.configPath {
            do throws(BoundedFileRead.Failure) {
                data = try BoundedFileRead.read(path, limit: AdResponseLimits.default.maximumResponseBytes)
                origin = path
            } catch {
                printError("mediation demo: cannot read \(path.terminalSafe): \(error.reason)")
                return 1
            }
        } else if options.auction {
            (data, origin) = AuctionAdResponse.load()
        } else {
            (data, origin) = DefaultAdResponse.load()
        }
        let response: AdResponse
        do {
            response = try AdResponse.parse(json: data)
        } catch {
            printError("mediation demo: \(origin.terminalSafe) is not a valid ad response:")
            for line in ValidateCommand.shown(error.errors) { printError("  \(line)") }
            return 1
        }
        if options.auction { return await runAuction(.loaded(response), options: options, origin: origin) }
        do {
            let logger = ConsoleLogger(minimumLevel: options.verbose ? .debug : .warning)
            return report(
                try runWaterfall(
                    response, strategy: options.strategy, privacy: options.privacy, targeting: options.targeting,
                    logger: logger),
                options, origin: origin)
        } catch {
            printError("mediation demo: \(String(describing: error).terminalSafe)")
            return 1
        }
    }

    /// Runs the auction demo on the response from `responseOrigin` and prints its report; returns the exit status.
    static func runAuction(
        _ responseOrigin: AuctionResponseOrigin, options: Options, origin: String
    ) async -> Int32 {
        do {
            let outcome = try await runAuction(
                responseOrigin, bidderEndpoint: options.bidderEndpoint, strategy: options.strategy,
                privacy: options.privacy, targeting: options.targeting, adUnitID: options.adUnitID,
                logger: ConsoleLogger(minimumLevel: options.verbose ? .debug : .warning))
            if let path = options.inspectPath, !writeInspection(outcome.outcome, origin: origin, to: path) { return 1 }
            if options.json {
                print(outcome.outcome.jsonReport(strategy: options.strategy, auction: outcome.report))
            } else {
                print(outcome.textReport(strategy: options.strategy, origin: origin))
            }
            return 0
        } catch {
            printError("mediation demo: \(String(describing: error).terminalSafe)")
            return 1
        }
    }

    /// The `--url` request: `url` as the endpoint, with the ad unit, privacy and targeting query that
    /// ``HTTPAdResponseSource/requestURL(adUnitID:privacy:targeting:)`` adds.
    static func requestURL(_ url: URL, options: Options) throws(MediationError) -> URL {
        try HTTPAdResponseSource(endpoint: url).requestURL(
            adUnitID: options.adUnitID, privacy: options.privacy, targeting: options.targeting)
    }

    /// Loads the ad response at `url` over HTTP.
    static func fetch(_ url: URL) async throws(MediationError) -> AdResponse {
        let source = try HTTPAdResponseSource(endpoint: url)
        let result = await withCheckedContinuation { continuation in
            source.fetchAdResponse(from: url) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Writes the `--html` page if asked and prints the report; returns the exit status.
    static func report(_ outcome: Outcome, _ options: Options, origin: String) -> Int32 {
        if let path = options.inspectPath, !writeInspection(outcome, origin: origin, to: path) { return 1 }
        if let htmlPath = options.htmlPath {
            let file = URL(fileURLWithPath: htmlPath)
            do {
                try outcome.htmlPreview().write(to: file, atomically: true, encoding: .utf8)
            } catch {
                printError("mediation demo: cannot write --html \(htmlPath.terminalSafe): \(fileErrorReason(error))")
                return 1
            }
            printError("mediation demo: wrote the HTML preview to \(file.standardizedFileURL.path.terminalSafe)")
        }
        if options.json {
            print(outcome.jsonReport(strategy: options.strategy))
        } else {
            print(outcome.textReport(strategy: options.strategy, origin: origin.terminalSafe))
        }
        return 0
    }

    struct UsageError: Error {
        var text: String
    }

    /// The options, or `nil` for `--help`.
    static func parse(_ arguments: [String]) -> Result<Options?, UsageError> {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                return .success(nil)
            case "--json":
                options.json = true
            case "--auction":
                options.auction = true
            case "--verbose", "-v":
                options.verbose = true
            case "--strategy":
                switch remaining.popFirst() {
                case "sequential"?: options.strategy = .sequential
                case "hedged"?: options.strategy = .recommendedHedged
                case "adaptive"?: options.strategy = .recommendedAdaptive
                case let other?:
                    return .failure(UsageError(text: "unknown strategy '\(other)' (sequential, hedged or adaptive)"))
                case nil: return .failure(UsageError(text: "--strategy needs a value (sequential, hedged or adaptive)"))
                }
            case "--config":
                guard let path = remaining.popFirst() else {
                    return .failure(UsageError(text: "--config needs a FILE"))
                }
                options.configPath = path
            case "--url":
                guard let text = remaining.popFirst() else {
                    return .failure(UsageError(text: "--url needs a URL"))
                }
                guard let url = URL(string: text), MediationURLPolicy.isAllowedContentURL(url) else {
                    return .failure(UsageError(text: "--url needs an http or https URL, got '\(text)'"))
                }
                options.url = url
            case "--bidder":
                guard let text = remaining.popFirst() else {
                    return .failure(UsageError(text: "--bidder needs a URL"))
                }
                guard let url = URL(string: text), MediationURLPolicy.isAllowedContentURL(url) else {
                    return .failure(UsageError(text: "--bidder needs an http or https URL, got '\(text)'"))
                }
                options.bidderURL = url
            case "--html":
                guard let path = remaining.popFirst() else {
                    return .failure(UsageError(text: "--html needs a FILE"))
                }
                options.htmlPath = path
            case "--inspect":
                guard let path = remaining.popFirst() else {
                    return .failure(UsageError(text: "--inspect needs a FILE"))
                }
                options.inspectPath = path
            default:
                do throws(UsageError) {
                    guard try parsePrivacyOption(argument, &remaining, into: &options) else {
                        return .failure(UsageError(text: "unknown option '\(argument)'"))
                    }
                } catch {
                    return .failure(error)
                }
            }
        }
        if options.url != nil, options.configPath != nil {
            return .failure(UsageError(text: "--url and --config cannot be used together"))
        }
        if options.bidderURL != nil, !options.auction {
            return .failure(UsageError(text: "--bidder needs --auction"))
        }
        if options.auction, options.htmlPath != nil {
            return .failure(UsageError(text: "--auction and --html cannot be used together"))
        }
        do throws(MediationError) {
            try options.privacy.setGPP(string: options.gppString, sectionIDs: options.gppSectionIDs)
        } catch {
            return .failure(UsageError(text: "--gpp / --gpp-sid: \(error)"))
        }
        return .success(options)
    }

    /// What one demo run produced.
    struct Outcome {
        var result: MediationRunResult
        var elapsed: Duration
        var firedURLs: [URL]
        /// What `--inspect` shows: the run with the mediator's privacy, targeting and adapters.
        var inspection: MediationInspection?
        /// Each network's start-up (`Mediator.startNetworks()`), in the order registered; empty for a run that
        /// started none.
        var networks: [NetworkStartupRecord] = []
    }

    /// Runs `response` over ``DemoNetworks`` on a manual clock until nothing is left to happen.
    static func runWaterfall(
        _ response: AdResponse, strategy: MediationStrategy, privacy: PrivacySettings = .unrestricted,
        targeting: Targeting = .none, logger: any MediationLogger = SilentLogger()
    ) throws -> Outcome {
        let clock = ManualClock()
        let mediationClock = MediationClock(clock)
        let pinger = RecordingTrackerPinger()
        let trackerLog = DemoTrackerLog(forwardingTo: pinger, clock: clock)
        var registry = try DemoNetworks.registry(clock: mediationClock)
        try DemoNetworks.registerStartups(in: &registry, clock: mediationClock)
        var configuration = MediatorConfiguration(
            strategy: strategy, clock: mediationClock, privacy: privacy, targeting: targeting, logger: logger,
            trackerPinger: trackerLog, imagePrecacher: NoImagePrecaching())
        // The sandbox starts run on the demo's clock, not on a background queue.
        configuration.networkStartLauncher = NetworkStartup.immediateLauncher
        let mediator = Mediator(registry: registry, configuration: configuration)
        mediator.startNetworks(delivery: .immediate) { _ in }
        let delivered = Locked<(MediationRunResult, Duration)?>(nil)
        let run = mediator.mediate(response, delivery: .immediate) { result in
            delivered.withLock { $0 = (result, clock.elapsedSinceStart) }
        }
        clock.runUntilIdle()
        if delivered.current == nil { run.cancel() }
        guard let (result, elapsed) = delivered.current else {
            throw MediationError.invalidConfiguration(path: "demo", reason: "the run did not finish")
        }
        return Outcome(
            result: result, elapsed: elapsed, firedURLs: pinger.pinged,
            inspection: inspection(of: result, mediator: mediator, trackers: trackerLog, elapsed: elapsed),
            networks: mediator.networkStartupRecords)
    }
}

extension DemoCommand.Outcome {
    /// A self-contained HTML page showing the winning ad (sandbox images drawn as inline SVG placeholders of
    /// their declared size), or saying that no line filled.
    func htmlPreview() -> String {
        let renderer = HTMLNativeAdRenderer()
        guard let ad = result.ad else {
            return renderer.htmlPage(
                for: NativeAdProperties(), title: "No ad: \(result.error?.description ?? "no fill")")
        }
        return renderer.htmlPage(
            for: ad.properties, clickURL: ad.defaultActionURL, title: "Native ad from \(ad.source.networkName)",
            images: .placeholders)
    }

    /// The trace table, the URLs fired, then the winning ad's properties as JSON.
    func textReport(strategy: MediationStrategy, origin: String) -> String {
        var lines = [
            "mediation demo: \(origin.terminalSafe), strategy \(strategy)", "",
            result.trace.table(), "",
        ]
        if !networks.isEmpty {
            lines.append("network start-up (\(networks.count)):")
            lines += networks.map { record in
                let took = record.startMilliseconds.map { " in \($0)ms" } ?? ""
                let error = record.errorDescription.map { ": \($0)" } ?? ""
                return "  \(record.network.terminalSafe) \(record.status.code)\(took)\(error.terminalSafe)"
            }
            lines.append("")
        }
        lines.append("tracker URLs fired (\(firedURLs.count)):")
        lines += firedURLs.map { "  \($0.absoluteString.terminalSafe)" }
        lines.append("")
        if let ad = result.ad, let winner = result.trace.winningEntry {
            let price = winner.price.map { ", eCPM \($0)" } ?? ""
            lines.append(
                "winning ad: line \(winner.line), \(winner.customEvent.terminalSafe) "
                    + "(\(winner.network.terminalSafe)\(price)), delivered after \(elapsed.wholeMilliseconds)ms")
            let json = ad.properties.jsonString(prettyPrinted: true)
            lines += json.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).terminalSafe }
        } else {
            let reason = result.error?.description.terminalSafe ?? "unknown"
            lines.append("no ad: \(reason) after \(elapsed.wholeMilliseconds)ms")
        }
        return lines.joined(separator: "\n")
    }

    /// One JSON object: winner (or null), the winning ad's properties, the trace rows, and context; with the
    /// `auction` object of `--auction` when given.
    func jsonReport(strategy: MediationStrategy, auction: DemoAuctionReport? = nil) -> String {
        let report = DemoReport(
            winner: result.trace.winningEntry.map { entry in
                DemoReport.Winner(
                    line: entry.line, customEvent: entry.customEvent, network: entry.network, price: entry.price,
                    page: entry.page, adUnitID: result.ad?.source.adUnitID)
            },
            properties: result.ad?.properties ?? NativeAdProperties(),
            trace: result.trace.entries,
            outcome: result.trace.outcome,
            strategy: strategy.description,
            elapsedMs: elapsed.wholeMilliseconds,
            droppedEntries: Array(result.trace.droppedEntries.prefix(DemoReport.maximumListed)),
            droppedEntriesNotListed: max(0, result.trace.droppedEntries.count - DemoReport.maximumListed),
            notes: Array(result.trace.notes.prefix(DemoReport.maximumListed)),
            notesNotListed: max(0, result.trace.notes.count - DemoReport.maximumListed),
            firedURLs: firedURLs.map(\.absoluteString), auction: auction,
            networks: networks.map(DemoReport.NetworkStartup.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return (try? encoder.encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// The `--json` document of `mediation demo`.
///
/// Bounded whatever the response: at most ``maximumListed`` dropped entries (each with at most that many
/// errors) and notes are listed, and `droppedEntriesNotListed` / `notesNotListed` count the rest.
struct DemoReport: Encodable {
    /// The most dropped entries, errors of one entry, and notes listed.
    static let maximumListed = 100

    struct Winner: Encodable {
        var line: Int
        var customEvent: String
        var network: String
        var price: Double?
        var page: Int
        var adUnitID: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(line, forKey: .line)
            try container.encode(customEvent, forKey: .customEvent)
            try container.encode(network, forKey: .network)
            try container.encode(price, forKey: .price)
            try container.encode(page, forKey: .page)
            try container.encode(adUnitID, forKey: .adUnitID)
        }

        enum CodingKeys: String, CodingKey {
            case line, customEvent, network, price, page, adUnitID
        }
    }

    var winner: Winner?
    var properties: NativeAdProperties
    var trace: [MediationTraceEntry]
    var outcome: String
    var strategy: String
    var elapsedMs: Int64
    var droppedEntries: [DroppedAdResponseEntry]
    var droppedEntriesNotListed: Int
    var notes: [String]
    var notesNotListed: Int
    var firedURLs: [String]
    /// The auction's part, for `--auction`.
    var auction: DemoAuctionReport?
    /// Each network's start-up, when the run started networks.
    var networks: [NetworkStartup] = []

    /// One network's start-up: `{"network", "status", "startMs", "error"}` (`startMs` and `error` null when none).
    struct NetworkStartup: Encodable {
        var network: String
        var status: String
        var startMs: Int?
        var error: String?

        init(_ record: NetworkStartupRecord) {
            network = record.network
            status = record.status.code
            startMs = record.startMilliseconds
            error = record.errorDescription
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(network, forKey: .network)
            try container.encode(status, forKey: .status)
            try container.encode(startMs, forKey: .startMs)
            try container.encode(error, forKey: .error)
        }

        enum CodingKeys: String, CodingKey {
            case network, status, startMs, error
        }
    }

    enum CodingKeys: String, CodingKey {
        case winner, properties, trace, outcome, strategy, elapsedMs, droppedEntries, droppedEntriesNotListed, notes
        case notesNotListed, firedURLs, auction, networks
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(winner, forKey: .winner)
        try container.encode(properties, forKey: .properties)
        try container.encode(trace, forKey: .trace)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(strategy, forKey: .strategy)
        try container.encode(elapsedMs, forKey: .elapsedMs)
        try container.encode(
            droppedEntries.map { entry in
                var entry = entry
                entry.errors = Array(entry.errors.prefix(Self.maximumListed))
                return entry
            }, forKey: .droppedEntries)
        if droppedEntriesNotListed > 0 {
            try container.encode(droppedEntriesNotListed, forKey: .droppedEntriesNotListed)
        }
        try container.encode(notes, forKey: .notes)
        if notesNotListed > 0 { try container.encode(notesNotListed, forKey: .notesNotListed) }
        try container.encode(firedURLs, forKey: .firedURLs)
        try container.encodeIfPresent(auction, forKey: .auction)
        if !networks.isEmpty { try container.encode(networks, forKey: .networks) }
    }
}
