import Foundation
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox

/// `mediation demo instream`: picks an in-stream source with a waterfall, then plays a preroll, a midroll and a
/// postroll of myTarget in-stream video and audio from the sandbox through a simulated player on a virtual clock,
/// printing the trace and every session event in order.
enum InstreamDemoCommand {
    static let usage = """
        usage: mediation demo instream [--format video|audio|both]
               mediation demo instream --vast FILE|URL [privacy and targeting options]
               mediation demo instream --config FILE | --auction [--json] [--inspect FILE] [--strategy NAME]

        Runs an in-stream waterfall (a house network with no ad, then myTarget's MyTargetInstreamVideoCustomEvent or
        MyTargetInstreamAudioCustomEvent on the sandbox) through the same engine as native ads, then plays a
        preroll, the first midroll and a postroll of the winner through a simulated player on a virtual clock,
        printing the waterfall trace and every InstreamAdSession event in order.

          --format NAME       video, audio or both (default both)
          --vast FILE|URL     play a VAST document or tag through VASTInstreamCustomEvent instead, printing every
                              URL requested (the tag and each wrapper, macros and {…} placeholders expanded from the
                              privacy options as the privacy matrix says), every event and every URL fired
                              (recorded, not sent), in order; exit 1 when no ad loads. Takes the privacy and
                              targeting options of mediation demo (--gdpr-applies, --tcf, --no-consent, --us-privacy,
                              --gpp, --gpp-sid, --child-directed, --under-age, --no-personalization, --att, --age,
                              --gender, --language), which become the mediator's
          --config FILE       run an in-stream ad response with bids (video bids whose adm is VAST) and waterfall
                              lines through the unified auction instead (the house network, myTarget's in-stream
                              video and audio on the sandbox, VASTInstreamCustomEvent for tags and bids), print the
                              trace, the auction order with each bid's result and loss reason, its win, loss and
                              billing notices (recorded, not sent), then the winner's preroll; exit 1 when no ad
                              loads, or when FILE cannot be read or is not a valid ad response (each problem named
                              with its JSON path)
          --auction           the same with the bundled response (three video bids, myTarget at 2.0, a house line)
          --json              with --config or --auction: one JSON object with the trace, the auction (the order,
                              the notices) and every event and URL, in order
          --inspect FILE      with --config or --auction: also write the run's inspector page (its auction section
                              as for a native run; docs/inspector.md)
          --strategy NAME     with --config or --auction: sequential (the default), hedged or adaptive
        """

