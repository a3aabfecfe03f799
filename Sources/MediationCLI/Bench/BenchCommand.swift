import Foundation
import MediationBench
import MediationCore

/// `mediation bench`: runs every strategy, the oracle and the same-winner bound over a seeded workload on a
/// virtual clock and prints the figures (docs/performance.md).
enum BenchCommand {
    static let usage = """
        usage: mediation bench [--workload FILE|NAME] [--requests N] [--seed S] [--json] [--svg FILE] [--overhead]
                               [--scale N] [--scale-clock virtual|continuous] [--strategy SPEC]... [--frontier]
                               [--journal] [--limit] [--heap-stages] [--vast [--vast-samples DIR]] [--body-cap]
                               [--openrtb] [--inspector-entries N] [--feed [--sessions N] [--ready-ads N]]
                               [--cliffs]
               mediation bench --generate N [--seed S] [--requests N] [--strategy SPEC]... [--limit] [--frontier]
                               [--json]

        Simulates a workload through the real engine on a virtual clock: a JSON file, a shipped one
        (\(BenchWorkload.builtInNames.joined(separator: ", ")); many-hangs by default) or generated:SEED (a random
        realistic one). A workload with phases (its world changes at given requests) also reports, per change,
        how many loads the default takes to get back within 3 % of the new world's limit. Runs sequential, the default and fixed hedged strategies, and prints fill rate, revenue,
        time to fill (p50/p95/p99, against the same-winner bound and the oracle), requests per load and winner
        mismatches against sequential.
          --requests N   simulate N requests instead of the workload's count
          --seed S       draw the outcomes from seed S instead of the workload's
          --json         print one JSON object instead of tables
          --svg FILE     write the time-to-fill CDF of every strategy as an SVG
          --overhead     also time the engine per line and per 10-line load against a bare loop (use a
                         release build; medians of 7 runs of 2,000 loads, ratios per run)
          --scale N      also start N loads at once on one virtual clock and report wall time and memory, and
                         time where a line's cost used to jump (the figures of --cliffs; use a release build)
          --scale-clock virtual|continuous
                         the clock of --scale (virtual by default; continuous waits out real latencies)
          --strategy SPEC
                         run only these strategies (repeatable; sequential is always added): sequential, default,
                         adaptive, adaptive:BUDGET, hedged:DELAY_MS:MAX_IN_FLIGHT,
                         latency:BUDGET_MS[:REVENUE_TOLERANCE], early[:REVENUE_TOLERANCE]
          --frontier     also run every hedged(d, k), d in 0, 100, 200, 300, 500, 750, 1000 ms and k in 1...8, and
                         report whether any is both faster at p50 and cheaper in requests than adaptive
          --limit        also search the policies that know the workload's distributions but not a load's
                         outcomes (schedules, bursts of m lines then k in flight, per-line start times, hedges;
                         trained on seed + 1, apart from the draws scored) and print the frontier of p50, p95 and
                         requests, each strategy's distance to it at its own cost and the best rule at that cost
          --generate N   run N generated workloads (generated:SEED, their seeds drawn from --seed S, 1 by
                         default, never a tuning seed 1...5) instead of one; prints each report and a summary
                         of the default against the limit; with --json, a JSON array of the N reports
          --heap-stages  also read the malloc heap per in-flight load at each stage of a load's life (first
                         line, each hedge, held ads), what a kept MediationRun holds after its load ends, and
                         the same hanging world under the default strategy
          --journal      also time NativeAd.recordImpression() with a journaled tracker pinger (the append that
                         makes an impression durable before the call returns) and a 50-bidder auction's load
                         (its notices journaled before the result), for both durability policies
          --vast         only time VAST parsing: the model against a bare XMLParser pass on the same bytes (a
                         generated ad, a generated 200 KB pod, and each .xml of --vast-samples DIR), and what a
                         5-wrapper chain adds beyond its fetches; with --openrtb, the OpenRTB figures too
          --openrtb      also time OpenRTB Native markup to a unified ad against JSONSerialization over the same
                         bytes, and a bid request built against JSONEncoder over the same request (docs/openrtb.md)
          --inspector-entries N
                         only time the mediation inspector on a synthetic trace of N entries: encode it as JSON,
                         decode it and render the page (medians of 3 runs; seconds and µs per entry; --seed S
                         draws another trace; --json prints the figures as JSON)
          --body-cap     only measure body caps without Content-Length: a loopback server (python3) sends a
                         100 MB body, chunked and until close, to a fresh process per cap (1 MiB, 4 MiB) that
                         fetches it through the HTTP fetcher; prints peak RSS over the process's baseline and
                         exits 1 unless each stays within the cap + 8 MB (--body-bytes N sends N bytes; --json)
          --feed         only simulate users scrolling a feed (seeded scroll speed and session length, an ad at
                         row 2 then every 6 rows) under the default strategy (or the first --strategy): time to
                         show on demand against a ReadyAdCache, requests per shown ad, ads expired unshown, the
                         cache's heap (docs/ready-ads.md); --sessions N (100 by default) and --ready-ads N (2)
          --cliffs       only the cost cliffs of --scale (use a release build; medians of 5 runs): CPU
                         per line with 10, 256, 1,000 and 10,000 distinct network names in rotation through one
                         mediator's shared statistics store, and per line of a 50-bidder auction as bids (win,
                         loss and billing notices) against the same lines without bids; bytes allocated too with
                         scripts/allocation-counter.c preloaded (--json prints the figures as JSON)
        Progress goes to standard error. Exit status: 0 done, 1 failed, 2 bad usage.
        """

