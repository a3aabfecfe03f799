import Foundation
import Testing

@testable import MediationVAST

/// The XML entry gate: what reaches `XMLParser`, decided by the bytes, for every source of VAST.
@Suite struct VASTXMLEntryGateTests {
    /// The 94-byte document that killed the process: `encoding` after `standalone` (which libxml2 ignores, so the
    /// bytes reached it as UTF-8) and an element name that is not UTF-8.
    static var killerDocument: Data {
        var data = Data(#"<?xml version="1.0" standalone="yes" encoding="latin1"?>"#.utf8)
        data.append(contentsOf: Data("<VAST version=\"4.0\"><Abcd".utf8))
        data.append(0xD8)
        data.append(contentsOf: Data("efg/></VAST>".utf8))
        return data
    }

    @Test func theNinetyFourByteDocumentIsRefusedNotCrashed() throws {
        #expect(Self.killerDocument.count == 94)
        let error = try #require(Fixture.refusal(Self.killerDocument))
        #expect(error.code == .xmlParse)
        #expect(error.message.hasPrefix("the XML declaration is malformed at byte 37"), "\(error.message)")
    }

    @Test func theNinetyFourByteDocumentIsRefusedAtAWrapperHop() async throws {
        let loader = BytesDocumentLoader(["https://ads.example/next": Self.killerDocument])
        let wrapper = StubVAST.wrapper(to: "https://ads.example/next", name: "w")
        let resolution = await VASTWrapperResolver(loader: loader).resolve(
            try VASTParser().parse(Data(wrapper.utf8)))
        let failure = try #require(resolution.failures.first)
        #expect(failure.error.code == .xmlParse)
        #expect(failure.error.message.contains("XML declaration is malformed"))
        #expect(resolution.ads.isEmpty)
    }

    /// 2 MB of UTF-16LE without a byte-order mark: a 1,000,000-character entity used 10,000 times, which libxml2
    /// expanded in quadratic time (20 s). The first NUL refuses it.
    @Test func utf16WithoutAByteOrderMarkIsRefusedAtOnce() throws {
        let text =
            #"<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE VAST [<!ENTITY a ""#
            + String(repeating: "x", count: 1_000_000) + #"">]><VAST version="4.0"><Ad><InLine><AdTitle>"#
            + String(repeating: "&a;", count: 10_000) + "</AdTitle></InLine></Ad></VAST>"
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
            let data = try #require(text.data(using: encoding))
            let clock = ContinuousClock()
            var refusal: VASTError?
            let elapsed = clock.measure { refusal = Fixture.refusal(data) }
            let error = try #require(refusal)
            #expect(error.code == .xmlParse)
            #expect(error.message.contains("UTF-16 or UTF-32 without a byte-order mark"), "\(error.message)")
            #expect(elapsed < .seconds(2), "refused in \(elapsed), not parsed (20 s without the gate)")
        }
    }

    @Test func byteOrderMarksOtherThanUTF8AreRefused() throws {
        let body = Array(#"<VAST version="4.0"/>"#.utf8)
        let marks: [([UInt8], String)] = [
            ([0xFF, 0xFE], "UTF-16 byte-order mark"), ([0xFE, 0xFF], "UTF-16 byte-order mark"),
            ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 byte-order mark"), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 byte-order mark"),
        ]
        for (mark, name) in marks {
            let error = try #require(Fixture.refusal(Data(mark + body)), "\(mark)")
            #expect(error.message.hasPrefix("a \(name)"), "\(error.message)")
        }
        let utf8 = try VASTParser().parse(Data([0xEF, 0xBB, 0xBF] + body))
        #expect(utf8.version == "4.0", "a UTF-8 byte-order mark is dropped")
    }

    @Test func utf32WithoutAMarkIsRefusedByItsNul() throws {
        let data = try #require(#"<VAST version="4.0"/>"#.data(using: .utf32LittleEndian))
        #expect(Fixture.refusal(data)?.message.contains("a NUL byte at byte 1") == true)
    }

