// A child process for the MediationNetworking tests: each command runs one reader or pinger against the loopback
// server and prints what the tests check (results, counts, and this process's resident memory), so that memory
// is measured apart from the test runner and a SIGKILL hits a real process.
//
//   NetworkingProbe ad URL               fetch and parse an ad response
//   NetworkingProbe fetch URL MAXBYTES [WARMUP]
//                                        GET URL through an HTTPFetcher with a body cap of MAXBYTES, after a
//                                        GET of WARMUP through the same fetcher; prints RSS_BASELINE_KB (the peak
//                                        after the warm-up, so that URLSession's own start is not counted)
//   NetworkingProbe sources N URL        N short-lived ad-response sources, one fetch each; RSS growth each
//   NetworkingProbe images URL...        precache the images in one call
//   NetworkingProbe ping URL             fire one tracker (no journal) and wait until it settles
//   NetworkingProbe record DIR URL       record one impression of a NativeAd with a journaled pinger on DIR,
//                                        print RECORDED, then wait to be killed (or for standard input to close)
//   NetworkingProbe deliver DIR          start a pinger on DIR, deliver what it holds, print DELIVERED n
//   NetworkingProbe hold DIR             start a pinger on DIR and hold it until standard input closes
//   NetworkingProbe vastplay DIR TAG     load the VAST tag TAG with a journaled pinger on DIR, play its ads as a
//                                        preroll on a simulated player (a manual clock, one click on the first ad),
//                                        print PLAYED, then wait to be killed (or for standard input to close)
//   NetworkingProbe auction DIR BASE     run an auction of two bids (notices on BASE/track/notice) with a journaled
//                                        pinger on DIR, print SETTLED, record the winner's impression, print
//                                        BILLED, then wait to be killed (or for standard input to close)
//
// Every command prints `RSS_START_KB n` before its work and `RSS_PEAK_KB n` (VmHWM) and `ELAPSED_MS n` after.
import Foundation
import InstreamSimulation
import MediationCore
import MediationNetworking
import MediationSupport
import MediationTesting
import MediationVAST
import MediationVASTNetworking

func residentKilobytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
    return -1
}

func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

func waitForStandardInputToClose() {
    while !FileHandle.standardInput.availableData.isEmpty {}
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    say("usage: NetworkingProbe ad|images|ping|record|deliver|hold ...")
    exit(2)
}
/// The sanitizer this probe was built with, if any: its shadow memory and slower threads make memory figures
/// meaningless, so the tests read them only from a plain build.
func sanitizer() -> String {
    let handle = dlopen(nil, RTLD_NOW)
    defer { if let handle { dlclose(handle) } }
    if dlsym(handle, "__tsan_init") != nil { return "thread" }
    if dlsym(handle, "__asan_init") != nil { return "address" }
    return "none"
}

let started = ContinuousClock.now
say("SANITIZER \(sanitizer())")
say("RSS_START_KB \(residentKilobytes("VmRSS"))")

/// How long to stay alive after the result, so that work a reader left running (a cancelled transfer still
/// draining) counts in the peak: `PROBE_LINGER_MS`, default 2000.
let lingerMilliseconds = Int(ProcessInfo.processInfo.environment["PROBE_LINGER_MS"] ?? "") ?? 2000

func finish(_ result: String) -> Never {
    let elapsed = ContinuousClock.now - started
    say("RESULT \(result)")
    say("ELAPSED_MS \(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)")
    usleep(UInt32(lingerMilliseconds) * 1000)
    say("RSS_PEAK_KB \(residentKilobytes("VmHWM"))")
    exit(0)
}

@Sendable func describe(_ error: MediationError) -> String {
    "\(error.code) \(error)"
}

