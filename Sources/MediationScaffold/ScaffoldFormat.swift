/// What kind of adapter `mediation new-adapter` writes: native (the default) or in-stream.
public enum ScaffoldFormat: Sendable, Hashable {
    /// A native ad adapter: custom event, adapter, renderer configuration, sandbox, conformance test.
    case native
    /// An in-stream adapter for `media` over an SDK of kind `source`: SDK surface, custom event, bidding (token
    /// and markup), stand-in network, in-stream conformance test.
    case instream(ScaffoldInstreamMedia, source: ScaffoldInstreamSource = .sdk)

    /// Parses `--format` (`native`, `instream`) with `--media` (`video`, `audio`, `both`; in-stream only).
    ///
    /// - Returns: `nil` for an unknown format or media, or media given with `native`.
    public init?(format: String, media: String?) {
        self.init(format: format, media: media, source: nil)
    }

    /// Parses `--format` (`native`, `instream`) with `--media` (`video`, `audio`, `both`) and `--source` (`sdk`,
    /// `vast`), both in-stream only.
    ///
    /// - Returns: `nil` for an unknown format, media or source, or media or source given with `native`.
    public init?(format: String, media: String?, source: String?) {
        switch format {
        case "native":
            guard media == nil, source == nil else { return nil }
            self = .native
        case "instream":
            guard let parsed = ScaffoldInstreamMedia(rawValue: media ?? ScaffoldInstreamMedia.both.rawValue),
                let kind = ScaffoldInstreamSource(rawValue: source ?? ScaffoldInstreamSource.sdk.rawValue)
            else {
                return nil
            }
            self = .instream(parsed, source: kind)
        default:
            return nil
        }
    }
}

/// Which in-stream formats a generated in-stream adapter plays.
public enum ScaffoldInstreamMedia: String, Sendable, Hashable, CaseIterable {
    /// In-stream video only.
    case video
    /// In-stream audio only.
    case audio
    /// Video and audio, one custom event identifier each.
    case both

    /// The words the generated docs use: `video`, `audio`, `video and audio`.
    var words: String { self == .both ? "video and audio" : rawValue }

    /// The Swift list of `InstreamAdFormat`s the generated test checks.
    var formatList: String {
        switch self {
        case .video: ".video"
        case .audio: ".audio"
        case .both: ".video, .audio"
        }
    }
}
