import MediationCore
import MediationSupport
import Testing

@Suite struct TerminalSafeTextTests {
    @Test(arguments: [
        ("plain ascii", "plain ascii"),
        ("Реклама 18+ 広告", "Реклама 18+ 広告"),
        ("a\u{1B}[2Kb", "a\\u{1B}[2Kb"),
        ("bell\u{07}", "bell\\u{7}"),
        ("two\nlines\r", "two\\u{A}lines\\u{D}"),
        ("tab\there", "tab\\u{9}here"),
        ("del\u{7F}c1\u{9B}", "del\\u{7F}c1\\u{9B}"),
        ("rlo\u{202E}evil\u{2066}x\u{2069}\u{200F}\u{061C}", "rlo\\u{202E}evil\\u{2066}x\\u{2069}\\u{200F}\\u{61C}"),
    ])
    func controlAndBidiCharactersAreEscaped(raw: String, shown: String) {
        #expect(raw.terminalSafe == shown)
    }

    @Test func traceTableEscapesServerValues() {
        let entry = MediationTraceEntry(
            line: 0, page: 0, customEvent: "Evil\u{1B}[2K", network: "net\nvalid: 1 line", start: .zero,
            duration: .zero, result: .noFill)
        let trace = MediationTrace(entries: [entry], outcome: "no_fill", notes: ["note\u{202E}txt"])
        let table = trace.table()
        #expect(!table.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(table.contains("Evil\\u{1B}[2K"))
        #expect(!table.split(separator: "\n").contains { $0.hasPrefix("valid:") })
    }
}
