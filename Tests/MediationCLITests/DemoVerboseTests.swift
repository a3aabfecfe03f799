import Foundation
import MediationCore
import MediationTesting
import Testing

@testable import MediationCLI

@Suite struct DemoVerboseTests {
    @Test func verboseIsAnOption() throws {
        #expect(try DemoCommand.parse(["--verbose"]).get()?.verbose == true)
        #expect(try DemoCommand.parse(["-v", "--json"]).get()?.verbose == true)
        #expect(try DemoCommand.parse([]).get()?.verbose == false)
        #expect(DemoCommand.usage.contains("--verbose"))
    }

    @Test func theDemoLogsEveryStepWithItsRunAndAdUnit() throws {
        let response = try AdResponse.parse(json: Data(DefaultAdResponse.embeddedJSON.utf8))
        let logger = RecordingLogger()
        _ = try DemoCommand.runWaterfall(response, strategy: .sequential, logger: logger)
        // The networks start before the run and belong to none: their entries name the network instead.
        let startup = logger.entries.filter { $0.message.hasPrefix("network start-up:") }
        #expect(!startup.isEmpty && startup.allSatisfy { $0.runID == nil && $0.metadata["network"] != nil })
        let entries = logger.entries.filter { !$0.message.hasPrefix("network start-up:") }
        #expect(entries.contains { $0.message.contains("won") })
        #expect(entries.contains { $0.message.hasPrefix("myTarget native banner") })
        #expect(entries.allSatisfy { $0.runID != nil && $0.adUnit == "demo-native-feed" })
        #expect(Set(entries.compactMap(\.runID)).count == 1)
    }
}
