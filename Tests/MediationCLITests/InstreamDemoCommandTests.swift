import Foundation
import MediationConformance
import MediationCore
import Testing

@testable import MediationCLI

@Suite struct InstreamDemoCommandTests {
    @Test(arguments: [InstreamAdFormat.video, .audio])
    func demoPlaysPrerollMidrollAndPostrollInOrder(format: InstreamAdFormat) {
        let lines = InstreamDemoCommand.transcript(for: format)
        let sections = lines.filter { $0.contains("section complete") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(
            sections == ["section complete preroll", "section complete midroll", "section complete postroll"])
        // The waterfall picked the source: the house line had no ad, myTarget's line won.
        #expect(lines.contains { $0.contains("HouseInstream") && $0.contains("no_fill") })
        #expect(lines.contains { $0.contains("MyTargetInstream") && $0.contains("loaded  <- winner") })
        let starts = lines.indices.filter { lines[$0].contains("banner start") }
        let completes = lines.indices.filter { lines[$0].contains("banner complete") }
        #expect(starts.count == 4)
        #expect(zip(starts, completes).allSatisfy { $0 < $1 })
    }

    @Test func badFormatIsAUsageError() async {
        #expect(await DemoCommand.run(["instream", "--format", "hologram"]) == 2)
        #expect(await DemoCommand.run(["--instream", "--format", "audio"]) == 0)
    }
}

@Suite struct InstreamConformanceCommandTests {
    @Test func bothInstreamAdaptersPassAndAreRendered() {
        let reports = BuiltInConformanceSubjects.instream.map { InstreamConformanceKit.run($0, strict: true) }
        #expect(
            reports.map(\.customEventIdentifier) == [
                "MyTargetInstreamVideoCustomEvent", "MyTargetInstreamAudioCustomEvent",
            ])
        #expect(reports.allSatisfy { $0.passed })
        let text = ConformanceCommand.renderInstream(reports)
        #expect(text.contains("2 of 2 in-stream adapter(s) passed every in-stream conformance check"))
        #expect(text.contains("instream_companion_trackers_once"))
    }
}
