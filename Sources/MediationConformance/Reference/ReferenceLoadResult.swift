/// How the reference network answers a load.
public enum ReferenceLoadResult: Sendable {
    /// An ad.
    case loaded(any ReferenceNetworkNativeAd)
    /// No ad for this placement right now.
    case noFill
    /// The network failed, with its own code and message.
    case failed(code: Int, message: String)
}
