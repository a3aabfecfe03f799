import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// Issue 43, at the sinks: a log entry built by `log(_:_:metadata:)` or recorded straight into the console
/// logger, and the HTML ad card, fed ESC, BEL, CR, U+202E, U+2028 and `</td><script>`. The CLI and inspector
/// paths are in MediationCLITests' `WireTextHygieneTests`.
@Suite struct WireTextLogAndHTMLTests {
    /// What a crafted server puts in a value: clear the screen, ring the bell, return to the line's start, reverse
    /// the text, break the line, close a cell and open a script.
    static let payload = "\u{1B}[2J\u{7}\r\u{202E}\u{2028}</td><script>"
    /// The payload as a terminal line shows it.
    static let shownPayload = #"\u{1B}[2J\u{7}\u{D}\u{202E}\u{2028}</td><script>"#
    /// The payload as HTML shows it.
    static let htmlPayload = #"\u{1B}[2J\u{7}\u{D}\u{202E}\u{2028}&lt;/td&gt;&lt;script&gt;"#
    /// The characters of the payload that must never come out raw.
    static let forbidden: Set<UInt32> = [0x1B, 0x07, 0x0D, 0x202E, 0x2028]

    /// The forbidden characters in `text`, as hex.
    static func rawCharacters(in text: String) -> [String] {
        text.unicodeScalars.filter { forbidden.contains($0.value) }.map { String($0.value, radix: 16) }
    }

    @Test func aLoggedMessageItsMetadataAndTheRunsAdUnitReachEveryLoggerTerminalSafe() {
        let recording = RecordingLogger()
        let logger = recording.scoped(toRun: MediationRunID(number: 4), adUnit: "unit" + Self.payload)
        logger.log(
            .warning, "line 0: custom event 'Evil\(Self.payload)' is not registered",
            metadata: ["network": "Net" + Self.payload, "line": "0"])
        let entry = recording.entries.first
        #expect(entry?.message == "line 0: custom event 'Evil\(Self.shownPayload)' is not registered")
        #expect(entry?.metadata == ["network": "Net" + Self.shownPayload, "line": "0"])
        #expect(entry?.adUnit == "unit" + Self.shownPayload)
    }

    @Test func theConsoleLoggerPrintsAnEntryRecordedDirectlyAsOneSafeLine() {
        let printed = Locked<[String]>([])
        let console = ConsoleLogger(minimumLevel: .info) { line in printed.withLock { $0.append(line) } }
        console.record(
            MediationLogEntry(
                level: .warning, message: "seat \("s" + Self.payload) won\nmediation [info] forged",
                metadata: ["net" + Self.payload: "v" + Self.payload], runID: MediationRunID(number: 2),
                adUnit: "unit" + Self.payload))
        #expect(printed.current.count == 1)
        let line = printed.current.first ?? ""
        #expect(Self.rawCharacters(in: line).isEmpty && !line.contains("\n"), "\(line)")
        #expect(
            line
                == "mediation [warning] run-2 unit=unit\(Self.shownPayload): seat s\(Self.shownPayload) won"
                + #"\u{A}mediation [info] forged net"# + Self.shownPayload + "=v" + Self.shownPayload)
    }

    @Test func htmlEscapingShowsControlLineAndBidiCharactersThenEscapesMarkupByScalar() {
        #expect(HTMLNativeAdRenderer.escape("a" + Self.payload) == "a" + Self.htmlPayload)
        // A combining mark makes `"\u{301}` one character, yet the browser still ends an attribute at the quote.
        #expect(HTMLNativeAdRenderer.escape("x\"\u{301} onload='y'") == "x&quot;\u{301} onload=&#39;y&#39;")
        #expect(HTMLNativeAdRenderer.escape("<\u{338}b>") == "&lt;\u{338}b&gt;")
        #expect("para\u{2029}line\u{2028}".terminalSafe == #"para\u{2029}line\u{2028}"#)
    }

    @Test func theHTMLAdCardShowsHostileCreativeTextEscapedInEverySlot() throws {
        var properties = NativeAdProperties()
        let slots: [(NativeAdPropertyKey, String)] = [
            (.title, "Title"), (.text, "Body"), (.callToAction, "Go"), (.sponsored, "Sponsor"),
            (.disclaimer, "Disclaimer"), (.advertisingLabel, "Label"),
        ]
        for (key, name) in slots { try properties.setText(name + Self.payload + "x", for: key) }
        let card = HTMLNativeAdRenderer().htmlCard(for: properties, images: .placeholders)
        #expect(Self.rawCharacters(in: card).isEmpty, "\(Self.rawCharacters(in: card))")
        #expect(!card.contains("<script") && !card.contains("</td>"))
        #expect(card.contains("<h2 class=\"title\">Title\(Self.htmlPayload)x</h2>"))
        #expect(card.contains("<p class=\"text\">Body\(Self.htmlPayload)x</p>"))
        #expect(card.contains("<span class=\"cta\">Go\(Self.htmlPayload)x</span>"))
        #expect(card.contains("<p class=\"sponsored\">Sponsored by Sponsor\(Self.htmlPayload)x</p>"))
        #expect(card.contains("<p class=\"disclaimer\">Disclaimer\(Self.htmlPayload)x</p>"))
        #expect(card.contains("<span class=\"ad-badge\">Label\(Self.htmlPayload)x</span>"))
        let page = HTMLNativeAdRenderer().htmlPage(for: properties, title: "Native ad from seat" + Self.payload)
        #expect(page.contains("<title>Native ad from seat\(Self.htmlPayload)</title>"))
    }
}
