/// The answer to a control call on an ``InstreamAdSession`` (start, pause, resume, stop, skip, skip banner, click).
public enum InstreamControlResult: Sendable, Hashable {
    /// The call was passed on.
    case accepted
    /// The call was refused; `reason` says why (no section playing, the banner does not allow skipping, …).
    case refused(reason: String)

    /// Whether the call was accepted.
    package var isAccepted: Bool { self == .accepted }
}
