import MediationConformance
import MediationCore
import MediationTesting
import SandboxConformanceSubjects
import Testing

/// The start-up kit passes the Reference adapter's and every built-in adapter's configuration, and catches each
/// planted defect by name: a completion called twice, a start that never reports, `started` before the SDK is
/// ready (a load before start), a lost error, and a dropped test mode.
@Suite struct NetworkStartupConformanceTests {
    @Test(arguments: [
        NetworkStartupConformanceSubject.referenceExample, .myTargetSandbox, .googleSandbox, .taMedia, .openRTB, .vast,
    ])
    func builtInConfigurationsPass(_ subject: NetworkStartupConformanceSubject) {
        let report = NetworkStartupConformance.run(subject)
        #expect(report.passed, "\(subject.name):\n\(report.table)")
        #expect(report.results.count == NetworkStartupCheck.allCases.count)
    }

    @Test(arguments: [NetworkStartupConformanceSubject.taMedia, .openRTB, .vast])
    func aNetworkWithoutAnSDKStartIsCheckedAsNotNeeded(_ subject: NetworkStartupConformanceSubject) {
        let report = NetworkStartupConformance.run(subject)
        #expect(report.passed, "\(subject.name):\n\(report.table)")
        #expect(report.result(of: .preservesError)?.reason == "no SDK start: reports not_needed")
        #expect(report.result(of: .honoursTimeout)?.reason == "no SDK start: not_needed at once, never waits")
        #expect(report.result(of: .noLoadBeforeStart)?.status == .skipped)
    }

    /// A planted defect: the reference configuration with one thing wrong.
    private struct Planted: NetworkAdapterConfiguration {
        enum Defect { case completesTwice, neverCompletes, startedBeforeSDK, losesError, dropsTestMode }

        let base: ReferenceAdapterConfiguration
        let starter: ReferenceSandboxStarter
        let defect: Defect

        var networkName: String { base.networkName }
        var adapterVersion: String { base.adapterVersion }
        var networkSDKVersion: String { base.networkSDKVersion }
        var customEventIdentifiers: [String] { base.customEventIdentifiers }

        func start(
            with parameters: NetworkStartParameters, completion: @escaping @Sendable (NetworkStartStatus) -> Void
        ) {
            let key = parameters[ReferenceAdapterConfiguration.applicationKeyParameter]
            switch defect {
            case .completesTwice:
                starter.start(applicationKey: key, testMode: parameters.isTestMode) { error in
                    let status: NetworkStartStatus = error.map { .failed(.networkError($0)) } ?? .started
                    completion(status)
                    completion(status)
                }
            case .neverCompletes:
                starter.start(applicationKey: key, testMode: parameters.isTestMode) { _ in }
            case .startedBeforeSDK:
                starter.start(applicationKey: key, testMode: parameters.isTestMode) { _ in }
                completion(.started)
            case .losesError:
                starter.start(applicationKey: key, testMode: parameters.isTestMode) { error in
                    completion(error == nil ? .started : .failed(.noFill))
                }
            case .dropsTestMode:
                starter.start(applicationKey: key, testMode: false) { error in
                    completion(error.map { .failed(.networkError($0)) } ?? .started)
                }
            }
        }
    }

    private func planted(_ defect: Planted.Defect) -> NetworkStartupConformanceSubject {
        let reference = NetworkStartupConformanceSubject.referenceExample
        return NetworkStartupConformanceSubject(name: "planted", sampleParameters: reference.sampleParameters) {
            scenario, clock in
            let starter = ReferenceSandboxStarter(scenario: scenario, clock: clock)
            var network = reference.makeNetwork(scenario, clock)
            network.configuration = Planted(
                base: ReferenceAdapterConfiguration(sdk: starter), starter: starter, defect: defect)
            network.sdkStartCount = { starter.startCount }
            network.isSDKStarted = { starter.isStarted }
            network.receivedParameters = { parameters in
                starter.applicationKey == parameters[ReferenceAdapterConfiguration.applicationKeyParameter]
                    && starter.testMode == parameters.isTestMode
            }
            return network
        }
    }

    @Test func catchesACompletionCalledTwice() {
        let report = NetworkStartupConformance.run(planted(.completesTwice))
        #expect(report.failedChecks.contains(.completesOnce))
        #expect(report.result(of: .completesOnce)?.reason.contains("reported 2 statuses") == true)
    }

    @Test func catchesAStartThatNeverCompletes() {
        let report = NetworkStartupConformance.run(planted(.neverCompletes))
        #expect(report.failedChecks.contains(.completes))
        #expect(report.failedChecks.contains(.completesOnce))
    }

    @Test func catchesStartedBeforeTheSDKIsReady() {
        let report = NetworkStartupConformance.run(planted(.startedBeforeSDK))
        #expect(report.failedChecks.contains(.noLoadBeforeStart))
        #expect(report.result(of: .noLoadBeforeStart)?.reason.contains("before the SDK was ready") == true)
    }

    @Test func catchesALostError() {
        let report = NetworkStartupConformance.run(planted(.losesError))
        #expect(report.failedChecks == [.preservesError])
        #expect(report.result(of: .preservesError)?.reason.contains("com.example.reference 501") == true)
    }

    @Test func catchesADroppedTestMode() {
        let report = NetworkStartupConformance.run(planted(.dropsTestMode))
        #expect(report.failedChecks == [.passesParameters])
    }
}
