/// A parsed XML document as flat arrays indexed by element, in document order (the root is element 0), linked
/// by index: what ``VASTXMLTreeBuilder`` builds and ``VASTElementReader`` walks through ``VASTXMLElement`` handles.
///
/// Arrays instead of an object per element: building allocates nothing per element beyond the arrays' growth,
/// reading one field of an element copies only that field, and releasing the tree frees a few buffers. The
/// arrays do not change once the builder hands the tree over.
final class VASTXMLTree {
    /// An element's links to its parent, its first and last child and its next sibling (`-1` where there is none).
    struct Links {
        var parent: Int32
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
    }

    /// The qualified element names as written (a namespace prefix is kept).
    let names: [String]
    /// The element names without a namespace prefix.
    let localNames: [String]
    /// The attributes as written.
    let attributes: [[String: String]]
    /// Whether every attribute name of the element is ASCII (so that a name of another length cannot match an
    /// ASCII name ignoring case).
    let attributeNamesAreASCII: [Bool]
    /// Each element's own text and CDATA, concatenated (not its children's); white space before any text and
    /// after all of it is not kept, as every reader trims it.
    let texts: [String]
    let links: [Links]

    init(
        names: [String], localNames: [String], attributes: [[String: String]], attributeNamesAreASCII: [Bool],
        texts: [String], links: [Links]
    ) {
        self.names = names
        self.localNames = localNames
        self.attributes = attributes
        self.attributeNamesAreASCII = attributeNamesAreASCII
        self.texts = texts
        self.links = links
    }

    /// Whether every byte of every key of `attributes` is ASCII.
    static func namesAreASCII(_ attributes: [String: String]) -> Bool {
        for key in attributes.keys {
            let ascii =
                key.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
                ?? key.utf8.allSatisfy { $0 < 0x80 }
            if !ascii { return false }
        }
        return true
    }

    /// Where element `index` sits: the parent's location, the name and the 1-based position among same-named
    /// siblings (counted when asked, so only elements that an issue, an error or the model names pay for it).
    static func location(of index: Int, names: [String], links: [Links]) -> VASTElementPath {
        let parent = Int(links[index].parent)
        guard parent >= 0 else { return .root(names[index]) }
        var position = 0
        var sibling = Int(links[parent].firstChild)
        while sibling >= 0 {
            if names[sibling] == names[index] { position += 1 }
            if sibling == index { break }
            sibling = Int(links[sibling].nextSibling)
        }
        return .child(location(of: parent, names: names, links: links), names[index], position)
    }
}
