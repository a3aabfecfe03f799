import Foundation
import MediationCore
import MediationTesting
import Testing

@Suite struct MediationTraceTests {
    private func sampleTrace() throws -> MediationTrace {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            [
                "MyTargetNativeBannerCustomEvent": Fixture.noFill(after: 300),
                "GoogleCustomNativeCustomEvent": .fail(
                    .networkError(NetworkErrorInfo(domain: "com.google", code: 3, message: "no fill")),
                    after: .milliseconds(120)),
                "TAMediaCustomNativeAdEvent": Fixture.fill("T", after: 200),
            ],
            renderable: [
                "MyTargetNativeBannerCustomEvent", "GoogleCustomNativeCustomEvent", "TAMediaCustomNativeAdEvent",
            ])
        let recorder = RunRecorder(harness.clock)
        let json = """
            {"ad-responses": [
              {"metadata": {"x-custom-event-class-name": "MyTargetNativeBannerCustomEvent", "x-network-name": "myTarget"}},
              {"metadata": {"x-custom-event-class-name": "InMobiNativeCustomEvent"}},
              {"content": "no metadata"},
              {"metadata": {"x-custom-event-class-name": "GoogleCustomNativeCustomEvent", "x-network-name": "Google"}},
              {"metadata": {"x-custom-event-class-name": "TAMediaCustomNativeAdEvent", "x-network-name": "TAMedia", "x-ecpm": 1.5}}
            ]}
            """
        mediator.mediate(
            try AdResponse.parse(json: Data(json.utf8)), delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        return try #require(recorder.single?.trace)
    }

    @Test func printsATable() throws {
        let table = try sampleTrace().table()
        #expect(
            table == """
                LINE  CUSTOM EVENT                     NETWORK                  START  DURATION  RESULT
                0     MyTargetNativeBannerCustomEvent  myTarget                 0ms    300ms     no_fill
                1     InMobiNativeCustomEvent          InMobiNativeCustomEvent  300ms  0ms       missing_adapter  no adapter or renderer configuration for custom event 'InMobiNativeCustomEvent'
                2     GoogleCustomNativeCustomEvent    Google                   300ms  120ms     error (network_error)  network error com.google 3: no fill
                3     TAMediaCustomNativeAdEvent       TAMedia                  420ms  200ms     loaded  <- winner
                $.ad-responses[2]: dropped (no metadata)
                outcome: loaded, winner line 3
                """)
    }

    @Test func printsDeterministicJSON() throws {
        let trace = try sampleTrace()
        let json = trace.jsonString()
        #expect(json == (try sampleTrace()).jsonString())
        #expect(
            json.hasPrefix(
                #"{"droppedEntries":[{"index":2,"page":0,"path":"$.ad-responses[2]","reason":"no metadata"}],"entries":[{"customEvent":"MyTargetNativeBannerCustomEvent","detail":null,"durationMs":300,"errorCode":"no_fill","line":0,"network":"myTarget","page":0,"price":null,"result":"no_fill","startMs":0,"winner":false}"#
            ))
        let decoded = try JSONDecoder().decode(MediationTrace.self, from: Data(json.utf8))
        #expect(decoded == trace)
        #expect(trace.winningEntry?.customEvent == "TAMediaCustomNativeAdEvent")
        #expect(trace.winningEntry?.price == 1.5)
    }

    @Test func everyResultHasAStableCode() {
        #expect(
            MediationLineResult.allCases.map(\.rawValue) == [
                "loading", "loaded", "no_fill", "error", "timeout", "missing_adapter", "skipped", "stopped",
                "cancelled",
                "duplicate_callback", "late_callback",
            ])
    }
}
