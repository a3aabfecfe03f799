extension ScaffoldTemplate {
    /// The VAST-SDK stand-in (in the test target): an ad server that writes its scripts as VAST and hears the pings.
    static let vastSandboxNetwork = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}SandboxVASTNetwork.swift",
        text: #"""
            import Foundation
            import {{Name}}Adapter
            import MediationBridge
            import MediationTesting

            /// An in-memory stand-in for the {{Name}} SDK and its ad server: it makes the SDK's request objects
            /// (``{{Name}}SandboxVASTAd``), which answer with an `InstreamSimulationScript` written as VAST, one document
            /// per break (``{{Name}}SandboxVAST``), and it is the custom event's `TrackerPinging`: every tracker the VAST
            /// playback fires reaches this server, as it would reach the real one.
            ///
            /// Its ``callLog`` is the typed log the in-stream kit counts: `load` and `cancel` from the SDK's calls, the
            /// companion reports, and from the pings a break start (the first ad's impression, with its
            /// `[BREAKPOSITION]` and `[CONTENTPLAYHEAD]`), each click and each skip. FILL IN: make the VAST and the
            /// answers as faithful as you can to the real SDK's: the kit is only as faithful as this stand-in.
            final class {{Name}}SandboxVASTNetwork: {{Name}}VASTAdFactory, TrackerPinging, @unchecked Sendable {
                /// Where the stand-in's trackers point.
                static let server = "https://{{domainName}}.invalid"

                private let lock = NSLock()
                private var log: [InstreamNetworkCall] = []
                private var pings: [URL] = []
                private var made: [{{Name}}SandboxVASTAd] = []
                let script: InstreamSimulationScript
                let clock: MediationClock

                init(script: InstreamSimulationScript, clock: MediationClock) {
                    self.script = script
                    self.clock = clock
                }

                /// What reached the network, typed, in order.
                var callLog: [InstreamNetworkCall] { lock.withLock { log } }
                /// Every URL pinged, in order.
                var pinged: [URL] { lock.withLock { pings } }
                /// The first SDK object made: the kit checks it is released once the session ends.
                var firstAd: {{Name}}SandboxVASTAd? { lock.withLock { made.first } }

                func record(_ call: InstreamNetworkCall) {
                    lock.withLock { log.append(call) }
                }

                func makeVASTAd(slotID: String, format: InstreamAdFormat) -> any {{Name}}VASTAdLoading {
                    let ad = {{Name}}SandboxVASTAd(network: self, script: script, clock: clock, format: format)
                    lock.withLock { made.append(ad) }
                    return ad
                }

                /// The ad server's tracking endpoints: every ping is kept; break starts, clicks and skips are logged.
                func ping(_ url: URL) {
                    lock.withLock { pings.append(url) }
                    if let call = Self.call(for: url) { record(call) }
                }

                /// The call a ping stands for: `/break?bp=…&cp=…` a section start (a midroll's with the content playhead
                /// as its midpoint), `/click/…` a click, `/skip/…` a skip; `nil` for the others.
                static func call(for url: URL) -> InstreamNetworkCall? {
                    let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                    func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
                    switch url.pathComponents.dropFirst().first {
                    case "break":
                        let sections: [String: InstreamAdSection] = [
                            "1": .preroll, "2": .midroll, "3": .postroll, "4": .pauseroll,
                        ]
                        guard let section = value("bp").flatMap({ sections[$0] }) else { return nil }
                        return .start(section, midpoint: section == .midroll ? value("cp").flatMap(seconds) : nil)
                    case "click": return .trackClick
                    case "skip": return .skip
                    default: return nil
                    }
                }

                /// `HH:MM:SS.mmm` in seconds; `nil` for `-1` (unknown).
                static func seconds(_ time: String) -> Double? {
                    let parts = time.split(separator: ":").compactMap { Double($0) }
                    guard parts.count == 3 else { return nil }
                    return parts[0] * 3600 + parts[1] * 60 + parts[2]
                }
            }

            /// The stand-in's SDK request object: answers after the script's latency, on the clock's thread, and (as
            /// scripted) late after a cancel too.
            final class {{Name}}SandboxVASTAd: {{Name}}VASTAdLoading, @unchecked Sendable {
                private let lock = NSLock()
                private var cancelled = false
                private var markups: [String] = []
                private weak var network: {{Name}}SandboxVASTNetwork?
                private let script: InstreamSimulationScript
                private let clock: MediationClock
                private let format: InstreamAdFormat

                init(
                    network: {{Name}}SandboxVASTNetwork, script: InstreamSimulationScript, clock: MediationClock,
                    format: InstreamAdFormat
                ) {
                    self.network = network
                    self.script = script
                    self.clock = clock
                    self.format = format
                }

                /// The markup each markup load was given, in order.
                var loadedMarkups: [String] { lock.withLock { markups } }

                func requestBreaks(
                    midpoints: [Double]?, contentDuration: TimeInterval,
                    completion: @escaping @Sendable (Result<[{{Name}}VASTBreak], {{Name}}VASTError>) -> Void
                ) {
                    network?.record(.load)
                    let breaks = {{Name}}SandboxVAST.breaks(of: script, midpoints: midpoints, format: format)
                    answer(.success(breaks), completion)
                }

                func loadBid(
                    markup: String, completion: @escaping @Sendable (Result<[{{Name}}VASTBreak], {{Name}}VASTError>) -> Void
                ) {
                    network?.record(.load)
                    lock.withLock { markups.append(markup) }
                    answer(.success([{{Name}}VASTBreak(section: nil, vast: markup)]), completion)
                }

                func cancel() {
                    network?.record(.cancel)
                    lock.withLock { cancelled = true }
                }

                func reportCompanionShow(identifier: String) {
                    network?.record(.trackCompanionShow(identifier: identifier))
                }

                func reportCompanionClick(identifier: String) {
                    network?.record(.trackCompanionClick(identifier: identifier))
                }

                /// Answers after the script's latency: its no-ad reason as the SDK's error (code 1003), or `fill`.
                private func answer(
                    _ fill: Result<[{{Name}}VASTBreak], {{Name}}VASTError>,
                    _ completion: @escaping @Sendable (Result<[{{Name}}VASTBreak], {{Name}}VASTError>) -> Void
                ) {
                    let result: Result<[{{Name}}VASTBreak], {{Name}}VASTError>
                    switch script.outcome {
                    case .fill: result = fill
                    case .noAd(let reason): result = .failure({{Name}}VASTError(code: 1003, message: reason))
                    case .neverAnswers: return
                    }
                    let answersLate = script.misbehaviors.contains(.reportsAfterStop)
                    clock.schedule(after: script.loadLatency) { [weak self] in
                        guard let self, answersLate || !self.lock.withLock({ self.cancelled }) else { return }
                        completion(result)
                    }
                }
            }
            """#)

    /// The stand-in's VAST writer.
    static let vastSandboxWriter = ScaffoldTemplate(
        path: "Tests/{{Name}}AdapterTests/{{Name}}SandboxVAST.swift",
        text: #"""
            import Foundation
            import {{Name}}Adapter
            import MediationBridge
            import MediationTesting

            /// Writes an `InstreamSimulationScript` as the {{Name}} SDK's answer: one VAST 4.1 document per break, one
            /// `<Ad>` per scripted banner (its id, duration, skip offset, click-through, media file and companions), with
            /// trackers on ``{{Name}}SandboxVASTNetwork/server``. FILL IN: write what the real SDK's ad server sends.
            enum {{Name}}SandboxVAST {
                /// The script's breaks: preroll, the midrolls (only those at `midpoints`, when given), pauseroll, postroll.
                static func breaks(
                    of script: InstreamSimulationScript, midpoints: [Double]?, format: InstreamAdFormat
                ) -> [{{Name}}VASTBreak] {
                    var breaks: [{{Name}}VASTBreak] = []
                    if let banners = script.sections[.preroll] {
                        breaks.append({{Name}}VASTBreak(section: .preroll, vast: document(banners, format: format)))
                    }
                    for position in script.midrolls.keys.sorted() where midpoints?.contains(position) ?? true {
                        let vast = document(script.midrolls[position] ?? [], format: format)
                        breaks.append({{Name}}VASTBreak(section: .midroll, midpoint: position, vast: vast))
                    }
                    for section in [InstreamAdSection.pauseroll, .postroll] {
                        if let banners = script.sections[section] {
                            breaks.append({{Name}}VASTBreak(section: section, vast: document(banners, format: format)))
                        }
                    }
                    return breaks
                }

                /// A VAST pod of `banners`, in order.
                static func document(_ banners: [SimulatedInstreamBanner], format: InstreamAdFormat) -> String {
                    let ads = banners.enumerated().map { offset, banner in ad(banner, sequence: offset + 1, format: format) }
                    return "<VAST version=\"4.1\">" + ads.joined() + "</VAST>"
                }

                static func ad(_ scripted: SimulatedInstreamBanner, sequence: Int, format: InstreamAdFormat) -> String {
                    let banner = scripted.banner
                    let server = {{Name}}SandboxVASTNetwork.server
                    let id = banner.identifier.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "ad"
                    let breakStart =
                        sequence == 1
                        ? "<Impression>\(server)/break?bp=[BREAKPOSITION]&amp;cp=[CONTENTPLAYHEAD]</Impression>" : ""
                    let skippable = banner.allowClose || banner.allowSkip
                    let skipOffset = skippable ? " skipoffset=\"\(time(banner.allowCloseDelay))\"" : ""
                    let clickThrough = banner.clickURL.map { "<ClickThrough>\(escaped($0.absoluteString))</ClickThrough>" }
                    let media =
                        format == .audio
                        ? "<MediaFile delivery=\"progressive\" type=\"audio/mpeg\">"
                        : "<MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\">"
                    let companions = banner.companionBanners.map { companion in
                        let image = companion.staticResourceURL?.absoluteString
                            ?? "\(server)/companion/\(companion.identifier).png"
                        let shows = companion.showTrackers.map {
                            "<Tracking event=\"creativeView\">\(escaped($0.absoluteString))</Tracking>"
                        }
                        let clicks = companion.clickTrackers.map {
                            "<CompanionClickTracking>\(escaped($0.absoluteString))</CompanionClickTracking>"
                        }
                        return "<Companion id=\"\(escaped(companion.identifier))\" width=\"\(companion.width)\""
                            + " height=\"\(companion.height)\"><StaticResource creativeType=\"image/png\">\(escaped(image))"
                            + "</StaticResource><TrackingEvents>\(shows.joined())</TrackingEvents>\(clicks.joined())"
                            + "</Companion>"
                    }
                    let companionAds =
                        companions.isEmpty
                        ? "" : "<Creative><CompanionAds>\(companions.joined())</CompanionAds></Creative>"
                    return """
                        <Ad id="\(escaped(banner.identifier))" sequence="\(sequence)"\(format == .audio ? " adType=\"audio\"" : "")>\
                        <InLine><AdSystem>{{Name}}</AdSystem><AdTitle>\(escaped(banner.adText ?? banner.identifier))</AdTitle>\
                        \(breakStart)<Impression>\(server)/impression/\(id)</Impression><Creatives><Creative>\
                        <Linear\(skipOffset)><Duration>\(time(banner.duration))</Duration><TrackingEvents>\
                        <Tracking event="skip">\(server)/skip/\(id)</Tracking></TrackingEvents><VideoClicks>\
                        \(clickThrough ?? "")<ClickTracking>\(server)/click/\(id)</ClickTracking></VideoClicks>\
                        <MediaFiles>\(media)\(escaped(scripted.mediaURL.absoluteString))</MediaFile></MediaFiles>\
                        </Linear></Creative>\(companionAds)</Creatives></InLine></Ad>
                        """
                }

                /// `seconds` as VAST's `HH:MM:SS.mmm`.
                static func time(_ seconds: Double) -> String {
                    let milliseconds = Int((seconds * 1000).rounded())
                    let (hours, minutes) = (milliseconds / 3_600_000, milliseconds / 60_000 % 60)
                    let (wholeSeconds, fraction) = (milliseconds / 1000 % 60, milliseconds % 1000)
                    func pad(_ value: Int, _ width: Int) -> String {
                        String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
                    }
                    return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(wholeSeconds, 2)).\(pad(fraction, 3))"
                }

                /// `text` escaped for XML.
                static func escaped(_ text: String) -> String {
                    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
                }
            }
            """#)
}
