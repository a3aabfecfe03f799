import Foundation
import MediationBridge

/// What a ``SimulatedInstreamCustomEvent`` loads and plays, and how it misbehaves.
public struct InstreamSimulationScript: Sendable {
    /// How loading ends.
    public enum LoadOutcome: Sendable, Hashable {
        /// The ads load.
        case fill
        /// No ad, with a reason.
        case noAd(reason: String)
        /// Loading never answers (the session's loading timeout decides).
        case neverAnswers
    }

    /// Ways the network breaks its contract, for testing the session and the conformance kit.
    public enum Misbehavior: String, Sendable, Hashable, CaseIterable {
        /// Every callback is reported twice.
        case doubleCallbacks
        /// No section complete after a playback error.
        case missingSectionCompleteAfterError
        /// Keeps reporting after stop and after cancel.
        case reportsAfterStop
    }

    /// Time from load to its outcome, on the request's clock.
    public var loadLatency: Duration
    /// How loading ends.
    public var outcome: LoadOutcome
    /// The ads of preroll, pauseroll and postroll.
    public var sections: [InstreamAdSection: [SimulatedInstreamBanner]]
    /// The midroll ads by position in seconds; the server's midpoints are these keys.
    public var midrolls: [Double: [SimulatedInstreamBanner]]
    /// How often time-left updates are reported while a banner plays.
    public var timeLeftInterval: Duration
    /// The misbehaviours to show.
    public var misbehaviors: Set<Misbehavior>

    /// Creates a script.
    public init(
        loadLatency: Duration = .milliseconds(300), outcome: LoadOutcome = .fill,
        sections: [InstreamAdSection: [SimulatedInstreamBanner]] = [:],
        midrolls: [Double: [SimulatedInstreamBanner]] = [:], timeLeftInterval: Duration = .seconds(1),
        misbehaviors: Set<Misbehavior> = []
    ) {
        self.loadLatency = loadLatency
        self.outcome = outcome
        self.sections = sections
        self.midrolls = midrolls
        self.timeLeftInterval = timeLeftInterval
        self.misbehaviors = misbehaviors
    }
}