switch command {
case "ad":
    let url = URL(string: arguments[1])!
    let source = try HTTPAdResponseSource(endpoint: url)
    let semaphore = DispatchSemaphore(value: 0)
    let outcome = Locked("none")
    source.fetchAdResponse(from: url) { result in
        switch result {
        case .success(let response): outcome.withLock { $0 = "ok \(response.lines.count) lines" }
        case .failure(let error): outcome.withLock { $0 = describe(error) }
        }
        semaphore.signal()
    }
    semaphore.wait()
    finish(outcome.withLock { $0 })
case "fetch":
    let fetcher = HTTPFetcher(maxConcurrentRequests: 1)
    func get(_ url: URL, maxBytes: Int) -> String {
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = Locked("none")
        fetcher.get(url, timeout: .seconds(30), maxBytes: maxBytes) { result in
            switch result {
            case .success(let response): outcome.withLock { $0 = "ok \(response.status) \(response.body.count) bytes" }
            case .failure(.tooLarge(let limit, let status)):
                outcome.withLock { $0 = "too_large \(limit) status \(status.map(String.init) ?? "none")" }
            case .failure(let failure): outcome.withLock { $0 = "failed \(failure.reason)" }
            }
            semaphore.signal()
        }
        semaphore.wait()
        return outcome.withLock { $0 }
    }
    if arguments.count > 3 {
        say("WARMUP \(get(URL(string: arguments[3])!, maxBytes: 1 << 20))")
        say("RSS_BASELINE_KB \(residentKilobytes("VmHWM"))")
    }
    finish(get(URL(string: arguments[1])!, maxBytes: Int(arguments[2]) ?? (1 << 20)))
case "sources":
    // N short-lived sources, one fetch each, one after another: what each leaves behind.
    let count = Int(arguments[1]) ?? 1000
    let url = URL(string: arguments[2])!
    var afterFirst = 0
    for number in 0..<count {
        let source = try HTTPAdResponseSource(endpoint: url)
        let semaphore = DispatchSemaphore(value: 0)
        source.fetchAdResponse(from: url) { _ in semaphore.signal() }
        semaphore.wait()
        if number == 0 { afterFirst = residentKilobytes("VmRSS") }
    }
    let after = residentKilobytes("VmRSS")
    finish(
        "sources \(count) rss_after_first_kb \(afterFirst) rss_after_all_kb \(after) bytes_each \((after - afterFirst) * 1024 / max(count - 1, 1))"
    )
case "images":
    let urls = arguments.dropFirst().map { URL(string: $0)! }
    let precacher = try URLSessionImagePrecacher()
    let semaphore = DispatchSemaphore(value: 0)
    let outcome = Locked("none")
    precacher.precacheImages(Array(urls)) { result in
        switch result {
        case .success(let images): outcome.withLock { $0 = "ok \(images.count) images" }
        case .failure(let error): outcome.withLock { $0 = describe(error) }
        }
        semaphore.signal()
    }
    semaphore.wait()
    finish(outcome.withLock { $0 })
case "ping":
    let pinger = try URLSessionTrackerPinger(
        journalDirectory: nil,
        retryPolicy: .init(
            maxAttempts: 1, initialDelay: .zero, maxDelay: .zero))
    pinger.ping(TrackerPing(url: URL(string: arguments[1])!, event: .impression, owner: "probe"))
    let semaphore = DispatchSemaphore(value: 0)
    if ProcessInfo.processInfo.environment["PROBE_DEBUG"] != nil {
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
            say("DEBUG pending \(pinger.pendingCount) delivered \(pinger.deliveredCount)")
        }
    }
    Task.detached {
        await pinger.waitUntilIdle()
        semaphore.signal()
    }
    semaphore.wait()
    finish("delivered \(pinger.deliveredCount) pending \(pinger.pendingCount)")
case "record":
    let directory = URL(fileURLWithPath: arguments[1])
    let pinger = try URLSessionTrackerPinger(journalDirectory: directory)
    let ad = NativeAd(
        adapter: ScriptedNativeAdAdapter(properties: NativeAdProperties()),
        source: NativeAdSource(customEventIdentifier: "probe", impressionTrackers: [URL(string: arguments[2])!]),
        trackerPinger: pinger)
    ad.recordImpression()
    say("RECORDED")
    waitForStandardInputToClose()
    finish("recorded")
case "deliver":
    let pinger = try URLSessionTrackerPinger(journalDirectory: URL(fileURLWithPath: arguments[1]))
    let semaphore = DispatchSemaphore(value: 0)
    let delivered = Locked(false)
    Task.detached {
        let all = await pinger.waitUntilDelivered()
        delivered.withLock { $0 = all }
        semaphore.signal()
    }
    semaphore.wait()
    finish("delivered \(pinger.deliveredCount) all \(delivered.withLock { $0 })")
