import Foundation
import Testing

@testable import MediationCLI

@Suite struct ValidateCommandTests {
    private func write(_ json: String) throws -> URL {
        let folder = TestPaths.freshTemporaryFolder("validate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("response.json")
        try Data(json.utf8).write(to: file)
        return file
    }

    @Test func validFileExitsZero() throws {
        let file = try write(DefaultAdResponse.embeddedJSON)
        #expect(ValidateCommand.run([file.path]) == 0)
    }

    @Test func invalidValueExitsOne() throws {
        let file = try write(
            #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-ad-timeout-ms": "abc"}}]}"#)
        #expect(ValidateCommand.run([file.path]) == 1)
    }

    @Test func missingFileAndBadUsage() {
        #expect(ValidateCommand.run(["/nonexistent/mediation/response.json"]) == 1)
        #expect(ValidateCommand.run([]) == 2)
        #expect(ValidateCommand.run(["a.json", "b.json"]) == 2)
    }
}
