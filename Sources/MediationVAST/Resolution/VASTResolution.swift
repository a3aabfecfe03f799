import Foundation

/// What a document became once its wrappers were followed: the ads to play in order, the failures with the
/// `Error` URLs to fire, and a trace of each step.
public struct VASTResolution: Sendable, Hashable {
    /// The `version` of the first document.
    public var version: String
    /// The InLine ads to play, in order: the pod (with substitutes from the buffet), or the first stand-alone ad
    /// that resolved.
    public var ads: [VASTResolvedAd]
    /// Ads that could not be resolved.
    public var failures: [VASTResolutionFailure]
    /// What was fetched and decided, one line per step.
    public var trace: [String]
    /// Ads left out and values ignored while reading every document.
    public var issues: [VASTParseIssue]
    /// Every URL fetched (the tag, then each wrapper's `VASTAdTagURI`), as sent: macros expanded and encoded.
    public var requests: [URL] = []

    /// `document` as it is, wrappers not followed (what `mediation vast --no-follow` prints).
    public init(unfollowed document: VASTDocument) {
        self.init(
            version: document.version,
            ads: document.ads.map { VASTResolvedAd(ad: $0, wrapperChain: [], sequence: $0.sequence) }, failures: [],
            trace: ["wrappers not followed"], issues: document.issues)
    }

    init(
        version: String, ads: [VASTResolvedAd], failures: [VASTResolutionFailure], trace: [String],
        issues: [VASTParseIssue], requests: [URL] = []
    ) {
        self.requests = requests
        self.version = version
        self.ads = ads
        self.failures = failures
        self.trace = trace
        self.issues = issues
    }

    /// A resolution with no ad: the tag (at `url`, when fetched) could not be had or read, for `error`.
    public static func failed(_ error: VASTError, url: URL?, trace: [String] = []) -> VASTResolution {
        VASTResolution(
            version: "", ads: [],
            failures: [VASTResolutionFailure(error: error, errorURLs: [], adPath: url?.absoluteString ?? "VAST")],
            trace: trace, issues: [])
    }
}
