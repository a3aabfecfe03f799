import Foundation
import MediationBench
import MediationCore
import MediationNetworking
import MediationSupport

extension BodyCapBench {
    /// `mediation bench --body-cap [--body-bytes N] [--json]`, and its child
    /// `mediation bench --body-cap --child URL CAP WARM_UP_URL`. Exit status: 0 when every row met the target, 1
    /// otherwise, 2 for bad usage.
    static func run(_ arguments: [String]) -> Int32 {
        if let child = arguments.firstIndex(of: "--child") {
            let values = Array(arguments[(child + 1)...])
            guard values.count == 3, let url = URL(string: values[0]), let cap = Int(values[1]),
                let warmUp = URL(string: values[2])
            else {
                printError("mediation bench --body-cap --child: expects URL CAP WARM_UP_URL")
                return 2
            }
            return runChild(url: url, capBytes: cap, warmUp: warmUp)
        }
        var bodyBytes = 100_000_000
        var json = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--body-cap": break
            case "--json": json = true
            case "--body-bytes":
                guard let value = remaining.popFirst(), let count = Int(value), count >= 8 << 20 else {
                    printError("mediation bench: --body-bytes expects a whole number of at least 8388608")
                    return 2
                }
                bodyBytes = count
            default:
                printError("mediation bench --body-cap: unknown option '\(argument)' (takes --body-bytes N, --json)")
                return 2
            }
        }
        let bench: BodyCapBench
        do {
            bench = try measure(bodyBytes: bodyBytes) { printError($0) }
        } catch {
            printError("mediation bench: \(error)")
            return 1
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard let data = try? encoder.encode(bench) else {
                printError("mediation bench: cannot encode the report")
                return 1
            }
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(bench.table())
        }
        return bench.allWithinTarget ? 0 : 1
    }

    /// The child: fetches `warmUp`, prints `BASELINE_BYTES` (the peak so far), fetches `url` with the cap, prints
    /// `RESULT` and `MILLISECONDS`, waits for a line on standard input (the parent sends it once the server has
    /// seen the connection end) and prints `PEAK_BYTES`.
    static func runChild(url: URL, capBytes: Int, warmUp: URL) -> Int32 {
        let fetcher = HTTPFetcher(maxConcurrentRequests: 1)
        func fetch(_ url: URL, maxBytes: Int) -> String {
            let done = DispatchSemaphore(value: 0)
            let outcome = Locked("none")
            fetcher.get(url, timeout: .seconds(60), maxBytes: maxBytes) { result in
                let text =
                    switch result {
                    case .success(let response): "ok \(response.status) \(response.body.count) bytes"
                    case .failure(.tooLarge(let limit, let status)):
                        "too_large \(limit) status \(status.map(String.init) ?? "none")"
                    case .failure(let failure): "failed \(failure.reason)"
                    }
                outcome.withLock { $0 = text }
                done.signal()
            }
            done.wait()
            return outcome.withLock { $0 }
        }
        let warmUpResult = fetch(warmUp, maxBytes: capBytes)
        // Unbuffered, line by line: the parent reads each line before it answers.
        func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        guard warmUpResult.hasPrefix("ok 200") else {
            say("RESULT warm-up failed: \(warmUpResult)")
            return 1
        }
        say("BASELINE_BYTES \(ProcessMemory.peakResidentBytes.map(String.init) ?? "unknown")")
        let clock = ContinuousClock()
        let started = clock.now
        let result = fetch(url, maxBytes: capBytes)
        let elapsed = clock.now - started
        say("RESULT \(result)")
        say("MILLISECONDS \(elapsed.milliseconds)")
        _ = readLine()
        say("PEAK_BYTES \(ProcessMemory.peakResidentBytes.map(String.init) ?? "unknown")")
        return 0
    }
}
