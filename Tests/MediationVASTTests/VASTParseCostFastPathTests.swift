import Foundation
import Testing

@testable import MediationVAST

/// The second round of cheaper paths for issue 26's parse-cost target reads exactly what the general paths read:
/// the URL byte masks written as literals, the `//` check on bytes, the XML declaration read on its bytes, the
/// attribute-name bits that let a missing attribute miss without reading the names, and the white space held
/// on the open element.
@Suite struct VASTParseCostFastPathTests {
    @Test func urlByteMasksAreTheMasksOfTheirCharacters() {
        #expect(String.allowedBelow64 == String.mask(of: "0123456789-.!$&'()*+,;=:/?#%", from: 0))
        #expect(
            String.allowedFrom64
                == String.mask(of: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_~@", from: 0x40))
    }

    /// The evident-host shortcut says "has a host" only for text whose URL reports a host: reading `host` is
    /// then skipped. Text it does not vouch for is left to `URL`'s own `host`, so a `false` costs nothing but time.
    @Test(arguments: [
        "https://h.example/a", "HTTP://H.example", "http://1.2.3.4:80/x", "https://u@h.example/", "https://u:p@/x",
        "https://@/x", "http:///x", "http://", "http:", "http:x", "https:/x", "https://[::1]/a", "http://:80/a",
        "http://-h/a", "https://h", "http://a@", "https://9", "http://%41/", "http://h%20x/",
    ])
    func anEvidentHostIsAHostURLReports(text: String) {
        guard VASTURLText.hasEvidentHost(text) else { return }
        #expect(URL(string: text.percentEncodedForVASTURL)?.host(percentEncoded: true) != nil, "\(text)")
    }

    @Test func theEvidentHostCheckReadsTheAuthority() {
        #expect(VASTURLText.hasEvidentHost("https://h.example/a"))
        #expect(VASTURLText.hasEvidentHost("http://9.9.9.9"))
        #expect(!VASTURLText.hasEvidentHost("http:///a"), "an empty authority is left to URL")
        #expect(!VASTURLText.hasEvidentHost("https://[::1]/"), "an IP literal is left to URL")
        #expect(!VASTURLText.hasEvidentHost("http:h.example"), "no authority")
        #expect(!VASTURLText.hasEvidentHost("https://"))
    }

    /// Every URL reading still refuses what has no host, with or without the shortcut.
    @Test func aURLWithoutAHostIsLeftOut() throws {
        let xml = """
            <VAST version="4.2"><Error>http:///x</Error><Error>https://h.example/e</Error><Error>https:x</Error>\
            <Error>https://[::1]/e</Error></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        #expect(document.errorURLs.map(\.absoluteString) == ["https://h.example/e", "https://[::1]/e"])
        #expect(document.issues.count == 2)
    }

    /// The tree's own buffer grows past its first reservation without losing or moving a record's links, and a
    /// path counts only same-named siblings (another name with the same code, a prefixed one, is not counted).
    @Test func theTreeBufferGrowsAndPathsCountSameNamedSiblings() throws {
        let tree = VASTXMLTree(capacity: 1)
        for index in 0..<100 {
            tree.append(
                VASTXMLTree.Node(
                    name: index == 0 ? "VAST" : index % 3 == 0 ? "v:Ad" : "Ad", localName: index == 0 ? "VAST" : "Ad",
                    nameCode: VASTElementName.code(of: index == 0 ? "VAST" : "Ad"), attributes: [:],
                    attributeNameBits: 0, text: "\(index)", links: VASTXMLTree.Links(parent: index == 0 ? -1 : 0)))
        }
        #expect(tree.count == 100)
        for index in 1..<100 {
            if index > 1 { tree.nodes[index - 1].links.nextSibling = Int32(index) }
        }
        tree.nodes[0].links.firstChild = 1
        tree.nodes[0].links.lastChild = 99
        withExtendedLifetime(tree) {
            let children = VASTXMLElement(tree: tree, index: 0).children
            #expect(children.count == 99)
            #expect(children.map(\.text) == (1..<100).map { "\($0)" })
            #expect(children[98].path == "VAST/v:Ad[33]", "element 99 is the 33rd v:Ad")
            #expect(children[97].path == "VAST/Ad[66]", "element 98 is the 66th plain Ad")
        }
    }

    /// Every lookup gives what the plain rule gives: the exact name, else the first name equal ignoring case in
    /// the dictionary's order; for names of every length, case, a namespace prefix, a name that is not ASCII
    /// (the Kelvin sign lower-cases to `k`), and more attributes than the 64 name bits.
    @Test func attributeLookupsMatchThePlainRule() throws {
        let many = (0..<70).map { " a\($0)=\"\($0)\"" }.joined()
        let xml = """
            <VAST version="4.2" xmlns:xlink="http://www.w3.org/1999/xlink"><A width="1" WIDTH="2" Height="3" xlink:href="4" id="5" ID="6" iD="7"/>\
            <B kind="plain" \u{212A}IND="kelvin"/><C \u{212A}ind="kelvin"/><D\(many) Z="z"/>\
            <E é="1" É="2" e="3"/><F/></VAST>
            """
        let tree = try VASTXMLTreeBuilder.build(Data(xml.utf8), limits: .standard)
        let names = [
            "width", "Width", "WIDTH", "height", "HEIGHT", "href", "xlink:href", "XLINK:HREF", "id", "Id", "kind",
            "KIND", "a0", "A69", "a70", "z", "é", "É", "e", "E", "", "missing", "delivery", "wi",
        ]
        try withExtendedLifetime(tree) {
            let root = VASTXMLElement(tree: tree, index: 0)
            let children = root.children
            try #require(children.count == 6)
            for element in children {
                for name in names {
                    #expect(
                        element.attribute(name) == Self.plainAttribute(element.attributes, name),
                        "\(element.name) \(name)")
                }
            }
        }
    }

    /// The lookup rule without any fast path: the exact name, else the smallest name equal to it ignoring case.
    static func plainAttribute(_ attributes: [String: String], _ name: String) -> String? {
        if let value = attributes[name] { return value }
        return attributes.filter { $0.key.lowercased() == name.lowercased() }.min { $0.key < $1.key }?.value
    }

    /// Which of several names equal ignoring case is read does not depend on the dictionary's order: the smallest.
    @Test func aCaseBlindMatchAmongSeveralNamesReadsTheSmallestName() throws {
        let xml = """
            <VAST version="4.2"><A wIDTH="3" Width="2" WIDTH="1"/><B Height="2" HEIGHT="1" height="0"/></VAST>
            """
        let tree = try VASTXMLTreeBuilder.build(Data(xml.utf8), limits: .standard)
        try withExtendedLifetime(tree) {
            let children = VASTXMLElement(tree: tree, index: 0).children
            try #require(children.count == 2)
            #expect(children[0].attribute("width") == "1", "WIDTH < Width < wIDTH in code-point order")
            #expect(children[1].attribute("height") == "0", "an exact name is read first")
            #expect(children[1].attribute("HEIGHT") == "1")
            #expect(children[1].attribute("hEIGHT") == "1", "HEIGHT < Height < height")
        }
        // Many elements, each with four spellings of one name in a shuffled order: reading the first match in the
        // dictionary's order would pick the smallest in all of them about once in 4⁸ runs.
        var generator = SystemRandomNumberGenerator()
        let names = ["width", "height", "bitrate", "delivery", "type", "codec", "minbitrate", "maxbitrate"]
        var elements = ""
        var expected: [String] = []
        for name in names {
            let spellings = [
                name.uppercased(), name.prefix(1).uppercased() + name.dropFirst(),
                name.dropLast() + name.suffix(1).uppercased(), name.prefix(2).uppercased() + name.dropFirst(2),
            ]
            let attributes = spellings.shuffled(using: &generator).map { " \($0)=\"\($0)\"" }
            elements += "<A\(attributes.joined())/>"
            expected.append(spellings.min() ?? "")
        }
        let many = try VASTXMLTreeBuilder.build(
            Data("<VAST version=\"4.2\">\(elements)</VAST>".utf8), limits: .standard)
        try withExtendedLifetime(many) {
            let children = VASTXMLElement(tree: many, index: 0).children
            try #require(children.count == names.count)
            #expect(zip(children, names).map { $0.attribute($1) } == expected)
        }
    }

    /// Names equal ignoring case share a bit; a name that is not ASCII has none (it stands for every bit).
    @Test func attributeNameBitsAreCaseBlind() {
        #expect(VASTXMLTree.attributeNameBit("maxBitrate") == VASTXMLTree.attributeNameBit("MAXBITRATE"))
        #expect(VASTXMLTree.attributeNameBit("\u{212A}ind") == nil)
        #expect(VASTXMLTree.attributeNameBits(["a": "1", "\u{212A}": "2"]) == VASTXMLTree.allAttributeNameBits)
        #expect(VASTXMLTree.attributeNameBits([:]) == 0)
    }

    /// White space after an element's text is held on the open element across its children and comments, and
    /// kept only when more text follows.
    @Test func heldWhiteSpaceFollowsTheOpenElement() throws {
        let xml = "<VAST><A>x<!-- c --> <B> b </B> \n y <C/> </A><D> <![CDATA[ ]]> </D></VAST>"
        let tree = try VASTXMLTreeBuilder.build(Data(xml.utf8), limits: .standard)
        withExtendedLifetime(tree) {
            let root = VASTXMLElement(tree: tree, index: 0)
            #expect(root.child("A")?.text == "x  \n y ")
            #expect(root.child("A")?.child("B")?.text == " b ")
            #expect(root.child("D")?.text == " ")
        }
    }

    /// Each element name the reader looks up has its own code, found from its text; any other text, however
    /// close, has none.
    @Test func elementNameCodesAreFoundOnlyForTheirText() {
        for name in VASTElementName.allCases {
            #expect(VASTElementName.code(of: name.text) == name.rawValue, "\(name.text)")
            #expect(VASTElementName.code(of: name.text.lowercased()) == VASTElementName.unknownCode)
            #expect(VASTElementName.code(of: name.text + "s") != name.rawValue)
            #expect(VASTElementName.code(of: String(name.text.dropLast())) != name.rawValue)
            // A name that is not ASCII is never known, which is what comparing text gives only while no name
            // holds an ASCII character that a non-ASCII one is canonically equivalent to.
            #expect(!name.text.contains(where: { "K;`".contains($0) }), "\(name.text)")
        }
        #expect(Set(VASTElementName.allCases.map(\.text)).count == VASTElementName.allCases.count)
        for other in ["", "Ad\u{301}", "V\u{212A}", "Extension\u{0}", "vast", "Creatives ", "ádSystem", "x"] {
            #expect(VASTElementName.code(of: other) == VASTElementName.unknownCode, "\(other)")
        }
    }

    /// Looking children up by code finds what looking them up by local name finds, prefixed names included.
    @Test func childLookupsByCodeMatchLookupsByName() throws {
        let xml = """
            <VAST version="4.2" xmlns:v="urn:v"><Ad/><v:Ad/><Error>e</Error><Ads/><ad/><v:Error/><Extension/>\
            <Extensions><Extension/></Extensions></VAST>
            """
        let tree = try VASTXMLTreeBuilder.build(Data(xml.utf8), limits: .standard)
        withExtendedLifetime(tree) {
            let root = VASTXMLElement(tree: tree, index: 0)
            #expect(root.isNamed(.vast))
            for name in VASTElementName.allCases {
                #expect(root.children(name).map(\.path) == root.children(name.text).map(\.path), "\(name.text)")
                #expect(root.child(name)?.path == root.child(name.text)?.path)
            }
            #expect(root.children(.ad).count == 2)
        }
    }

    /// Raw extensions are escaped on the bytes when ASCII, by character otherwise; both give what escaping by
    /// character gives.
    @Test(arguments: [
        "", "plain text", #"a & b < c > d "e" 'f'"#, "&&<<>>\"\"", "line\r\nbreak & more", "&\u{301} <\u{301}",
        "é & ü", #"<A HREF="x?a=1&b=2">"#,
    ])
    func extensionTextIsEscapedLikeByCharacter(text: String) {
        for quote in [false, true] {
            #expect(VASTXMLElement.escape(text, quote: quote) == VASTXMLElement.escapedByCharacter(text, quote: quote))
        }
    }

    /// The element records reserved up front follow the document's size, within a cap and the element limit.
    @Test func reservationIsBounded() {
        #expect(VASTXMLTreeBuilder.expectedElements(byteCount: 3_000, limits: .standard) == 91)
        #expect(VASTXMLTreeBuilder.expectedElements(byteCount: 10_000_000, limits: .standard) == 8192)
        #expect(VASTXMLTreeBuilder.expectedElements(byteCount: 3_000, limits: VASTParseLimits(maxElements: 5)) == 5)
    }
}

extension VASTXMLElement {
    /// The first child whose local name is `name`, found by name: the plain rule the lookups by code keep.
    fileprivate func child(_ name: String) -> VASTXMLElement? {
        children.first { $0.localName == name }
    }

    /// Every child whose local name is `name`, found by name, in document order.
    fileprivate func children(_ name: String) -> [VASTXMLElement] {
        children.filter { $0.localName == name }
    }
}