    struct Options {
        var workload = "many-hangs"
        var requests: Int?
        var seed: UInt64?
        var json = false
        var svgPath: String?
        var scale: Int?
        var overhead = false
        var scaleClock = BenchScaleReport.ClockKind.virtual
        var strategies: [BenchStrategy] = []
        var frontier = false
        var journal = false
        var limit = false
        var heapStages = false
        var vast = false
        var vastSamples: String?
        var openRTB = false
        /// The trace size of `--inspector-entries N`: only the inspector is timed.
        var inspectorEntries: Int?
        /// `--feed`: only the feed simulation, over `sessions` sessions with `readyAds` ready ads.
        var feed = false
        var sessions = 100
        var readyAds = 2
        /// `--cliffs`: only the many-networks and auction cost figures (which `--scale` measures too).
        var cliffs = false
        /// `--workload` was given.
        var workloadGiven = false
        /// `--generate N`: N generated workloads instead of one.
        var generate: Int?
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let problem):
            printError("mediation bench: \(problem.message)\n\n\(usage)")
            return 2
        }
        if let entries = options.inspectorEntries { return runInspector(entries: entries, options: options) }
        if options.cliffs { return runCliffs(options: options) }
        if let count = options.generate { return runGenerated(count: count, options: options) }
        var workload: BenchWorkload
        switch loadWorkload(options.workload) {
        case .success(let loaded): workload = loaded
        case .failure(let problem):
            printError("mediation bench: \(problem.message)")
            return 1
        }
        if let requests = options.requests { workload.requests = requests }
        if let seed = options.seed { workload.seed = seed }
        do {
            try workload.validate()
        } catch {
            printError("mediation bench: \(options.workload): \(error)")
            return 1
        }
        if options.feed { return runFeed(workload: workload, options: options) }
        let benchRun: BenchRun
        do {
            let strategies = options.strategies.isEmpty ? BenchStrategy.standardSet : options.strategies
            benchRun = try BenchRun(workload: workload, strategies: strategies) { line in printError(line) }
        } catch {
            printError("mediation bench: \(error)")
            return 1
        }
        var report = benchRun.report
        report.recovery = BenchRecovery(run: benchRun) { line in printError(line) }
        if options.frontier {
            do {
                report.frontier = try BenchFrontier(run: benchRun) { line in printError(line) }
            } catch {
                printError("mediation bench: \(error)")
                return 1
            }
        }
        if options.limit {
            report.attach(BenchLimit(run: benchRun) { line in printError(line) })
        }
        if options.overhead {
            do {
                report.overhead = try BenchOverheadReport.measure { line in printError(line) }
            } catch {
                printError("mediation bench: \(error)")
                return 1
            }
        }
        if options.heapStages {
            printError("bench: heap per in-flight load by stage")
            report.heapStages = BenchHeapStages.measure()
        }
        if let loads = options.scale {
            printError("bench \(workload.name): scale, \(loads) concurrent loads on the \(options.scaleClock) clock")
            report.scale = BenchScaleReport.measure(
                world: benchRun.world, loads: loads, strategy: .default, clock: options.scaleClock)
            do {
                report.cliffs = try BenchCliffsReport.measure { line in printError(line) }
            } catch {
                printError("mediation bench: \(error)")
                return 1
            }
        }
        if let svgPath = options.svgPath {
            do {
                try Data(BenchCDFChart.svg(benchRun, frontier: report.frontier).utf8).write(
                    to: URL(fileURLWithPath: svgPath))
            } catch {
                printError("mediation bench: cannot write \(svgPath): \(fileErrorReason(error))")
                return 1
            }
        }
        var journal: JournalBench?
        if options.journal {
            do {
                journal = try JournalBench.measure { line in printError(line) }
            } catch {
                printError("mediation bench: \(error)")
                return 1
            }
        }
        let openRTB = options.openRTB ? try? OpenRTBBench.measure { line in printError(line) } : nil
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard var data = try? encoder.encode(report) else {
                printError("mediation bench: cannot encode the report")
                return 1
            }
            if let journal, let journalData = try? encoder.encode(journal),
                var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let journalObject = try? JSONSerialization.jsonObject(with: journalData)
            {
                object["journal"] = journalObject
                data =
                    (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
                    ?? data
            }
            if let openRTB, let openRTBData = try? encoder.encode(openRTB),
                var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let openRTBObject = try? JSONSerialization.jsonObject(with: openRTBData)
            {
                object["openrtb"] = openRTBObject
                data =
                    (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
                    ?? data
            }
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(report.table())
            if let frontier = report.frontier { print("\n" + frontier.table()) }
            if let limit = report.limit { print("\n" + limit.table()) }
            if let recovery = report.recovery { print("\n" + recovery.table()) }
            if let overhead = report.overhead { print("\n" + overheadText(overhead)) }
            if let scale = report.scale { print("\n" + scaleText(scale)) }
            if let cliffs = report.cliffs { print("\n" + cliffsText(cliffs)) }
            if let stages = report.heapStages { print("\n" + heapStagesText(stages)) }
            if let journal { print("\n" + journal.table()) }
            if let openRTB { print("\n" + openRTB.table()) }
        }
        return 0
    }

    static func overheadText(_ overhead: BenchOverheadReport) -> String {
        let rows = [
            "| setup | µs per 10-line load | µs per line | × bare loop |", "| --- | --- | --- | --- |",
            "| engine, plain lines (continuous clock, default strategy) | "
                + String(
                    format: "%.1f | %.2f | %.1f |", overhead.usPer10LineLoad, overhead.usPerLineAttempt,
                    overhead.bareLoopRatio),
            "| engine, lines parsed from MoPub JSON with trackers | "
                + String(
                    format: "%.1f | %.2f | %.1f |", overhead.mopubUsPer10LineLoad,
                    overhead.mopubUsPer10LineLoad / Double(overhead.linesPerLoad), overhead.mopubBareLoopRatio),
            "| engine, plain lines, adaptive strategy (learning included) | "
                + String(
                    format: "%.1f | %.2f | %.1f |", overhead.adaptiveUsPer10LineLoad ?? .nan,
                    (overhead.adaptiveUsPer10LineLoad ?? .nan) / Double(overhead.linesPerLoad),
                    overhead.adaptiveBareLoopRatio ?? .nan),
            "| bare loop | "
                + String(
                    format: "%.1f | %.2f | 1.0 |", overhead.bareLoopUsPerLoad,
                    overhead.bareLoopUsPerLoad / Double(overhead.linesPerLoad)),
        ]
        var own = String(format: "engine's own cost per 10-line load: %.1f µs", overhead.engineOwnUsPerLoad ?? .nan)
        if let allocations = overhead.allocationsPerLoad, let bytes = overhead.bytesAllocatedPerLoad,
            let bareAllocations = overhead.bareLoopAllocationsPerLoad,
            let bareBytes = overhead.bareLoopBytesAllocatedPerLoad
        {
            own += String(
                format: ", %.1f allocations and %.0f bytes (engine %.1f / %.0f, bare loop %.1f / %.0f)",
                allocations - bareAllocations, bytes - bareBytes, allocations, bytes, bareAllocations, bareBytes)
        } else {
            own += " (allocations: preload scripts/allocation-counter.c to count them)"
        }
        return "overhead (medians of \(overhead.runs) runs of \(overhead.loadsPerRun) loads):\n"
            + rows.joined(separator: "\n") + "\n" + own
    }

    static func heapStagesText(_ stages: BenchHeapStages) -> String {
        func bytes(_ value: Double?) -> String { value.map { String(format: "%.0f", $0) } ?? "–" }
        var rows = [
            "heap per in-flight load (\(stages.loads) loads at once):", "",
            "| stage | lines in flight | ads held | heap bytes | simulated networks | engine |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for stage in stages.stages + (stages.defaultStrategyStages ?? []) {
            rows.append(
                "| \(stage.name) | \(stage.linesInFlight) | \(stage.heldAds) | \(bytes(stage.heapBytesPerLoad)) | "
                    + "\(bytes(stage.networkHeapBytesPerLoad)) | \(bytes(stage.engineHeapBytesPerLoad)) |")
        }
        rows += [
            "",
            "a kept MediationRun after its load ended: \(bytes(stages.finishedHandleBytes)) bytes "
                + "(\(stages.completed)/\(stages.loads) loads completed)",
        ]
        return rows.joined(separator: "\n")
    }

    static func scaleText(_ scale: BenchScaleReport) -> String {
        let peak = scale.peakRSSBytes.map { String(format: "%.1f MB", Double($0) / 1_048_576) } ?? "unknown"
        let perLoad = scale.bytesPerInFlightLoad.map { String(format: "%.0f bytes", $0) } ?? "unknown"
        var heap = ""
        if let total = scale.heapBytesPerInFlightLoad {
            heap = String(format: " (heap %.0f", total)
            if let network = scale.networkHeapBytesPerInFlightLoad, let engine = scale.engineHeapBytesPerInFlightLoad {
                heap += String(format: ": engine %.0f, simulated networks %.0f", engine, network)
            }
            heap += ")"
        }
        return "scale (\(scale.clock) clock): \(scale.completed)/\(scale.loads) loads completed in "
            + String(format: "%.2f s", scale.wallSeconds) + "; peak RSS \(peak); \(perLoad)\(heap) per in-flight load"
            + (scale.peakThreads.map { "; at most \($0) threads" } ?? "")
    }

    /// `mediation bench --vast`: only the VAST parse figures (async: the wrapper chain is resolved).
    static func runVAST(_ arguments: [String]) async -> Int32 {
        guard case .success(let options) = parse(arguments) else { return run(arguments) }
        do {
            let bench = try await VASTBench.measure(samplesDirectory: options.vastSamples) { printError($0) }
            print(bench.table())
            if options.openRTB {
                print("\n" + (try OpenRTBBench.measure { line in printError(line) }).table())
            }
            return 0
        } catch {
            printError("mediation bench: \(fileErrorReason(error))")
            return 1
        }
    }

    /// `mediation bench --inspector-entries N`: only the inspector's figures.
    static func runInspector(entries: Int, options: Options) -> Int32 {
        printReport(
            options: options, text: { $0.table() },
            measure: { try BenchInspectorReport.measure(entries: entries, seed: options.seed ?? 1) { printError($0) } })
    }

    /// Measures a report with `measure` and prints it as JSON (with `--json`) or as `text` gives it; 1 when the
    /// measurement fails or the report does not encode, naming why.
    static func printReport<Report: Encodable>(
        options: Options, text: (Report) -> String, measure: () throws -> Report
    ) -> Int32 {
        let report: Report
        do {
            report = try measure()
        } catch {
            printError("mediation bench: \(error)")
            return 1
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard let data = try? encoder.encode(report) else {
                printError("mediation bench: cannot encode the report")
                return 1
            }
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(text(report))
        }
        return 0
    }

    /// `mediation bench --cliffs`: only the many-networks and auction cost figures of `--scale`.
    static func runCliffs(options: Options) -> Int32 {
        printReport(
            options: options, text: cliffsText, measure: { try BenchCliffsReport.measure { printError($0) } })
    }

    static func cliffsText(_ report: BenchCliffsReport) -> String {
        func bytes(_ value: Double?) -> String { value.map { String(format: "%.0f", $0) } ?? "–" }
        var rows = [
            "many networks (\(report.linesPerLoad)-line loads, one mediator, store of \(report.storeCapacity); "
                + "medians of \(report.runs) runs of \(report.loadsPerRun) loads):", "",
            "| distinct network names | µs per line | × the first row | bytes allocated per line | networks stored |",
            "| --- | --- | --- | --- | --- |",
        ]
        let first = report.networks.first?.usPerLine ?? .nan
        for row in report.networks {
            rows.append(
                "| \(row.networks) | " + String(format: "%.2f | %.2f", row.usPerLine, row.usPerLine / first)
                    + " | \(bytes(row.bytesAllocatedPerLine)) | \(row.storedNetworks) |")
        }
        if let perNetwork = report.heapBytesPerStoredNetwork {
            rows += [
                "",
                "statistics store: " + String(format: "%.0f", perNetwork)
                    + " bytes of heap per network held (a full store of \(report.storeCapacity), "
                    + "\(BenchCliffsReport.storeMemoryAnswersPerNetwork) answers each)",
            ]
        }
        rows += [
            "",
            "\(report.bidders)-line auction (medians of \(report.runs) runs of \(report.auctionLoadsPerRun) loads):",
            "",
            "| lines | µs per line | bytes allocated per line |", "| --- | --- | --- |",
            "| bids (win, loss, billing notices) | " + String(format: "%.2f", report.usPerBidLine)
                + " | \(bytes(report.bytesAllocatedPerBidLine)) |",
            "| plain | " + String(format: "%.2f", report.usPerPlainLine)
                + " | \(bytes(report.bytesAllocatedPerPlainLine)) |",
            "",
            String(format: "bid ÷ plain: %.2f× CPU", report.bidOverPlain)
                + (report.bytesAllocatedPerBidLine.flatMap { bid in
                    report.bytesAllocatedPerPlainLine.map { String(format: ", %.2f× bytes", bid / $0) }
                } ?? "") + String(format: "; last row ÷ first row: %.2f×", report.flatness ?? .nan),
        ]
        return rows.joined(separator: "\n")
    }

    struct UsageProblem: Error {
        var message: String
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageProblem> {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--overhead": options.overhead = true
            case "--frontier": options.frontier = true
            case "--journal": options.journal = true
            case "--limit": options.limit = true
            case "--heap-stages": options.heapStages = true
            case "--vast": options.vast = true
            case "--vast-samples":
                guard let value = remaining.popFirst() else {
                    return .failure(UsageProblem(message: "--vast-samples needs a directory"))
                }
                options.vastSamples = value
            case "--openrtb": options.openRTB = true
            case "--feed": options.feed = true
            case "--cliffs": options.cliffs = true
            case "--sessions", "--ready-ads":
                let limit = argument == "--sessions" ? 100_000 : ReadyAdCache.maximumCapacity
                guard let value = remaining.popFirst(), let count = Int(value), (1...limit).contains(count) else {
                    return .failure(UsageProblem(message: "\(argument) expects a whole number in 1...\(limit)"))
                }
                if argument == "--sessions" { options.sessions = count } else { options.readyAds = count }
            case "--inspector-entries":
                guard let value = remaining.popFirst(), let count = Int(value), count >= 1, count <= 10_000_000 else {
                    return .failure(
                        UsageProblem(message: "--inspector-entries expects a whole number in 1...10000000"))
                }
                options.inspectorEntries = count
            case "--generate":
                guard let value = remaining.popFirst(), let count = Int(value), (1...1_000).contains(count) else {
                    return .failure(UsageProblem(message: "--generate expects a whole number in 1...1000"))
                }
                options.generate = count
            case "--workload", "--requests", "--seed", "--svg", "--scale", "--scale-clock", "--strategy":
                guard let value = remaining.popFirst() else {
                    return .failure(UsageProblem(message: "\(argument) needs a value"))
                }
                switch argument {
                case "--workload":
                    options.workload = value
                    options.workloadGiven = true
                case "--svg": options.svgPath = value
                case "--strategy":
                    do {
                        options.strategies.append(try BenchStrategy(specification: value))
                    } catch {
                        return .failure(UsageProblem(message: "--strategy \(value): \(error)"))
                    }
                case "--scale-clock":
                    guard let kind = BenchScaleReport.ClockKind(rawValue: value) else {
                        return .failure(
                            UsageProblem(message: "--scale-clock expects virtual or continuous, got '\(value)'"))
                    }
                    options.scaleClock = kind
                case "--seed":
                    guard let seed = UInt64(value) else {
                        return .failure(UsageProblem(message: "--seed expects a whole number ≥ 0, got '\(value)'"))
                    }
                    options.seed = seed
                default:
                    guard let count = Int(value), count >= 1, count <= BenchWorkload.maximumRequests else {
                        return .failure(
                            UsageProblem(
                                message:
                                    "\(argument) expects a whole number in 1...\(BenchWorkload.maximumRequests), "
                                    + "got '\(value)'"))
                    }
                    if argument == "--requests" { options.requests = count } else { options.scale = count }
                }
            default:
                return .failure(UsageProblem(message: "unknown option '\(argument)'"))
            }
        }
        if options.generate != nil {
            let others: [(String, Bool)] = [
                ("--workload", options.workloadGiven), ("--svg", options.svgPath != nil),
                ("--overhead", options.overhead), ("--scale", options.scale != nil), ("--journal", options.journal),
                ("--heap-stages", options.heapStages), ("--vast", options.vast), ("--openrtb", options.openRTB),
                ("--feed", options.feed), ("--inspector-entries", options.inspectorEntries != nil),
            ]
            if let other = others.first(where: \.1) {
                return .failure(UsageProblem(message: "--generate runs generated workloads only; drop \(other.0)"))
            }
        }
        return .success(options)
    }

    static func loadWorkload(_ nameOrPath: String) -> Result<BenchWorkload, UsageProblem> {
        if let builtIn = BenchWorkload.builtIn(nameOrPath) { return .success(builtIn) }
        if nameOrPath.hasPrefix(BenchWorkload.generatedPrefix) {
            let text = nameOrPath.dropFirst(BenchWorkload.generatedPrefix.count)
            guard let seed = UInt64(text) else {
                return .failure(
                    UsageProblem(message: "--workload generated:SEED expects a whole number ≥ 0, got '\(text)'"))
            }
            return .success(BenchWorkload.generated(seed: seed))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: nameOrPath))
        } catch {
            let names = BenchWorkload.builtInNames.joined(separator: ", ")
            return .failure(
                UsageProblem(
                    message: "cannot read workload \(nameOrPath): \(fileErrorReason(error)) "
                        + "(shipped workloads: \(names))"))
        }
        do {
            return .success(try BenchWorkload.decode(data))
        } catch {
            return .failure(UsageProblem(message: "\(nameOrPath): \(error)"))
        }
    }
}
