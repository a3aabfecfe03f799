/// A parsed XML document as one flat buffer of element records in document order (the root is element 0),
/// linked by index: what ``VASTXMLTreeBuilder`` builds and ``VASTElementReader`` walks through ``VASTXMLElement``
/// handles.
///
/// One array of records instead of an object per element: building allocates nothing per element beyond the
/// array's growth, reading one field of an element copies only that field, and releasing the tree frees one
/// array and what the records hold. A handle keeps the tree alive. The records do not change once the builder
/// hands the tree over.
final class VASTXMLTree {
    /// An element's links to its parent, its first and last child and its next sibling (`-1` where there is none).
    struct Links {
        var parent: Int32
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
    }

    /// One element.
    struct Node {
        /// The qualified element name as written (a namespace prefix is kept).
        var name: String
        /// The element name without a namespace prefix.
        var localName: String
        /// ``VASTElementName/code(of:)`` of the local name.
        var nameCode: UInt8
        /// The attributes as written.
        var attributes: [String: String]
        /// ``VASTXMLTree/attributeNameBits(_:)`` of the attributes: an attribute lookup whose name's bit is not
        /// set misses without reading them.
        var attributeNameBits: UInt64
        /// The element's own text and CDATA, concatenated (not its children's); white space before any text and
        /// after all of it is not kept, as every reader trims it.
        var text: String
        var links: Links
    }

    /// The records, in document order.
    var nodes: [Node] = []

    /// How many records the tree holds.
    var count: Int { nodes.count }

    /// An empty tree with room for `capacity` records.
    init(capacity: Int) {
        nodes.reserveCapacity(capacity)
    }

    /// Adds `node` after the last record.
    func append(_ node: Node) {
        nodes.append(node)
    }

    /// Every bit set: what an attribute name that is not ASCII stands for (it may equal an ASCII name ignoring
    /// case: `K`, the Kelvin sign, lower-cases to `k`).
    static let allAttributeNameBits: UInt64 = ~0

    /// The union of ``attributeNameBit(_:)`` over the names of `attributes`: every bit when a name is not ASCII.
    static func attributeNameBits(_ attributes: [String: String]) -> UInt64 {
        var bits: UInt64 = 0
        for key in attributes.keys {
            guard let bit = attributeNameBit(key) else { return allAttributeNameBits }
            bits |= bit
        }
        return bits
    }

    /// One of 64 bits for an ASCII attribute name, the same for every name equal to it ignoring case (worked out
    /// from the length and the lower-cased first and last bytes); `nil` when `name` is not ASCII.
    static func attributeNameBit(_ name: String) -> UInt64? {
        let bit = name.utf8.withContiguousStorageIfAvailable(attributeNameBit(bytes:))
        if let bit { return bit }
        return Array(name.utf8).withUnsafeBufferPointer(attributeNameBit(bytes:))
    }

    private static func attributeNameBit(bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var ascii: UInt8 = 0
        for byte in bytes { ascii |= byte }
        guard ascii < 0x80 else { return nil }
        guard let first = bytes.first, let last = bytes.last else { return 1 }
        let lowerFirst = UInt64((first >= 0x41 && first <= 0x5A) ? first + 32 : first)
        let lowerLast = UInt64((last >= 0x41 && last <= 0x5A) ? last + 32 : last)
        return 1 << ((UInt64(bytes.count) &* 7 &+ lowerFirst &* 3 &+ lowerLast) & 63)
    }

    /// Where element `index` sits: the parent's location, the name and the 1-based position among same-named
    /// siblings (counted when asked, so only elements that an issue, an error or the model names pay for it).
    static func location(of index: Int, nodes: [Node]) -> VASTElementPath {
        let parent = Int(nodes[index].links.parent)
        guard parent >= 0 else { return .root(nodes[index].name) }
        var position = 0
        var sibling = Int(nodes[parent].links.firstChild)
        while sibling >= 0 {
            // The codes first: a sibling of another known name is passed without comparing the names.
            if nodes[sibling].nameCode == nodes[index].nameCode, nodes[sibling].name == nodes[index].name {
                position += 1
            }
            if sibling == index { break }
            sibling = Int(nodes[sibling].links.nextSibling)
        }
        return .child(location(of: parent, nodes: nodes), nodes[index].name, position)
    }
}
