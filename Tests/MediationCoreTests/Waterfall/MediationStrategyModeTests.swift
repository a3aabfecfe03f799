import MediationCore
import Testing

/// `MediationStrategy` is an enum of modes behind checked factories.
@Suite struct MediationStrategyModeTests {
    @Test func theFactoriesMakeTheModeOfTheirName() throws {
        #expect(MediationStrategy.sequential.mode == .sequential)
        #expect(
            try MediationStrategy.hedged(after: .milliseconds(300), maxInFlight: 3).mode
                == .hedged(after: .milliseconds(300), maxInFlight: 3))
        #expect(MediationStrategy.default.mode == .adaptive(requestBudget: 1.35))
        #expect(try MediationStrategy.adaptive(requestBudget: 1.5).mode == .adaptive(requestBudget: 1.5))
        #expect(MediationStrategy.recommendedAdaptive.mode == .adaptive(requestBudget: 1.35))
        #expect(
            try MediationStrategy.earlyWin(revenueTolerance: 0.05).mode
                == .earlyWin(revenueTolerance: 0.05, requestBudget: 1.35))
        #expect(
            try MediationStrategy.latencyBudget(.milliseconds(800)).mode
                == .latencyBudget(.milliseconds(800), requestBudget: 1.35, revenueTolerance: 0.01))
    }

    @Test func aModeMakesTheSameStrategyAsItsFactory() throws {
        #expect(try MediationStrategy(.sequential) == .sequential)
        #expect(try MediationStrategy(.hedged(after: .zero, maxInFlight: 2)) == .hedged(after: .zero, maxInFlight: 2))
        #expect(try MediationStrategy(.adaptive(requestBudget: 1.35)) == .recommendedAdaptive)
        #expect(try MediationStrategy(.earlyWin(revenueTolerance: 0.01, requestBudget: 1.35)) == .earlyWin())
    }

    @Test func aModeIsCheckedAsItsFactoryChecksIt() {
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "strategy.maxInFlight", reason: "expected a limit in 1...20, got 21")
        ) {
            try MediationStrategy(.hedged(after: .zero, maxInFlight: 21))
        }
        #expect(throws: MediationError.self) {
            try MediationStrategy(.hedged(after: .milliseconds(-1), maxInFlight: 2))
        }
        #expect(throws: MediationError.self) { try MediationStrategy(.adaptive(requestBudget: 9)) }
        #expect(throws: MediationError.self) {
            try MediationStrategy(.earlyWin(revenueTolerance: 2, requestBudget: 1.35))
        }
        #expect(throws: MediationError.self) {
            try MediationStrategy(.latencyBudget(.zero, requestBudget: 1.35, revenueTolerance: 0.01))
        }
    }

    @Test func theLimitInFlightFollowsTheMode() throws {
        #expect(MediationStrategy.sequential.maxInFlight == 1)
        #expect(try MediationStrategy.hedged(after: .zero, maxInFlight: 4).maxInFlight == 4)
        #expect(MediationStrategy.recommendedAdaptive.maxInFlight == MediationStrategy.learnedMaxInFlight)
    }
}
