import Foundation
import MediationCore
import MediationTesting

/// An in-stream adapter under test: how to make its custom event over a network that plays a given script, and
/// what it promises (``expectations``).
public struct InstreamConformanceSubject: Sendable {
    /// One custom event over its network, and what the network was asked.
    public struct Instance: Sendable {
        /// The custom event under test.
        public var customEvent: any InstreamCustomEvent
        /// Every call the stand-in network received so far, typed (`SimulatedInstreamCustomEvent.callLog`); the
        /// checks count these.
        public var callLog: @Sendable () -> [InstreamNetworkCall]
        /// The network's SDK object behind the custom event (the ad object the SDK made for this load), read after
        /// the load; it must be released once the session ends (``InstreamConformanceCheck/networkReleased``).
        /// `nil` (the default) skips that check.
        public var network: @Sendable () -> (any AnyObject & Sendable)? = { nil }
        /// The markup each of the network's markup load calls received, in order
        /// (``InstreamConformanceCheck/bidMarkupLoad``). Rules: a markup load is also one `load` in ``callLog``
        /// (the ordinary loads are the rest). `nil` (the default): the network cannot tell its load calls apart,
        /// and a custom event that supports bidding gets that check skipped.
        public var markupLoads: (@Sendable () -> [String])? = nil
        /// Every URL the custom event fired through its tracker pinger (a VAST-based custom event's
        /// `TrackerPinging`), in order (``InstreamConformanceCheck/privacyMacros``). `nil` (the default): the custom
        /// event fires no URL of its own (its SDK does, and takes the privacy through its own API), and the privacy
        /// macros check does not apply.
        public var pingedURLs: (@Sendable () -> [URL])? = nil

        /// Every call the network received so far, by name (`InstreamNetworkCall.name`).
        public var networkCalls: @Sendable () -> [String] {
            let log = callLog
            return { log().map(\.name) }
        }

        /// Creates an instance whose network keeps a typed call log (such as `SimulatedInstreamCustomEvent.callLog`).
        public init(customEvent: any InstreamCustomEvent, callLog: @escaping @Sendable () -> [InstreamNetworkCall]) {
            self.customEvent = customEvent
            self.callLog = callLog
        }

        /// Creates an instance whose network keeps a typed call log, naming the network's SDK object so that the kit
        /// checks it is released after the session.
        public init(
            customEvent: any InstreamCustomEvent, network: @escaping @Sendable () -> (any AnyObject & Sendable)?,
            callLog: @escaping @Sendable () -> [InstreamNetworkCall]
        ) {
            self.init(customEvent: customEvent, callLog: callLog)
            self.network = network
        }

        /// Creates an instance from a call log by name (`SimulatedInstreamCustomEvent.calls`); names that do not
        /// parse as an `InstreamNetworkCall` are left out. Prefer ``init(customEvent:callLog:)``.
        public init(customEvent: any InstreamCustomEvent, networkCalls: @escaping @Sendable () -> [String]) {
            self.init(customEvent: customEvent) { networkCalls().compactMap(InstreamNetworkCall.init(name:)) }
            callLogHasMidpoints = false
        }

        /// Whether ``callLog`` carries each midroll's midpoint (`false` for a log by name).
        var callLogHasMidpoints = true
    }

    /// A readable name.
    public var name: String
    /// The custom event's identifier.
    public var customEventIdentifier: String
    /// Video or audio: audio subjects are checked with companion banners.
    public var format: InstreamAdFormat
    /// The info a line gives the custom event (such as `slotId`).
    public var info: CustomEventInfo
    /// What the subject promises: required info keys, midpoints, companions on video.
    public var expectations: InstreamConformanceExpectations
    /// Makes a fresh custom event whose network plays `script` on `clock`.
    public var makeInstance: @Sendable (_ script: InstreamSimulationScript, _ clock: MediationClock) -> Instance

    /// Creates a subject with default ``expectations`` (no required info keys declared: strict mode fails that
    /// check's skip).
    public init(
        name: String, customEventIdentifier: String, format: InstreamAdFormat, info: CustomEventInfo,
        makeInstance: @escaping @Sendable (InstreamSimulationScript, MediationClock) -> Instance
    ) {
        self.init(
            name: name, customEventIdentifier: customEventIdentifier, format: format, info: info,
            expectations: InstreamConformanceExpectations(), makeInstance: makeInstance)
    }

    /// Creates a subject with its expectations.
    public init(
        name: String, customEventIdentifier: String, format: InstreamAdFormat, info: CustomEventInfo,
        expectations: InstreamConformanceExpectations,
        makeInstance: @escaping @Sendable (InstreamSimulationScript, MediationClock) -> Instance
    ) {
        self.name = name
        self.customEventIdentifier = customEventIdentifier
        self.format = format
        self.info = info
        self.expectations = expectations
        self.makeInstance = makeInstance
    }
}
