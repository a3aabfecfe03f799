import Foundation
import MediationCore
import Testing

@testable import MediationCLI

/// `mediation inspect TRACE.json --out FILE` and `mediation demo --inspect FILE`.
@Suite struct InspectCommandTests {
    private func folder() throws -> URL {
        let folder = TestPaths.freshTemporaryFolder("inspect")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func read(_ file: URL) throws -> String {
        try String(contentsOf: file, encoding: .utf8)
    }

    /// The demo's trace, saved as a host would log it, renders back with each line's outcome.
    @Test func aSavedTraceRoundTripsIntoThePage() async throws {
        let outcome = try await DemoCommand.runAuction(
            try AdResponse.parse(json: Data(AuctionAdResponse.embeddedJSON.utf8)), strategy: .default,
            privacy: .unrestricted, targeting: .none, adUnitID: "demo", logger: SilentLogger())
        let trace = outcome.outcome.result.trace
        #expect(try MediationTrace.decode(json: trace.jsonData(prettyPrinted: true)) == trace)
        let folder = try folder()
        let traceFile = folder.appendingPathComponent("trace.json")
        try trace.jsonData(prettyPrinted: true).write(to: traceFile)
        let page = folder.appendingPathComponent("page.html")
        #expect(await MediationCommand.run(["inspect", traceFile.path, "--out", page.path, "--title", "saved"]) == 0)
        let html = try read(page)
        #expect(html == MediationInspector.htmlPage(for: MediationInspection(title: "saved", trace: trace)))
        #expect(html.contains("<rect class=\"bar o-won\""))
        #expect(html.contains("<rect class=\"bar o-missing\""))
        #expect(html.contains("102 lost_to_higher_bid"))
        #expect(html.contains("https://auction.example/loss?bid=mt-bid-1002&amp;reason=102&amp;win=2.8"), "& escaped")
        #expect(!html.contains("<script") && !html.contains("href=") && !html.contains(" src="))
    }

    @Test func standardInputIsRead() throws {
        let trace = MediationTrace(
            entries: [
                MediationTraceEntry(
                    line: 0, customEvent: "A", network: "A", start: .zero, duration: .milliseconds(5), result: .noFill)
            ], outcome: "no_fill")
        let page = try folder().appendingPathComponent("stdin.html")
        #expect(InspectCommand.run(["-", "--out", page.path], standardInput: { trace.jsonData() }) == 0)
        #expect(try read(page).contains("<rect class=\"bar o-nofill\""))
    }

    @Test func exitCodes() throws {
        let folder = try folder()
        let page = folder.appendingPathComponent("page.html").path
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"entries": [{"line": "zero"}]}"#.utf8).write(to: bad)
        #expect(InspectCommand.run([bad.path, "--out", page]) == 1, "not a trace")
        #expect(InspectCommand.run(["/nonexistent/trace.json", "--out", page]) == 1, "unreadable")
        #expect(InspectCommand.run([folder.path, "--out", page]) == 1, "a directory")
        let good = folder.appendingPathComponent("good.json")
        try MediationTrace(outcome: "no_fill").jsonData().write(to: good)
        #expect(InspectCommand.run([good.path, "--out", "/nonexistent/dir/page.html"]) == 1, "unwritable")
        #expect(InspectCommand.run([good.path]) == 2, "no --out")
        #expect(InspectCommand.run(["--out", page]) == 2, "no trace")
        #expect(InspectCommand.run([good.path, "--out"]) == 2)
        #expect(InspectCommand.run([good.path, good.path, "--out", page]) == 2)
        #expect(InspectCommand.run([good.path, "--out", page, "--bogus"]) == 2)
        #expect(InspectCommand.run(["--help"]) == 0)
        #expect(FileManager.default.fileExists(atPath: page) == false, "nothing written on failure")
        #expect(InspectCommand.run([good.path, "--out", page]) == 0)
        #expect(MediationCommand.helpText(for: ["inspect"]) == InspectCommand.usage)
    }

