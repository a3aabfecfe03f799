import Foundation
import MediationSupport
import Testing

@testable import MediationConformance

/// The in-stream kit's wait for an outcome a custom event reports from a task of its own.
@Suite("The in-stream kit's outcome wait")
struct InstreamOutcomeWaitTests {
    /// A condition that already holds ends the wait without a look.
    @Test func aConditionThatHoldsEndsTheWaitAtOnce() async {
        let evaluations = Locked(0)
        await InstreamConformanceKit.waitUntil(looks: 1_000) {
            evaluations.withLock { $0 += 1 }
            return true
        }
        #expect(evaluations.current == 1)
    }

    /// The limit counts looks, not elapsed time: a condition that never holds is looked at once, then once per look.
    @Test func theLimitIsCountedInLooks() async {
        let evaluations = Locked(0)
        await InstreamConformanceKit.waitUntil(looks: 5) {
            evaluations.withLock { $0 += 1 }
            return false
        }
        #expect(evaluations.current == 6)
    }

    /// An outcome another task reports ends the wait on the next look.
    @Test func anOutcomeFromAnotherTaskEndsTheWait() async {
        let reported = Locked(false)
        Task.detached { reported.withLock { $0 = true } }
        await InstreamConformanceKit.waitUntil { reported.current }
        #expect(reported.current)
    }

    /// On an idle machine the default wait is the documented 30 s: 15,000 looks 2 ms apart.
    @Test func theDefaultLooksSpanTheDocumentedLimit() {
        #expect(InstreamConformanceKit.outcomeWaitLimit == .seconds(30))
        #expect(Int(InstreamConformanceKit.outcomeWaitLimit / InstreamConformanceKit.outcomePollInterval) == 15_000)
    }
}
