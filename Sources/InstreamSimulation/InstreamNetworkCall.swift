import MediationBridge

/// One call an in-stream stand-in network received from the custom event: the typed call log the in-stream
/// conformance kit counts (``SimulatedInstreamCustomEvent/callLog``), so that no check depends on spelled names.
///
/// Rules for stand-ins: record one call per ``InstreamCustomEvent`` requirement the custom event passes on (a click
/// as ``trackClick``, a companion show as ``trackCompanionShow(identifier:)``), in order, before acting on it.
public enum InstreamNetworkCall: Sendable, Hashable {
    /// A load.
    case load
    /// The load was given up (the loading timeout passed).
    case cancel
    /// A section started; `midpoint` for a midroll.
    case start(InstreamAdSection, midpoint: Double?)
    /// The playing banner paused.
    case pause
    /// The paused banner resumed.
    case resume
    /// The host stopped the section.
    case stop
    /// The user ended the section.
    case skip
    /// The user moved on to the next banner.
    case skipBanner
    /// The volume was set.
    case setVolume(Double)
    /// A click on the playing banner was counted.
    case trackClick
    /// A companion was shown, by its identifier.
    case trackCompanionShow(identifier: String)
    /// A companion was clicked, by its identifier.
    case trackCompanionClick(identifier: String)

    /// The call as ``SimulatedInstreamCustomEvent/calls`` spells it: `load`, `start(preroll)`, `volume(0.5)`,
    /// `trackCompanionShow(ID)`.
    public var name: String {
        switch self {
        case .load: "load"
        case .cancel: "cancel"
        case .start(let section, _): "start(\(section.rawValue))"
        case .pause: "pause"
        case .resume: "resume"
        case .stop: "stop"
        case .skip: "skip"
        case .skipBanner: "skipBanner"
        case .setVolume(let volume): "volume(\(volume))"
        case .trackClick: "trackClick"
        case .trackCompanionShow(let identifier): "trackCompanionShow(\(identifier))"
        case .trackCompanionClick(let identifier): "trackCompanionClick(\(identifier))"
        }
    }
}

extension InstreamNetworkCall {
    /// Parses a call as ``name`` spells it; `nil` for anything else. A `start(midroll)` name carries no midpoint.
    public init?(name: String) {
        let simple: [String: InstreamNetworkCall] = [
            "load": .load, "cancel": .cancel, "pause": .pause, "resume": .resume, "stop": .stop, "skip": .skip,
            "skipBanner": .skipBanner, "trackClick": .trackClick,
        ]
        if let call = simple[name] {
            self = call
            return
        }
        guard name.hasSuffix(")"), let open = name.firstIndex(of: "(") else { return nil }
        let argument = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
        switch name[..<open] {
        case "start":
            guard let section = InstreamAdSection(name: argument) else { return nil }
            self = .start(section, midpoint: nil)
        case "volume":
            guard let volume = Double(argument) else { return nil }
            self = .setVolume(volume)
        case "trackCompanionShow": self = .trackCompanionShow(identifier: argument)
        case "trackCompanionClick": self = .trackCompanionClick(identifier: argument)
        default: return nil
        }
    }
}
