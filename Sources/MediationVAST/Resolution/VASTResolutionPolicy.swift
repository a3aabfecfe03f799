/// How ``VASTWrapperResolver`` follows wrappers: depth, time and size bounds.
public struct VASTResolutionPolicy: Sendable, Equatable {
    /// The most wrappers in one chain before an InLine ad (default 5, as the spec advises); one more ends the
    /// chain with VAST 302.
    public var maxWrapperDepth: Int
    /// The time one wrapper fetch may take (default 5 s); past it the chain ends with VAST 301.
    public var hopTimeout: Duration
    /// The time resolving a whole document may take, all fetches together (default 8 s); past it, VAST 301.
    public var chainTimeout: Duration
    /// The bounds each fetched document is read within (its `maxBytes` caps the fetch too).
    public var parseLimits: VASTParseLimits

    /// Creates a policy; the depth is at least 1.
    public init(
        maxWrapperDepth: Int = 5, hopTimeout: Duration = .seconds(5), chainTimeout: Duration = .seconds(8),
        parseLimits: VASTParseLimits = .standard
    ) {
        self.maxWrapperDepth = max(1, maxWrapperDepth)
        self.hopTimeout = hopTimeout
        self.chainTimeout = chainTimeout
        self.parseLimits = parseLimits
    }

    /// The default policy.
    public static let standard = VASTResolutionPolicy()
}
