import MediationBridge
import MediationSupport
import MediationVAST
import Testing

/// VAST has no SDK to start: its configuration reports `not_needed` at once, exactly once.
@Suite struct VASTAdapterConfigurationTests {
    @Test func startsAsNotNeededOnce() async {
        let configuration = VASTAdapterConfiguration()
        let reports = Locked<[NetworkStartStatus]>([])
        configuration.start(with: NetworkStartParameters()) { status in reports.withLock { $0.append(status) } }
        #expect(reports.current == [.notNeeded])
        #expect(await configuration.start(with: NetworkStartParameters()) == .notNeeded)
        #expect(configuration.networkName == "VAST")
        #expect(configuration.customEventIdentifiers == [VASTInstreamCustomEvent.identifier])
    }
}
