import Foundation

/// The loopback server of `mediation bench --body-cap`: a small Python 3 HTTP server on 127.0.0.1 that sends bodies
/// without `Content-Length` and says how much of each it sent.
///
/// `GET /body?bytes=N&framing=chunked|close` answers N bytes of "x", made as they are sent (chunked,
/// or until the server closes), through a 64 KiB send buffer so that what the kernel took is close to what the
/// client read. When a send ends, the server prints `SENT PATH BYTES CLOSED_EARLY` (1 when the client closed the
/// connection before the end). It exits when its standard input closes.
final class BodyCapBenchServer {
    /// Why the server could not be started.
    struct StartError: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// What the server sent on one request.
    struct Sent {
        /// Body bytes the kernel took before the send ended.
        var bytes: Int
        /// Whether the client closed the connection before the end of the body.
        var closedEarly: Bool
    }

    /// The server's program.
    static let script = #"""
        import socket, sys, threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from urllib.parse import parse_qs, urlparse

        output = threading.Lock()

        def say(text):
            with output:
                sys.stdout.write(text + "\n")
                sys.stdout.flush()

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *args):
                pass

            def do_GET(self):
                query = parse_qs(urlparse(self.path).query)
                size = int(query.get("bytes", ["100000000"])[0])
                chunked = query.get("framing", ["close"])[0] == "chunked"
                if chunked:
                    self.protocol_version = "HTTP/1.1"
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65536)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                if chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                piece = b"x" * 65536
                sent, closed = 0, 0
                try:
                    while sent < size:
                        part = piece[:min(len(piece), size - sent)]
                        self.wfile.write(b"%x\r\n" % len(part) + part + b"\r\n" if chunked else part)
                        sent += len(part)
                    if chunked:
                        self.wfile.write(b"0\r\n\r\n")
                except OSError:
                    closed = 1
                self.close_connection = True
                say("SENT %s %d %d" % (self.path, sent, closed))

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        say("PORT %d" % server.server_address[1])
        sys.stdin.read()
        """#

    /// The port the server listens on.
    let port: Int
    private let process: Process
    private let input: Pipe
    private let output: PipeLineReader

    /// Starts the server with `python3` from the `PATH`.
    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        input = Pipe()
        let stdout = Pipe()
        process.standardInput = input
        process.standardOutput = stdout
        do {
            try process.run()
        } catch {
            throw StartError(description: "cannot start python3 for the loopback server: \(error)")
        }
        output = PipeLineReader(stdout.fileHandleForReading)
        guard let portText = output.nextValue("PORT"), let port = Int(portText) else {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            throw StartError(description: "the loopback server did not start (is python3 installed?)")
        }
        self.port = port
    }

    /// The URL of a body of `bytes` bytes framed as `framing` (`chunked` or `close`); `tag` tells requests apart.
    func url(bytes: Int, framing: String, tag: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/body?bytes=\(bytes)&framing=\(framing)&tag=\(tag)")!
    }

    /// Waits until the send of `url` ends and says what was sent; `nil` when the server stopped first.
    func waitForSend(of url: URL) -> Sent? {
        let path = url.path + (url.query.map { "?" + $0 } ?? "")
        while let line = output.nextValue("SENT") {
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == path, let bytes = Int(words[1]) else { continue }
            return Sent(bytes: bytes, closedEarly: words[2] == "1")
        }
        return nil
    }

    /// Stops the server (it exits when its standard input closes) and waits for it.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
