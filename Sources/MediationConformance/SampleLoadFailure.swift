/// Why the stand-in's sample ad did not load.
struct SampleLoadFailure: Error {
    let reason: String
}
