/// An `Extension` (or `CreativeExtension`), kept raw: its `type` and its content re-serialised as XML.
public struct VASTExtension: Sendable, Hashable {
    /// `type`, when given.
    public var type: String?
    /// The element's content (children and text) as XML.
    public var rawXML: String
}
