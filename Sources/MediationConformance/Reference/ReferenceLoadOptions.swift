/// What the reference network's load call takes besides the placement: its privacy flag, targeting and bid.
public struct ReferenceLoadOptions: Sendable, Hashable {
    /// The network's child-directed flag (COPPA).
    public var childDirected: Bool
    /// The user's age, where privacy allows personal targeting.
    public var age: Int?
    /// The user's gender (`male`, `female`, `unknown`), where privacy allows personal targeting.
    public var gender: String?
    /// The bid token from the auction's markup, or `nil` for a waterfall load.
    public var bidToken: String?

    /// Creates options; nothing set by default.
    public init(childDirected: Bool = false, age: Int? = nil, gender: String? = nil, bidToken: String? = nil) {
        self.childDirected = childDirected
        self.age = age
        self.gender = gender
        self.bidToken = bidToken
    }

    /// The options as flat request fields, as ``ReferenceSandboxNetwork`` reports them to the kit.
    public var fields: [String: String] {
        var fields = ["childDirected": childDirected ? "1" : "0"]
        fields["age"] = age.map(String.init)
        fields["gender"] = gender
        fields["bidToken"] = bidToken
        return fields
    }
}
