/// The outcome of `VASTMediaSelector.select(from:for:)`: the chosen file, and for every file why it was or was
/// not chosen (the trace the CLI prints).
public struct VASTMediaSelection: Sendable, Hashable {
    /// One media file and the verdict on it.
    public struct Candidate: Sendable, Hashable {
        /// The file.
        public var mediaFile: VASTMediaFile
        /// `nil` when playable; otherwise why it was refused.
        public var refusal: String?
        /// Its place in the ranking among the playable files (1 is chosen); `nil` when refused.
        public var rank: Int?
    }

    /// The chosen file; `nil` when none is playable (VAST 403).
    public var chosen: VASTMediaFile?
    /// Every file in document order with its verdict.
    public var candidates: [Candidate]
    /// Why the chosen file won, or why there is none.
    public var reason: String
}
