import Foundation

/// Paths the CLI tests share.
enum TestPaths {
    /// The MediationKit checkout these tests run in.
    static let repositoryRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A fresh, not yet existing folder under the temporary directory.
    static func freshTemporaryFolder(_ label: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mediation-\(label)-\(UUID().uuidString)")
    }
}