    static func run(_ arguments: [String]) async -> Int32 {
        if InstreamAuctionDemo.isAsked(arguments) {
            switch InstreamAuctionDemo.parse(arguments) {
            case .success(let options):
                return await InstreamAuctionDemo.run(options)
            case .failure(let error):
                printError("mediation demo instream: \(error.text)\n\n\(usage)")
                return 2
            }
        }
        if arguments.contains("--vast") {
            switch parseVAST(arguments) {
            case .success(let (source, options)):
                return await InstreamVASTDemo.run(
                    source: source, privacy: options.privacy, targeting: options.targeting)
            case .failure(let error):
                printError("mediation demo instream: \(error.text)\n\n\(usage)")
                return 2
            }
        }
        var formats: [InstreamAdFormat] = [.video, .audio]
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                print(usage)
                return 0
            case "--format":
                switch remaining.popFirst() {
                case "video"?: formats = [.video]
                case "audio"?: formats = [.audio]
                case "both"?: formats = [.video, .audio]
                case let other?:
                    printError("mediation demo instream: unknown format '\(other)' (video, audio or both)\n\n\(usage)")
                    return 2
                case nil:
                    printError("mediation demo instream: --format needs a value (video, audio or both)\n\n\(usage)")
                    return 2
                }
            case "--json", "--inspect":
                printError("mediation demo instream: \(argument) needs --config FILE or --auction\n\n\(usage)")
                return 2
            default:
                printError("mediation demo instream: unknown option '\(argument)'\n\n\(usage)")
                return 2
            }
        }
        print(formats.map { transcript(for: $0).joined(separator: "\n") }.joined(separator: "\n\n"))
        return 0
    }

    /// The source of `--vast` and the privacy and targeting options after it, read as `mediation demo` reads them
    /// (``DemoCommand/parsePrivacyOption(_:_:into:)``); `--format` and `--ad-unit` are refused.
    static func parseVAST(_ arguments: [String]) -> Result<(String, DemoCommand.Options), DemoCommand.UsageError> {
        var options = DemoCommand.Options()
        var source: String?
        var remaining = arguments[...]
        do throws(DemoCommand.UsageError) {
            while let argument = remaining.popFirst() {
                if argument == "--vast" {
                    guard source == nil, let value = remaining.popFirst() else {
                        throw DemoCommand.UsageError(text: "--vast takes one FILE or URL")
                    }
                    source = value
                    continue
                }
                if argument == "--ad-unit" || argument == "--format" {
                    throw DemoCommand.UsageError(text: "\(argument) does not apply to --vast")
                }
                guard try DemoCommand.parsePrivacyOption(argument, &remaining, into: &options) else {
                    throw DemoCommand.UsageError(text: "unknown option '\(argument)' with --vast")
                }
            }
        } catch {
            return .failure(error)
        }
        do throws(MediationError) {
            try options.privacy.setGPP(string: options.gppString, sectionIDs: options.gppSectionIDs)
        } catch {
            return .failure(DemoCommand.UsageError(text: "--gpp / --gpp-sid: \(error)"))
        }
        guard let source else { return .failure(DemoCommand.UsageError(text: "--vast needs a FILE or URL")) }
        return .success((source, options))
    }

    /// The printed lines for one format: the source line, then each step and its events.
    static func transcript(for format: InstreamAdFormat) -> [String] {
        let clock = ManualClock()
        let mediationClock = MediationClock(clock)
        let factory = MyTargetSandboxInstreamFactory(
            clock: mediationClock, videoScript: MyTargetSandboxInstreamScripts.video(),
            audioScript: MyTargetSandboxInstreamScripts.audio())
        let identifier =
            format == .video ? MyTargetInstreamVideoCustomEvent.identifier : MyTargetInstreamAudioCustomEvent.identifier
        // A two-line in-stream waterfall through the same engine as native ads: a house network with no ad, then
        // myTarget. The session plays the winner.
        var registry = MediationRegistry()
        try? registry.registerInstreamCustomEvent("HouseInstream") {
            SimulatedInstreamCustomEvent(script: InstreamSimulationScript(outcome: .noAd(reason: "no house ads")))
        }
        try? registry.registerInstreamCustomEvent(identifier) {
            format == .video
                ? MyTargetInstreamVideoCustomEvent(factory: factory) as any InstreamCustomEvent
                : MyTargetInstreamAudioCustomEvent(factory: factory)
        }
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .default, clock: mediationClock, trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "HouseInstream", timeout: .seconds(3)),
            WaterfallLine(customEventIdentifier: identifier, info: ["slotId": .string("1357")], timeout: .seconds(3)),
        ])
        let player = SimulatedInstreamAdPlayer(
            clock: mediationClock, durations: MyTargetSandboxInstreamScripts.mediaDurations())
        let session = InstreamAdSession(
            mediator: mediator, response: response, player: player,
            configuration: .init(info: [:], contentDuration: 120, privacy: mediator.privacy),
            urlOpener: RecordingURLOpener(), trackerPinger: RecordingTrackerPinger())
        var lines = [
            "== in-stream \(format.rawValue): waterfall HouseInstream, then \(identifier) (slotId 1357) on the myTarget sandbox"
        ]
        var printed = 0
        func step(_ title: String, _ action: () -> InstreamControlResult) {
            let start = mediationClock.now
            let result = action()
            clock.runUntilIdle()
            lines.append("\(start) \(title)\(result.isAccepted ? "" : " refused: \(result)")")
            let events = session.reportedEvents
            for event in events[printed...] { lines.append("    \(event)") }
            printed = events.count
        }
        step("load") { session.load() }
        lines.append("waterfall trace:")
        lines += (session.trace?.table() ?? "(no run)").split(separator: "\n").map { "    \($0)" }
        step("start preroll") { session.start(.preroll) }
        if let midpoint = session.midpoints.first {
            step("start midroll at \(midpoint) s") { session.start(.midroll, midpoint: midpoint) }
        }
        step("start postroll") { session.start(.postroll) }
        return lines
    }
}
