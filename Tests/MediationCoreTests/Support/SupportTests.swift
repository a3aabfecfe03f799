import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

@Suite struct SupportTests {
    @Test func errorCodesAreStableAndLoadResultsMatchMoPub() {
        #expect(MediationError.noFill.code == "no_fill")
        #expect(MediationError.timeout.loadResult == "timeout")
        #expect(MediationError.noFill.loadResult == "error")
        #expect(MediationError.networkError(NetworkErrorInfo(domain: "d", code: 7, message: "m")).loadResult == "error")
        #expect(MediationError.adLoadedResult == "ad_loaded")
        let codes = [
            MediationError.noFill, .timeout, .invalidConfiguration(path: "p", reason: "r"),
            .missingRequiredInfo(key: "k"), .missingRequiredAssets([.title]), .missingAdapter(identifier: "i"),
            .networkError(NetworkErrorInfo(domain: "d", code: 1, message: "m")),
            .rateLimited(until: .origin), .adExpired, .cancelled, .imageDownloadFailed(url: nil),
        ].map(\.code)
        #expect(Set(codes).count == codes.count)
    }

    @Test func errorDescriptionsNameWhatAndWhere() {
        #expect(
            MediationError.invalidConfiguration(path: "$.a[1]", reason: "expected x").description
                == "$.a[1]: expected x")
        #expect(MediationError.missingRequiredInfo(key: "slotId").description.contains("slotId"))
        #expect(
            MediationError.networkError(NetworkErrorInfo(domain: "com.my.target", code: 1001, message: "no banners"))
                .description == "network error com.my.target 1001: no banners")
    }

    @Test func targetingIsValidated() throws {
        #expect(throws: MediationError.invalidConfiguration(path: "age", reason: "expected an age in 0...120, got 130"))
        {
            _ = try Targeting(age: 130)
        }
        #expect(throws: MediationError.self) { _ = try Targeting(language: "rus") }
        #expect(throws: MediationError.self) { _ = try Targeting(language: "RU") }
        let valid = try Targeting(age: 18, gender: .male, language: "en")
        #expect(valid.age == 18)
    }

    @Test func personalTargetingWithheldWhenChildDirectedOrNoConsent() throws {
        let targeting = try Targeting(age: 9, gender: .male, language: "de")
        let child = try PrivacySettings(isChildDirected: true)
        #expect(targeting.redacted(for: child) == (try Targeting(language: "de")))
        #expect(targeting.redacted(for: .unrestricted) == targeting)
    }

    @Test func usPrivacyStringIsValidated() throws {
        _ = try PrivacySettings(usPrivacyString: "1YNN")
        _ = try PrivacySettings(usPrivacyString: "1---")
        #expect(throws: MediationError.self) { _ = try PrivacySettings(usPrivacyString: "YES") }
    }

    @Test func manualClockRunsScheduledWorkInDeadlineOrder() {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let order = Locked<[String]>([])
        clock.schedule(after: .seconds(2)) { order.withLock { $0.append("b@\(clock.now)") } }
        clock.schedule(after: .seconds(1)) {
            order.withLock { $0.append("a@\(clock.now)") }
            clock.schedule(after: .milliseconds(500)) { order.withLock { $0.append("a2@\(clock.now)") } }
        }
        let cancelled = clock.schedule(after: .seconds(1)) { order.withLock { $0.append("cancelled") } }
        cancelled.cancel()
        manual.advance(by: .milliseconds(999))
        #expect(order.current.isEmpty)
        manual.advance(by: .seconds(5))
        #expect(order.current == ["a@t+1000ms", "a2@t+1500ms", "b@t+2000ms"])
        #expect(clock.now == MediationInstant(sinceOrigin: .milliseconds(5999)))
        #expect(manual.pendingCount == 0)
    }

    @Test func manualClockWakesSleepers() async throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let task = Task { try await clock.sleep(for: .seconds(10)) }
        while manual.sleeperCount < 1 { await Task.yield() }
        manual.advance(by: .seconds(9))
        #expect(manual.sleeperCount == 1)
        manual.advance(by: .seconds(1))
        try await task.value
        #expect(manual.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrows() async {
        let manual = ManualClock()
        let task = Task { try await manual.sleep(until: manual.now.advanced(by: .seconds(1))) }
        while manual.sleeperCount < 1 { await Task.yield() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(manual.pendingCount == 0)
    }

    @Test func jsonValueAcceptsSloppyServerValues() {
        #expect(JSONValue.string("10").numberValue == 10)
        #expect(JSONValue.number(42).stringValue == "42")
        #expect(JSONValue.string("true").boolValue == true)
        #expect(JSONValue.null.stringValue == nil)
    }
}
