import Foundation
import MediationCore
import MediationSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The loopback HTTP server of Fixtures/loopback_server.py, run as a child process on 127.0.0.1 and a free port.
///
/// Use ``run(_:)``: it starts the server, runs the body and stops the server whatever the body does.
final class LoopbackServer: Sendable {
    /// One recorded request.
    struct Hit: Decodable, Sendable {
        /// The request path with its query.
        var path: String
        /// The request method.
        var method: String?
        /// The `X-Ping-ID` header, when sent.
        var pingID: String?
        /// The `Accept-Encoding` header, when sent.
        var acceptEncoding: String?
        /// The body of a POST.
        var body: String?
        /// `true` on the extra hit `/slow` records when the client closed the connection before the answer, and on
        /// the one `/stream` records when the client closed it before the end of the body.
        var closedEarly: Bool?
        /// On the extra hit `/stream` records when its send ends: the body bytes the server's kernel took.
        var sentBytes: Int?
    }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let process: Process
    private let input: FileHandle
    private let output: LineReader

    private init(port: Int, process: Process, input: FileHandle, output: LineReader) {
        self.port = port
        self.process = process
        self.input = input
        self.output = output
    }

    /// Starts a server, runs `body`, stops the server.
    static func run<T: Sendable>(_ body: (LoopbackServer) async throws -> T) async throws -> T {
        let server = try await start()
        do {
            let value = try await body(server)
            server.stop()
            return value
        } catch {
            server.stop()
            throw error
        }
    }

    private static func start() async throws -> LoopbackServer {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/loopback_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let reader = LineReader(stdout.fileHandleForReading)
        let line = await reader.nextLine()
        guard let line, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw ServerError(description: "loopback server did not start (first line: \(line ?? "none"))")
        }
        return LoopbackServer(port: port, process: process, input: stdin.fileHandleForWriting, output: reader)
    }

    /// The URL of `path` (with its query) on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Closes the listening socket: connections are refused until ``accept()``.
    func refuse() async throws { try await command("refuse") }

    /// Listens again on the same port.
    func accept() async throws { try await command("accept") }

    /// Every request recorded so far, in arrival order.
    func hits() async throws -> [Hit] {
        let (data, _) = try await URLSession.shared.data(from: url("/_hits"))
        return try JSONDecoder().decode([Hit].self, from: data)
    }

    /// Waits until the server records `count` hits whose paths start with `prefix` (and that closed their
    /// connection early, when `closedEarly`), at most `timeout`; `true` when it did. The server blocks the answer,
    /// so the test does not poll.
    func waitForHit(
        startingWith prefix: String, closedEarly: Bool = false, count: Int = 1, timeout: Duration
    ) async throws -> Bool {
        var components = URLComponents(url: url("/_wait"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "prefix", value: prefix),
            URLQueryItem(name: "closedEarly", value: closedEarly ? "1" : "0"),
            URLQueryItem(name: "count", value: String(count)),
            URLQueryItem(name: "timeout", value: String(Double(timeout.components.seconds))),
        ]
        guard let waitURL = components?.url else { return false }
        var request = URLRequest(url: waitURL)
        request.timeoutInterval = Double(timeout.components.seconds) + 10
        let (data, _) = try await URLSession.shared.data(for: request)
        struct Answer: Decodable { var found: Bool }
        return try JSONDecoder().decode(Answer.self, from: data).found
    }

    /// The recorded request paths that start with `prefix`.
    func paths(startingWith prefix: String) async throws -> [String] {
        try await hits().map(\.path).filter { $0.hasPrefix(prefix) }
    }

    private func command(_ text: String) async throws {
        input.write(Data((text + "\n").utf8))
        let answer = await output.nextLine()
        guard answer == "ok" else {
            throw ServerError(description: "server answered \(answer ?? "nothing") to \(text)")
        }
    }

    /// Closes the server's standard input, on which it exits by itself. It is not killed: Foundation's
    /// `Process` leaks a little for every child that dies by a signal, which LeakSanitizer would report.
    private func stop() {
        try? input.close()
        process.waitUntilExit()
    }
}

/// Reads lines from a pipe without blocking a Swift concurrency thread.
final class LineReader: Sendable {
    private let handle: FileHandle
    private let buffer = Locked(Data())

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next line, or `nil` at the end of the stream.
    func nextLine() async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [self] in
                continuation.resume(returning: readLineBlocking())
            }
        }
    }

    private func readLineBlocking() -> String? {
        while true {
            let line = buffer.withLock { buffer -> String? in
                guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            if let line { return line }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.withLock { $0.append(chunk) }
        }
    }
}