case "auction":
    let directory = URL(fileURLWithPath: arguments[1])
    let base = arguments[2]
    let pinger = try URLSessionTrackerPinger(journalDirectory: directory)
    var title = NativeAdProperties()
    try title.setText("Probe", for: .title)
    let properties = title
    var registry = MediationRegistry()
    try registry.registerCustomEvent("Winner") {
        ScriptedCustomEvent(identifier: "Winner", script: .fill(properties))
    }
    try registry.registerCustomEvent("Loser") { ScriptedCustomEvent(identifier: "Loser", script: .fail(.noFill)) }
    registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["Winner", "Loser"]))
    let mediator = Mediator(
        registry: registry,
        configuration: MediatorConfiguration(
            strategy: .sequential, trackerPinger: pinger, imagePrecacher: NoImagePrecaching()))
    func bid(_ customEvent: String, id: String, price: Double) -> String {
        let notice =
            "\(base)/track/notice?bid=${AUCTION_BID_ID}&price=${AUCTION_PRICE}&loss=${AUCTION_LOSS}&ping=%%PING_ID%%"
        return """
            {"metadata": {"x-custom-event-class-name": "\(customEvent)", "adm": "markup", "x-ecpm": \(price),
             "x-bid-id": "\(id)", "x-nurl": "\(notice)&kind=win", "x-lurl": "\(notice)&kind=loss",
             "x-burl": "\(notice)&kind=billing"}}
            """
    }
    // Losers above the winner (one unless a count follows the base URL), each with its loss notice.
    let losers = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    let bids =
        (0..<losers).map { index in
            bid("Loser", id: losers == 1 ? "Loser" : "Loser\(index)", price: Double(3 + losers - index))
        } + [bid("Winner", id: "Winner", price: 2)]
    let response = try AdResponse.parse(
        json: Data(#"{"x-auction-id": "probe", "ad-responses": [\#(bids.joined(separator: ","))]}"#.utf8))
    let semaphore = DispatchSemaphore(value: 0)
    let winner = Locked<NativeAd?>(nil)
    mediator.mediate(response, delivery: .immediate) { result in
        winner.withLock { $0 = result.ad }
        semaphore.signal()
    }
    semaphore.wait()
    say("SETTLED")
    winner.withLock { $0 }?.recordImpression()
    say("BILLED")
    waitForStandardInputToClose()
    finish("auction")
case "vastplay":
    let pinger = try URLSessionTrackerPinger(journalDirectory: URL(fileURLWithPath: arguments[1]))
    let clock = ManualClock()
    let mediationClock = MediationClock(clock)
    let event = VASTInstreamCustomEvent(
        loader: HTTPVASTDocumentLoader(fetcher: HTTPFetcher(maxConcurrentRequests: 2)), trackerPinger: pinger)
    let session = InstreamAdSession(
        customEvent: event,
        player: SimulatedInstreamAdPlayer(clock: mediationClock, defaultDuration: .seconds(20)),
        configuration: InstreamAdSessionConfiguration(
            info: [VASTInstreamCustomEvent.tagURLInfoKey: .string(arguments[2])], midpoints: .server,
            contentDuration: 120, privacy: .unrestricted),
        clock: mediationClock, urlOpener: RecordingURLOpener(), trackerPinger: pinger)
    session.load()
    let loaded = DispatchSemaphore(value: 0)
    Task.detached {
        await event.waitUntilLoadFinished()
        loaded.signal()
    }
    loaded.wait()
    guard session.isLoaded else { finish("not loaded: \(event.loadFailureReason ?? "no reason")") }
    session.start(.preroll)
    clock.advance(by: .seconds(6))
    _ = session.handleClick()
    clock.runUntilIdle()
    say("PLAYED")
    waitForStandardInputToClose()
    finish("played")
case "hold":
    do {
        let pinger = try URLSessionTrackerPinger(journalDirectory: URL(fileURLWithPath: arguments[1]))
        say("READY")
        waitForStandardInputToClose()
        withExtendedLifetime(pinger) {}
        finish("held")
    } catch {
        finish("refused \(error)")
    }
default:
    say("unknown command \(command)")
    exit(2)
}
