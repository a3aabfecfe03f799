/// An optional instant kept in an instant's own 16 bytes: `nil` is stored as the earliest representable instant,
/// which no start or deadline of a run reaches.
///
/// `MediationInstant?` takes a word more (17 bytes, padded to 24). The run keeps several inline, in its lock box
/// and in every line record, where that word is paid per run and per line.
struct PackedOptionalInstant: Sendable, Equatable {
    private var stored: MediationInstant

    /// The stored instant of `nil`.
    private static var none: MediationInstant {
        MediationInstant(sinceOrigin: Duration(secondsComponent: .min, attosecondsComponent: 0))
    }

    /// `value`, or none.
    init(_ value: MediationInstant? = nil) {
        stored = value ?? Self.none
    }

    /// The instant, or `nil` for none.
    var value: MediationInstant? {
        get { stored == Self.none ? nil : stored }
        set { stored = newValue ?? Self.none }
    }
}