    /// ISO-2022-JP switches character sets with ESC; a raw `?>` there is a JIS character pair, which let an
    /// internal subset through the old prolog check.
    @Test func iso2022IsRefusedByItsEscapeBytes() throws {
        var data = Data(#"<?xml version="1.0" encoding="ISO-2022-JP"?><VAST version="4.0"><Ad><InLine><AdTitle>"#.utf8)
        data.append(contentsOf: [0x1B, 0x24, 0x42, 0x3F, 0x3E, 0x1B, 0x28, 0x42])
        data.append(contentsOf: Data("</AdTitle></InLine></Ad></VAST>".utf8))
        let error = try #require(Fixture.refusal(data))
        #expect(error.message.hasPrefix("an escape byte (0x1B) at byte 85"), "\(error.message)")
    }

    @Test func controlCharactersXMLForbidsAreRefusedWithTheirOffset() throws {
        for byte: UInt8 in [0x00, 0x01, 0x07, 0x08, 0x0B, 0x0C, 0x1F] {
            var data = Data(#"<VAST version="4.0"><Error>ab"#.utf8)
            data.append(byte)
            data.append(contentsOf: Data("</Error></VAST>".utf8))
            let error = try #require(Fixture.refusal(data), "\(byte)")
            #expect(error.message.contains("at byte 29"), "\(error.message)")
        }
        let allowed = try VASTParser().parse(Data("<VAST version=\"4.0\">\t\r\n<Error>a\tb</Error></VAST>".utf8))
        #expect(allowed.version == "4.0")
    }

    @Test(arguments: [
        #"<?xml version="1.0"?><!-- a comment first --><!DOCTYPE VAST [<!ENTITY x "y">]><VAST/>"#,
        #"<?xml version="1.0"?><?pi ?>?><!DOCTYPE VAST><VAST/>"#,
        #"<VAST version="4.0"><!DOCTYPE VAST></VAST>"#,
        #"<VAST version="4.0"><Error><![CDATA[x]]><!ENTITY a "b"></Error></VAST>"#,
        #"<VAST version="4.0"><!ELEMENT VAST ANY></VAST>"#,
        #"<VAST version="4.0"><![INCLUDE[ x ]]></VAST>"#,
    ])
    func markupDeclarationsAreRefusedAnywhereOutsideCDATA(document: String) throws {
        let error = try #require(Fixture.refusal(document))
        #expect(error.code == .xmlParse)
        #expect(error.message.hasPrefix("a markup declaration (`<!"), "\(error.message)")
    }

    @Test func aDoctypeInsideCDATAOrACommentIsText() throws {
        let document = try VASTParser().parse(
            Data(#"<VAST version="4.0"><!-- <!DOCTYPE x> --><Error><![CDATA[<!DOCTYPE html>]]></Error></VAST>"#.utf8))
        #expect(document.version == "4.0")
    }

    @Test(arguments: [
        (#"<VAST version="4.0"><!-- open"#, "a comment opened at line 1 is never closed"),
        (
            "<VAST version=\"4.0\">\n<Error><![CDATA[open</Error></VAST>",
            "a CDATA section opened at line 2 is never closed"
        ),
        (#"<VAST version="4.0"><?pi open"#, "a processing instruction opened at line 1 is never closed"),
    ])
    func unclosedConstructsAreRefusedWithTheirLine(document: String, message: String) throws {
        #expect(Fixture.refusal(document)?.message == message)
    }

    @Test func latin1IsConvertedBeforeTheParserSeesIt() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<VAST version=\"4.0\"><Ad><InLine>".utf8)
        data.append(contentsOf: Data("<AdSystem>Syst".utf8))
        data.append(0xE8)
        data.append(contentsOf: Data("me</AdSystem></InLine></Ad></VAST>".utf8))
        #expect(try VASTParser().parse(data).ads.first?.adSystem?.name == "Syst\u{E8}me")
        // An element name in Latin-1 is a valid name once converted, and the parser does not trap on it.
        var named = Data(#"<?xml version="1.0" encoding="latin1"?><VAST version="4.0"><A"#.utf8)
        named.append(0xD8)
        named.append(contentsOf: Data("d/></VAST>".utf8))
        #expect(try VASTParser().parse(named).version == "4.0")
    }

    @Test func iso8859_15AndWindows1252HaveTheirOwnCharacters() throws {
        #expect(VASTXMLEntryGate.scalar(for: 0xA4, in: .latin9) == "\u{20AC}")
        #expect(VASTXMLEntryGate.scalar(for: 0xA4, in: .latin1) == "\u{A4}")
        #expect(VASTXMLEntryGate.scalar(for: 0x80, in: .windows1252) == "\u{20AC}")
        #expect(VASTXMLEntryGate.scalar(for: 0x9F, in: .windows1252) == "\u{178}")
        #expect(VASTXMLEntryGate.scalar(for: 0xE9, in: .windows1252) == "\u{E9}")
        for undefined: UInt8 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            #expect(VASTXMLEntryGate.scalar(for: undefined, in: .windows1252) == nil)
        }
        var data = Data(#"<?xml version="1.0" encoding="windows-1252"?><VAST version="4.0"><Error>"#.utf8)
        data.append(0x81)
        data.append(contentsOf: Data("</Error></VAST>".utf8))
        #expect(Fixture.refusal(data)?.message == "byte 72 (0x81) has no character in windows-1252")
    }

    @Test func aConvertedDocumentKeepsItsLineNumbers() throws {
        var data = Data("<?xml version=\"1.0\"\n  encoding=\"latin1\"?>\n<VAST version=\"4.0\">\n<Error>".utf8)
        data.append(0xE9)
        data.append(contentsOf: Data("</Eror></VAST>".utf8))
        let error = try #require(Fixture.refusal(data))
        #expect(error.message.hasPrefix("malformed XML at line 4"), "\(error.message)")
    }

    @Test func otherDeclaredEncodingsAreRefusedByName() throws {
        for name in ["Shift_JIS", "UTF-16", "EUC-KR", "ISO-2022-JP", "UTF-7", "KOI8-R"] {
            let error = try #require(Fixture.refusal(#"<?xml version="1.0" encoding="\#(name)"?><VAST/>"#))
            #expect(error.message.hasPrefix("the declared encoding '\(name.lowercased())' is not read"), "\(name)")
        }
        var ascii = Data(#"<?xml version="1.0" encoding="US-ASCII"?><VAST version="4.0"><Error>"#.utf8)
        ascii.append(0xE9)
        ascii.append(contentsOf: Data("</Error></VAST>".utf8))
        #expect(Fixture.refusal(ascii)?.message == "byte 68 is over 0x7F in a document declared US-ASCII")
    }

    /// What the declaration says, as the gate reads it: an encoding, none, no declaration at all, or malformed.
    enum DeclarationReading: Equatable {
        case encoding(String?)
        case noDeclaration
        case malformed
    }

    static let declarations: [(String, DeclarationReading)] = [
        (#"<?xml version="1.0" encoding="ISO-8859-1"?><VAST/>"#, .encoding("iso-8859-1")),
        (#"<?xml version='1.0' encoding = 'Windows-1252' ?><VAST/>"#, .encoding("windows-1252")),
        ("<?xml version=\"1.0\"\tencoding\t=\t\"latin1\"\n standalone='no'?>", .encoding("latin1")),
        (#"<?xml version="1.0"?><VAST encoding="latin1"/>"#, .encoding(nil)),
        (#"<?xml version="1.0" standalone="yes"?>"#, .encoding(nil)),
        (#"<?XML version="1.0" encoding="latin1"?>"#, .noDeclaration),
        (#"<?xml-stylesheet href="a.xsl"?><VAST/>"#, .noDeclaration),
        (#" <?xml version="1.0" encoding="latin1"?>"#, .noDeclaration),
        (#"<?xml encoding="utf-8"?>"#, .malformed),
        (#"<?xml?>"#, .malformed),
        (#"<?xml version="2.0"?>"#, .malformed),
        (#"<?xml version="1.0" standalone="yes" encoding="latin1"?>"#, .malformed),
        (#"<?xml version="1.0" encoding="latin1" standalone="maybe"?>"#, .malformed),
        (#"<?xml version="1.0"encoding="latin1"?>"#, .malformed),
        (#"<?xml version="1.0" encoding="latin 1"?>"#, .malformed),
        (#"<?xml version="1.0" encoding=""?>"#, .malformed),
        (#"<?xml version="1.0" encoding="latin1?>"#, .malformed),
        (#"<?xml version="1.0" encoding="latin1'?>"#, .malformed),
        (#"<?xml version="1.0" encoding!="latin1"?>"#, .malformed),
        (#"<?xml version="1.0" xencoding="latin1"?>"#, .malformed),
        (#"<?xml version="1.0" note="é" encoding="latin1"?>"#, .malformed),
        (#"<?xml version="1.0" encoding="latin1""# + "\u{301}?>", .malformed),
    ]

    @Test(arguments: declarations)
    func theDeclarationIsReadByXMLsGrammar(declaration: String, expected: DeclarationReading) {
        let reading = Array(declaration.utf8).withUnsafeBytes { bytes -> DeclarationReading in
            do {
                return try VASTXMLEntryGate.readDeclaration(bytes).map { .encoding($0.encoding) } ?? .noDeclaration
            } catch {
                return .malformed
            }
        }
        #expect(reading == expected)
    }

    @Test func aStartTagWithTooManyAttributesIsRefusedBeforeTheParser() throws {
        let attributes = (0..<300_000).map { " a\($0)=\"\"" }.joined()
        let error = try #require(Fixture.refusal("<VAST version=\"4.0\"\(attributes)></VAST>"))
        #expect(error.message == "a start tag at line 1 holds more than 128 attributes")
        let quoted = (0..<200).map { " a\($0)=\"=\"" }.joined()
        #expect(Fixture.refusal("<VAST version=\"4.0\"\(quoted)/>", limits: VASTParseLimits(maxAttributes: 201)) == nil)
    }

    /// A wrapper chain's parse ends with the chain: a document that arrives as the chain's time runs out is a
    /// 301, like a fetch that does.
    @Test func aParseThatRunsIntoTheChainsTimeoutIsA301() async throws {
        let chainTimeout = Duration.milliseconds(1)
        let loader = BytesDocumentLoader(
            ["https://ads.example/next": Data(#"<VAST version="4.0"><Ad><InLine/></Ad></VAST>"#.utf8)],
            answerAfter: chainTimeout * 2)
        let wrapper = StubVAST.wrapper(to: "https://ads.example/next", name: "w")
        let resolver = VASTWrapperResolver(
            loader: loader, policy: VASTResolutionPolicy(hopTimeout: .seconds(5), chainTimeout: chainTimeout))
        let resolution = await resolver.resolve(try VASTParser().parse(Data(wrapper.utf8)))
        let failure = try #require(resolution.failures.first)
        #expect(failure.error.code == .wrapperTimeout, "\(failure.error)")
        #expect(failure.error.message.contains("were spent"), "\(failure.error.message)")
    }

    @Test func aParsePastItsTimeBudgetIsRefused() throws {
        let document = #"<VAST version="4.0"><Ad><InLine/></Ad></VAST>"#
        let error = try #require(Fixture.refusal(document, limits: VASTParseLimits(maxParseDuration: .zero)))
        #expect(error.message.hasPrefix("the parse ran past its time budget"), "\(error.message)")
        #expect(throws: VASTError.self) {
            try VASTParser().parse(Data(document.utf8), deadline: .now - .seconds(1))
        }
        #expect(try VASTParser().parse(Data(document.utf8)).version == "4.0")
    }
}

/// Serves documents as bytes (which need not be UTF-8), keyed by URL, each after `answerAfter` has passed on the
/// real clock the resolver reads (it waits on the clock without suspending: the wait is the subject).
private struct BytesDocumentLoader: VASTDocumentLoading {
    let documents: [String: Data]
    let answerAfter: Duration

    init(_ documents: [String: Data], answerAfter: Duration = .zero) {
        self.documents = documents
        self.answerAfter = answerAfter
    }

    func loadDocument(at url: URL, timeout: Duration, maxBytes: Int) async throws(VASTLoadFailure) -> Data {
        let answerAt = ContinuousClock.now + answerAfter
        while ContinuousClock.now < answerAt {}
        guard let document = documents[url.absoluteString] else { throw .unavailable("HTTP status 404") }
        return document
    }
}
