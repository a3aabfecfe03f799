import Foundation
import MediationTesting
import Testing

@testable import MediationCore

/// A custom event that reports its versions.
private final class VersionedCustomEvent: NativeCustomEvent, AdapterVersionReporting {
    let identifier = "VersionedCustomEvent"
    let networkName = "Versioned"
    let adapterVersion = "1.2.3"
    let networkSDKVersion = "9.8.7"
    var supportsBidding: Bool { true }
    var supportsChildDirectedTraffic: Bool { false }
    var requiredInfoKeys: [String] { ["slot"] }

    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        context.report(.failure(.noFill), from: self)
    }
}

/// An in-stream custom event that reports its versions and loads bids; it never plays.
private final class VersionedInstreamCustomEvent: InstreamCustomEvent, AdapterVersionReporting {
    let networkName = "Streamed"
    let adapterVersion = "4.5.6"
    let networkSDKVersion = "7.0"
    var supportsBidding: Bool { true }
    func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate) {}
    func cancel() {}
    func start(_ section: InstreamAdSection, midpoint: Double?) {}
    func pause() {}
    func resume() {}
    func stop() {}
    func skip() {}
    func skipBanner() {}
    func setVolume(_ volume: Double) {}
    func trackClick() {}
    func trackCompanionShow(_ companion: InstreamCompanionBanner) {}
    func trackCompanionClick(_ companion: InstreamCompanionBanner) {}
}

/// `Mediator.adapterStatuses`: every registered custom event with its versions, bidding support and renderer.
@Suite struct MediationAdapterStatusTests {
    @Test func theMediatorListsItsAdaptersWithTheirVersions() throws {
        var registry = MediationRegistry()
        try registry.registerCustomEvent("VersionedCustomEvent") { VersionedCustomEvent() }
        try registry.registerCustomEvent("Plain") { ScriptedCustomEvent(identifier: "Plain", script: .never) }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["VersionedCustomEvent"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
        let statuses = mediator.adapterStatuses
        #expect(statuses.map(\.customEvent) == ["Plain", "VersionedCustomEvent"])
        let versioned = try #require(statuses.last)
        #expect(versioned.network == "Versioned")
        #expect(versioned.adapterVersion == "1.2.3")
        #expect(versioned.networkSDKVersion == "9.8.7")
        #expect(versioned.supportsBidding)
        #expect(!versioned.supportsChildDirectedTraffic)
        #expect(versioned.requiredInfoKeys == ["slot"])
        #expect(versioned.renderer == "StaticNativeAdRenderer")
        #expect(versioned.rendererSettings == "StaticNativeAdRendererSettings")
        #expect(versioned.isSetUp)
        let plain = try #require(statuses.first)
        #expect(plain.network == nil && plain.adapterVersion == nil && plain.networkSDKVersion == nil)
        #expect(plain.renderer == nil && !plain.isSetUp, "no renderer configuration lists it")
        let page = MediationInspector.htmlPage(
            for: MediationInspection(trace: MediationTrace(outcome: "no_fill"), adapters: statuses))
        #expect(
            page.contains("<td>VersionedCustomEvent</td><td>Versioned</td><td>1.2.3</td><td>9.8.7</td><td>yes</td>"))
        #expect(page.contains("none: lines fail with missing_adapter"))
    }

    @Test func inStreamCustomEventsAreListedAfterTheNativeOnesAndNeedNoRenderer() throws {
        var registry = MediationRegistry()
        try registry.registerCustomEvent("VersionedCustomEvent") { VersionedCustomEvent() }
        try registry.registerInstreamCustomEvent("StreamB") { VersionedInstreamCustomEvent() }
        try registry.registerInstreamCustomEvent("StreamA") { VersionedInstreamCustomEvent() }
        let statuses = registry.adapterStatuses
        #expect(statuses.map(\.customEvent) == ["VersionedCustomEvent", "StreamA", "StreamB"])
        #expect(statuses.map(\.format) == [.native, .instream, .instream])
        let streamed = try #require(statuses.last)
        #expect(streamed.network == "Streamed" && streamed.adapterVersion == "4.5.6")
        #expect(streamed.networkSDKVersion == "7.0" && streamed.supportsBidding)
        #expect(streamed.renderer == nil && streamed.isSetUp, "the host's player plays in-stream ads")
        #expect(!statuses[0].isSetUp, "a native custom event without a renderer configuration is not set up")
        let page = MediationInspector.htmlPage(
            for: MediationInspection(trace: MediationTrace(outcome: "no_fill"), adapters: statuses))
        #expect(page.contains("<td>StreamA</td><td>Streamed</td><td>4.5.6</td><td>7.0</td><td>yes</td>"))
        #expect(page.contains("in-stream: the host&#39;s player") || page.contains("in-stream: the host's player"))
    }

    @Test func aStatusWrittenWithoutItsFormatDecodesAsNative() throws {
        let json = #"""
            {"customEvent": "Old", "supportsBidding": false, "hasBidSignalProvider": false,
             "supportsChildDirectedTraffic": true, "requiredInfoKeys": ["slot"], "renderer": "StaticNativeAdRenderer"}
            """#
        let status = try JSONDecoder().decode(MediationAdapterStatus.self, from: Data(json.utf8))
        #expect(status.format == .native && status.requiredInfoKeys == ["slot"] && status.isSetUp)
        var instream = MediationAdapterStatus(customEvent: "New")
        instream.format = .instream
        let decoded = try JSONDecoder().decode(
            MediationAdapterStatus.self, from: JSONEncoder().encode(instream))
        #expect(decoded == instream)
    }

    @Test func aBidSignalProviderIsListed() throws {
        var registry = MediationRegistry()
        try registry.registerCustomEvent("VersionedCustomEvent") { VersionedCustomEvent() }
        try registry.registerBidSignalProvider(
            ScriptedBidSignalProvider("VersionedCustomEvent", .never, clock: MediationClock(ManualClock())))
        #expect(registry.adapterStatuses.first?.hasBidSignalProvider == true)
    }
}

/// A trace's JSON form round-trips, and bad input names its JSON path.
@Suite struct MediationTraceDecodingTests {
    @Test func aTraceRoundTripsThroughItsJSON() throws {
        let trace = try MediationInspectorHostileTests.hostileTrace()
        #expect(try MediationTrace.decode(json: trace.jsonData()) == trace)
        #expect(try MediationTrace.decode(json: trace.jsonData(prettyPrinted: true)) == trace)
    }

    @Test(arguments: [
        (#"{"entries": [{"line": 0}], "outcome": "x", "droppedEntries": [], "notes": []}"#, "$.entries[0].customEvent"),
        (#"{"entries": "no", "outcome": "x", "droppedEntries": [], "notes": []}"#, "$.entries"),
        (#"{"entries": [], "droppedEntries": [], "notes": []}"#, "$.outcome"),
        (#"[1, 2"#, "$"),
    ])
    func badJSONNamesItsPath(json: String, path: String) {
        do {
            _ = try MediationTrace.decode(json: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch {
            guard case .invalidConfiguration(let errorPath, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(errorPath.hasPrefix(path), "\(error)")
        }
    }
}
