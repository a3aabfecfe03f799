import Foundation
import MediationVAST

/// The VAST documents in Fixtures/, written for these tests from the VAST 4.3 specification.
enum Fixture {
    static func data(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)")
        return try Data(contentsOf: url)
    }

    static func document(_ name: String) throws -> VASTDocument {
        try VASTParser().parse(data(name))
    }

    /// The error a document is refused with, or `nil` when it parses.
    static func refusal(_ text: String, limits: VASTParseLimits = .standard) -> VASTError? {
        refusal(Data(text.utf8), limits: limits)
    }

    static func refusal(_ data: Data, limits: VASTParseLimits = .standard) -> VASTError? {
        do {
            _ = try VASTParser(limits: limits).parse(data)
            return nil
        } catch {
            return error
        }
    }
}
