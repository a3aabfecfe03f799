/// Why the network start parameter cache could not be read or written: the file and what is wrong with it.
///
/// A bad cache never stops the start-up: the networks start with the host's parameters, the problem is logged at
/// warning and the next server parameters replace the file.
public struct NetworkStartParameterCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cache file's path.
    public var path: String
    /// What is wrong, such as `not JSON: …` or `"networks.Google.appId" is not a string`.
    public var reason: String

    /// Creates an error.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `network start parameter cache <path>: <reason>`.
    public var description: String { "network start parameter cache \(path): \(reason)" }
}