    @Test func theDemoWritesItsInspectorPage() async throws {
        let page = try folder().appendingPathComponent("demo.html")
        #expect(await DemoCommand.run(["--strategy", "hedged", "--inspect", page.path]) == 0)
        let html = try read(page)
        #expect(html.contains("winner <b>line 2: Google</b>"))
        #expect(html.contains("<rect class=\"bar o-nofill\""))
        #expect(html.contains("<rect class=\"bar o-stopped\""))
        #expect(html.contains("<path class=\"hedge\""))
        #expect(html.contains("<td>MyTargetNativeBannerCustomEvent</td><td>myTarget</td><td>0.1.0</td><td>5.46.0</td>"))
        #expect(html.contains("<td>GoogleCustomNativeCustomEvent</td><td>Google</td><td>0.1.0</td><td>11.0.0</td>"))
        #expect(html.contains("class=\"native-ad\""), "the winner's card")
        #expect(html.contains("https://tracking.example/won?line=2"), "the trackers fired")
        #expect(!html.contains("<script") && !html.contains("href=") && !html.contains(" src="))
    }

    @Test func theAuctionDemoWritesItsInspectorPage() async throws {
        let page = try folder().appendingPathComponent("auction.html")
        #expect(await DemoCommand.run(["--auction", "--inspect", page.path]) == 0)
        let html = try read(page)
        #expect(html.contains("Rule <b>unifiedFirstPrice</b>"))
        #expect(html.contains("left out: timed_out"), "InMobi's signal never came")
        #expect(html.contains("<td>billing</td>"))
        #expect(html.contains("decision 300ms"), "times from the run's start, after the signals")
    }

    @Test func inspectNeedsAFileAndAWritablePath() async throws {
        guard case .failure(let error) = DemoCommand.parse(["--inspect"]) else {
            Issue.record("--inspect without a FILE must be a usage error")
            return
        }
        #expect(error.text == "--inspect needs a FILE")
        #expect(await DemoCommand.run(["--inspect", "/nonexistent/dir/page.html"]) == 1)
    }
}

/// `mediation demo --url URL --inspect FILE` against the loopback demo server.
@Suite(.serialized) struct DemoURLInspectTests {
    @Test func theURLDemoWritesItsInspectorPage() async throws {
        let server = try await DemoServer()
        defer { withExtendedLifetime(server) {} }
        let folder = TestPaths.freshTemporaryFolder("inspect-url")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("url.html")
        let url = "http://127.0.0.1:\(server.port)/ad/default-ad-response"
        #expect(await DemoCommand.run(["--url", url, "--inspect", page.path, "--age", "30"]) == 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("mediation demo: http://127.0.0.1:\(server.port)/ad/default-ad-response"))
        #expect(html.contains("<td>Age</td><td>30</td>"), "the targeting as sent")
        #expect(html.contains("<rect class=\"bar o-won\""))
    }

    @Test func theServedAuctionWritesItsInspectorPage() async throws {
        let server = try await DemoServer()
        defer { withExtendedLifetime(server) {} }
        let folder = TestPaths.freshTemporaryFolder("inspect-auction-url")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("auction-url.html")
        let url = "http://127.0.0.1:\(server.port)/ad/auction-ad-response"
        #expect(
            await DemoCommand.run([
                "--auction", "--url", url, "--inspect", page.path, "--gdpr-applies", "1", "--tcf", "CPXxRfAPXxRf",
            ]) == 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("Rule <b>unifiedFirstPrice</b>"))
        #expect(html.contains("<td>GDPR applies</td><td>yes</td>"))
        #expect(html.contains("<td>TCF consent string</td><td>set (12 characters; content not shown)</td>"))
        #expect(!html.contains("CPXxRfAPXxRf"), "the consent string's content is never shown")
        #expect(html.contains("<td>sent</td>"), "myTarget's bid signal went to the ad server")
    }
}
