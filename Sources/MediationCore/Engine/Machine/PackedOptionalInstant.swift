/// An optional instant kept in one 64-bit word: the instant's nanoseconds since the clock's origin
/// (`Duration.packedNanoseconds`), with the smallest value standing for `nil`.
///
/// `MediationInstant?` takes 17 bytes (24 in an array). The run keeps several inline, in its lock box and in every
/// line record, where every byte is paid per run and per line. An instant between two nanoseconds is kept as the
/// later one (a deadline is never early); one beyond ±292 years from the origin as the farthest representable.
struct PackedOptionalInstant: Sendable, Equatable {
    private var nanoseconds: Int64

    /// `value`, or none.
    init(_ value: MediationInstant? = nil) {
        nanoseconds = Duration.packing(value?.sinceOrigin)
    }

    /// The instant as nanoseconds since the origin (`Duration.packedNanoseconds`), or `nil` for none.
    var packedNanoseconds: Int64? {
        nanoseconds == Duration.noPackedNanoseconds ? nil : nanoseconds
    }

    /// The instant, or `nil` for none.
    var value: MediationInstant? {
        get { Duration.unpacking(nanoseconds).map(MediationInstant.init(sinceOrigin:)) }
        set { nanoseconds = Duration.packing(newValue?.sinceOrigin) }
    }
}
