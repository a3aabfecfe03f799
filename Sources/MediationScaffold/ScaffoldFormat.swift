/// What kind of adapter `mediation new-adapter` writes: native (the default) or in-stream.
public enum ScaffoldFormat: Sendable, Hashable {
    /// A native ad adapter: custom event, adapter, renderer configuration, sandbox, conformance test.
    case native
    /// An in-stream adapter for `media`: SDK surface, custom event, stand-in network, in-stream conformance test.
    case instream(ScaffoldInstreamMedia)

    /// Parses `--format` (`native`, `instream`) with `--media` (`video`, `audio`, `both`; in-stream only).
    ///
    /// - Returns: `nil` for an unknown format or media, or media given with `native`.
    public init?(format: String, media: String?) {
        switch format {
        case "native":
            guard media == nil else { return nil }
            self = .native
        case "instream":
            guard let parsed = ScaffoldInstreamMedia(rawValue: media ?? ScaffoldInstreamMedia.both.rawValue) else {
                return nil
            }
            self = .instream(parsed)
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
