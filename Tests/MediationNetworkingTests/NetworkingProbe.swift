import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The NetworkingProbe executable (Tests/NetworkingProbe), run as a child process: memory is measured apart
/// from the test runner, and a SIGKILL hits a real process.
final class NetworkingProbe: Sendable {
    struct ProbeError: Error, CustomStringConvertible {
        var description: String
    }

    /// What a finished probe printed, keyed by the first word of each line.
    struct Report: Sendable {
        var lines: [String]

        func value(_ key: String) -> String? {
            lines.last { $0.hasPrefix(key + " ") }.map { String($0.dropFirst(key.count + 1)) }
        }

        /// The peak resident memory above the memory at start, in MiB.
        var peakGrowthMiB: Double {
            let start = Double(value("RSS_START_KB") ?? "") ?? .nan
            let peak = Double(value("RSS_PEAK_KB") ?? "") ?? .nan
            return (peak - start) / 1024
        }

        /// The peak resident memory above the peak after the probe's warm-up request (`fetch URL MAXBYTES WARMUP`),
        /// in MiB: what the request cost beyond a process that has already made one.
        var peakOverBaselineMiB: Double {
            let baseline = Double(value("RSS_BASELINE_KB") ?? "") ?? .nan
            let peak = Double(value("RSS_PEAK_KB") ?? "") ?? .nan
            return (peak - baseline) / 1024
        }

        var elapsedMilliseconds: Int { Int(value("ELAPSED_MS") ?? "") ?? -1 }
        /// Whether the probe runs under a sanitizer, whose shadow memory makes memory figures meaningless.
        var isSanitized: Bool { (value("SANITIZER") ?? "none") != "none" }
        var result: String { value("RESULT") ?? "none" }
    }

    /// The probe binary, beside the test bundle in the build's products directory.
    static var executable: URL {
        let runner = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0])
        return runner.deletingLastPathComponent().appendingPathComponent("NetworkingProbe")
    }

    let process: Process
    private let input: Pipe
    private let output: LineReader

    private init(process: Process, input: Pipe, output: LineReader) {
        self.process = process
        self.input = input
        self.output = output
    }

    /// Starts the probe with `arguments`.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], launcher: [String] = [],
        executable: URL = NetworkingProbe.executable
    ) throws -> NetworkingProbe {
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // The probe ends with `exit` while transfers may still be in flight: LeakSanitizer's report at that moment
        // says nothing about the library, so it is off in the child (the test runner keeps its own).
        merged["ASAN_OPTIONS"] = [merged["ASAN_OPTIONS"], "detect_leaks=0"].compactMap { $0 }.joined(separator: ":")
        process.environment = merged
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        return NetworkingProbe(process: process, input: input, output: LineReader(output.fileHandleForReading))
    }

    /// Runs the probe to its end and returns what it printed.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], launcher: [String] = [],
        executable: URL = NetworkingProbe.executable
    ) async throws -> Report {
        let probe = try start(arguments, environment: environment, launcher: launcher, executable: executable)
        try? probe.input.fileHandleForWriting.close()
        var lines: [String] = []
        while let line = await probe.output.nextLine() { lines.append(line) }
        probe.process.waitUntilExit()
        return Report(lines: lines)
    }

    /// Waits for a line that starts with `prefix`; `nil` when the probe ended first.
    func waitForLine(startingWith prefix: String) async -> String? {
        while let line = await output.nextLine() {
            if line.hasPrefix(prefix) { return line }
        }
        return nil
    }

    /// Kills the probe with SIGKILL and waits for it.
    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
    }

    /// Closes the probe's standard input (it ends its work and exits) and waits for it.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
