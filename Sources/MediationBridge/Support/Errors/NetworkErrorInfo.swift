/// A network SDK's own error, kept as the network reported it.
///
/// Adapters copy the SDK error's domain, code and message here unchanged, so that hosts and traces can
/// tell "myTarget said 1001 no banners" from "Google said 3 no fill".
public struct NetworkErrorInfo: Sendable, Hashable, Codable {
    /// The error domain of the network SDK (for example `com.my.target.sdk`).
    public var domain: String
    /// The network's own numeric code.
    public var code: Int
    /// The network's message, as given.
    public var message: String

    /// Creates a network error record.
    public init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }
}
