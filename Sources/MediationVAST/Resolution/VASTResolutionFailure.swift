import Foundation

/// An ad that could not be resolved: the VAST error, and the `Error` URLs to fire with its code (every wrapper's
/// in the chain, and the root `Error` of an empty answer).
public struct VASTResolutionFailure: Sendable, Hashable {
    /// The error (its code is what `[ERRORCODE]` becomes).
    public var error: VASTError
    /// The `Error` URLs to ping, macros not yet expanded.
    public var errorURLs: [URL]
    /// The element path of the outermost ad that failed.
    public var adPath: String
}
