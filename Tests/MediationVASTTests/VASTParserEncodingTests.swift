import Foundation
import MediationVAST
import Testing

/// Bytes that are not UTF-8: refused before `XMLParser` sees them (its Linux build traps on an element name that
/// is not valid UTF-8; VASTParserFuzzer found it), unless the document declares a single-byte encoding the entry
/// gate converts (VASTXMLEntryGateTests).
@Suite struct VASTParserEncodingTests {
    @Test func invalidUTF8InAnElementNameIsRefusedWithItsOffset() {
        var data = Data("<VAST version=\"2.0\"><Ad><InLine><Cre".utf8)
        data.append(0xD8)
        data.append(contentsOf: Data("ative/></InLine></Ad></VAST>".utf8))
        let error = Fixture.refusal(data)
        #expect(error?.code == .xmlParse)
        #expect(error?.message == "the document is not valid UTF-8 (at byte 36)")
    }

    @Test func invalidUTF8InTextIsRefusedToo() {
        for bytes: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            var data = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><VAST version=\"4.0\"><Error>".utf8)
            data.append(contentsOf: bytes)
            data.append(contentsOf: Data("</Error></VAST>".utf8))
            #expect(Fixture.refusal(data)?.message.contains("not valid UTF-8") == true, "\(bytes)")
        }
    }

    @Test func wellFormedMultiByteTextIsRead() throws {
        let text = """
            <VAST version="4.0"><Ad><InLine><AdSystem>Système 🎬</AdSystem><AdTitle>Tïtle</AdTitle>
            <Impression>https://a.example/i?q=é</Impression></InLine></Ad></VAST>
            """
        let ad = try #require(try VASTParser().parse(Data(text.utf8)).ads.first)
        #expect(ad.adSystem?.name == "Système 🎬")
        #expect(ad.adTitle == "Tïtle")
    }

    @Test func aDeclaredSingleByteEncodingIsConverted() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><VAST version=\"4.0\"><Ad><InLine>".utf8)
        data.append(contentsOf: Data("<AdSystem>Syst".utf8))
        data.append(0xE8)
        data.append(contentsOf: Data("me</AdSystem></InLine></Ad></VAST>".utf8))
        let ad = try #require(try VASTParser().parse(data).ads.first)
        #expect(ad.adSystem?.name == "Système")
    }

    @Test func aMalformedEncodingDeclarationIsRefused() {
        for declaration in ["encoding!=\"UTF-8\"", "encoding=\"ISO-8859-1", "encoding=ISO-8859-1", "encoding=\"x y\""] {
            var data = Data("<?xml version=\"1.0\" \(declaration)?><VAST version=\"4.0\"><Cre".utf8)
            data.append(0xD8)
            data.append(contentsOf: Data("ative/></VAST>".utf8))
            #expect(
                Fixture.refusal(data)?.message.contains("the XML declaration is malformed") == true, "\(declaration)")
        }
    }
}
