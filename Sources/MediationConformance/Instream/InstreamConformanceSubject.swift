import MediationCore
import MediationTesting

/// An in-stream adapter under test: how to make its custom event over a network that plays a given script.
public struct InstreamConformanceSubject: Sendable {
    /// One custom event over its network, and what the network was asked.
    public struct Instance: Sendable {
        /// The custom event under test.
        public var customEvent: any InstreamCustomEvent
        /// Every call the simulated network received so far (`SimulatedInstreamCustomEvent.calls`).
        public var networkCalls: @Sendable () -> [String]

        /// Creates an instance.
        public init(customEvent: any InstreamCustomEvent, networkCalls: @escaping @Sendable () -> [String]) {
            self.customEvent = customEvent
            self.networkCalls = networkCalls
        }
    }

    /// A readable name.
    public var name: String
    /// The custom event's identifier.
    public var customEventIdentifier: String
    /// Video or audio: audio subjects are checked with companion banners.
    public var format: InstreamAdFormat
    /// The info a line gives the custom event (such as `slotId`).
    public var info: CustomEventInfo
    /// Makes a fresh custom event whose network plays `script` on `clock`.
    public var makeInstance: @Sendable (_ script: InstreamSimulationScript, _ clock: MediationClock) -> Instance

    /// Creates a subject.
    public init(
        name: String, customEventIdentifier: String, format: InstreamAdFormat, info: CustomEventInfo,
        makeInstance: @escaping @Sendable (InstreamSimulationScript, MediationClock) -> Instance
    ) {
        self.name = name
        self.customEventIdentifier = customEventIdentifier
        self.format = format
        self.info = info
        self.makeInstance = makeInstance
    }
}
