/// Where one line's custom event reports its outcome: forwards it, with the line's index, to the run.
///
/// The run's machine counts the callbacks, so the first outcome while the line still listens is the only one
/// that counts; a second is recorded as `duplicate_callback`, one after the line's timeout, its stop or the
/// run's end as `late_callback`, and neither reaches the host.
///
/// One object per line: the driver subclasses it (``WaterfallRunDriver``'s line reporter holds the run and the
/// line's index), so that a line costs no closures. The reporter holds its run strongly: a run whose host let go of
/// its handle lives as long as a network may still answer. This base class drops what it is given.
class WaterfallLineReporter<Loaded: WaterfallLoadable>: @unchecked Sendable {
    // @unchecked: no stored state; subclasses keep only immutable, Sendable references.

    init() {}

    /// The line loaded `loaded`.
    func loaded(_ loaded: Loaded) {}

    /// The line failed with `error`.
    func failed(_ error: MediationError) {}
}
