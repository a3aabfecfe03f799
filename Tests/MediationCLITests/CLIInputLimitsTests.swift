import Foundation
import MediationCore
import Testing

@testable import MediationCLI

#if canImport(Glibc)
    import Glibc
#endif

/// In the CLI: `validate` looks at a file's size and kind before reading it and reads it with
/// a bounded read; `validate` and `demo --json` print a bounded amount whatever the response.
@Suite struct CLIInputLimitsTests {
    static let limit = AdResponseLimits.default.maximumResponseBytes

    private func folder() throws -> URL {
        let folder = TestPaths.freshTemporaryFolder("input-limits")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aThreeGigabyteFileIsRefusedFromItsSizeWithoutBeingRead() throws {
        let file = try folder().appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("{".utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 3 << 30)  // sparse: nothing is written
        try handle.close()
        #expect(throws: BoundedFileRead.Failure.tooLarge(size: 3 << 30, limit: Self.limit)) {
            try BoundedFileRead.read(file.path, limit: Self.limit)
        }
        #expect(ValidateCommand.run([file.path]) == 1)
    }

    @Test func aFileOfExactlyTheLimitIsReadAndOneByteMoreIsNot() throws {
        let file = try folder().appendingPathComponent("edge.json")
        try Data(repeating: 0x20, count: Self.limit).write(to: file)
        #expect(try BoundedFileRead.read(file.path, limit: Self.limit).count == Self.limit)
        try Data(repeating: 0x20, count: Self.limit + 1).write(to: file)
        #expect(throws: BoundedFileRead.Failure.tooLarge(size: Self.limit + 1, limit: Self.limit)) {
            try BoundedFileRead.read(file.path, limit: Self.limit)
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = try folder().appendingPathComponent("pipe.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: BoundedFileRead.Failure.notARegularFile("a FIFO")) {
            try BoundedFileRead.read(fifo.path, limit: Self.limit)
        }
        #expect(ValidateCommand.run([fifo.path]) == 1)
    }

    @Test func devicesAndDirectoriesAreRefused() throws {
        #expect(throws: BoundedFileRead.Failure.notARegularFile("a character device")) {
            try BoundedFileRead.read("/dev/zero", limit: Self.limit)
        }
        #expect(throws: BoundedFileRead.Failure.notARegularFile("a directory")) {
            try BoundedFileRead.read(try folder().path, limit: Self.limit)
        }
        #expect(ValidateCommand.run(["/dev/zero"]) == 1)
        let reason = BoundedFileRead.Failure.notARegularFile("a FIFO").reason
        #expect(reason == "not a regular file (a FIFO); only regular files are read")
    }

    /// `count` entries whose custom-event name is a number: each is dropped with one error.
    static func invalidEntries(_ count: Int) -> Data {
        let entry = #"{"metadata": {"x-custom-event-class-name": 5}}"#
        return Data((#"{"ad-responses": ["# + Array(repeating: entry, count: count).joined(separator: ",") + "]}").utf8)
    }

    @Test func validatePrintsAtMostAHundredProblems() {
        let report = ValidateCommand.report(for: Self.invalidEntries(1_000))
        #expect(report.status == 1)
        #expect(report.output.count == ValidateCommand.maximumProblemsShown + 2)
        #expect(report.output[100] == "… and 900 more")
        #expect(report.output.last?.hasPrefix("invalid: 1000 errors (1000 entries dropped") == true)
    }

    @Test func demoJSONListsAtMostAHundredDroppedEntries() throws {
        let response = try AdResponse.parse(json: Self.invalidEntries(1_000))
        #expect(response.droppedEntries.count == 1_000)
        let outcome = try DemoCommand.runWaterfall(response, strategy: .default)
        let json = outcome.jsonReport(strategy: .default)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["droppedEntries"] as? [Any])?.count == DemoReport.maximumListed)
        #expect(object["droppedEntriesNotListed"] as? Int == 900)
        #expect(json.utf8.count < 200_000)
    }
}
