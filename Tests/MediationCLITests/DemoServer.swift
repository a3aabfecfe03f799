import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `scripts/serve-demo.sh` on a free loopback port, stopped when the test lets go of it.
final class DemoServer {
    let process = Process()
    let port: Int

    init() async throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [TestPaths.repositoryRoot + "/scripts/serve-demo.sh", "0"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var data = Data()
                while !data.contains(UInt8(ascii: "\n")) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            }
        }
        port = try #require(Int(line.split(separator: "\n").first?.dropFirst("PORT ".count) ?? ""))
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// Every request the server recorded, in order: path, method and (for a POST) body.
    func hits() async throws -> [[String: Any]] {
        let hitsURL = try #require(URL(string: "http://127.0.0.1:\(port)/_hits"))
        let (data, _) = try await URLSession.shared.data(from: hitsURL)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// The query items of every `/ad/` request the server recorded.
    func adRequestQueries() async throws -> [[String: String]] {
        let hitsURL = try #require(URL(string: "http://127.0.0.1:\(port)/_hits"))
        let (data, _) = try await URLSession.shared.data(from: hitsURL)
        let hits = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return hits.compactMap { $0["path"] as? String }.filter { $0.hasPrefix("/ad/") }.map { path in
            let items = URLComponents(string: path)?.queryItems ?? []
            return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        }
    }
}
