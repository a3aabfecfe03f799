/// Where one line's custom event reports its outcome: forwards it, with the line's index, to the run.
///
/// The run's machine counts the callbacks, so the first outcome while the line still listens is the only one
/// that counts; a second is recorded as `duplicate_callback`, one after the line's timeout, its stop or the
/// run's end as `late_callback`, and neither reaches the host.
final class WaterfallLineReporter<Loaded: WaterfallLoadable>: Sendable {
    private let onLoad: @Sendable (Loaded) -> Void
    private let onFailure: @Sendable (MediationError) -> Void

    init(onLoad: @escaping @Sendable (Loaded) -> Void, onFailure: @escaping @Sendable (MediationError) -> Void) {
        self.onLoad = onLoad
        self.onFailure = onFailure
    }

    /// The line loaded `loaded`.
    func loaded(_ loaded: Loaded) { onLoad(loaded) }

    /// The line failed with `error`.
    func failed(_ error: MediationError) { onFailure(error) }
}
