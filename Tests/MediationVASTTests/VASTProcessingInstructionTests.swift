import Foundation
import Testing

@testable import MediationVAST

/// A processing instruction without data (`<?target?>`): libxml2 reports it with a null data pointer, which
/// swift-corelibs-foundation's `XMLParser` read as a C string and crashed on (VASTParserFuzzer found it, from a
/// `<?xml?>` declaration, then from `<?<?xml?>`, where libxml2 recovers from the first error at the next `<`). The
/// parser writes a space after every such target first, wherever it is, and reads everything else as before.
@Suite struct VASTProcessingInstructionTests {
    private static func targetEnds(_ data: Data) -> [Int] {
        data.withUnsafeBytes { VASTXMLTreeBuilder.datalessInstructionTargetEnds($0) }
    }

    @Test func theMalformedDeclarationTheFuzzerFoundIsRefusedAsXML() {
        var data = Data("<?xml?>\n<VAST vMrsapplaor e".utf8)
        data.append(0)
        data.append(contentsOf: Data("ltin=\"1.0\" encoding=\"<fxdi.g=\"UTF-8\"?>\n<VAST vMrsapplp>\n  F".utf8))
        let error = Fixture.refusal(data)
        #expect(error?.code == .xmlParse, "\(String(describing: error))")
    }

    @Test func aDeclarationWithoutVersionIsRefusedAsXML() {
        let error = Fixture.refusal("<?xml?><VAST version=\"4.0\"/>")
        #expect(error?.code == .xmlParse, "\(String(describing: error))")
        #expect(
            error?.message.hasPrefix("the XML declaration is malformed at byte 5") == true,
            "\(String(describing: error))")
    }

    @Test func instructionsWithoutDataAnywhereLeaveTheAdAsWritten() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?><?marker?>
            <VAST version="4.2"><?player-hint?><Ad id="a1"><InLine><AdSystem>S<?x?>ys</AdSystem>
            <AdTitle><![CDATA[keep <?cdata?> as text]]></AdTitle><!-- <?comment?> -->
            <Impression><![CDATA[https://t.example/imp]]></Impression></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(Data(text.utf8))
        let ad = try #require(document.ads.first)
        #expect(ad.id == "a1")
        #expect(ad.adSystem?.name == "Sys")
        #expect(ad.adTitle == "keep <?cdata ?> as text", "text that holds one gets the space too")
        #expect(ad.impressions.map(\.url.absoluteString) == ["https://t.example/imp"])
    }

    @Test func everyDatalessInstructionIsOpenedWhereverItIs() {
        let text = "<?a?><b><?c d?><![CDATA[<?e?>]]><!--<?f?>--><?g?><?h\t?><??><?<?i?><?j<?k?><?l?"
        let opened = VASTXMLTreeBuilder.openingDatalessInstructions(Data(text.utf8))
        #expect(
            String(decoding: opened, as: UTF8.self)
                == "<?a ?><b><?c d?><![CDATA[<?e ?>]]><!--<?f ?>--><?g ?><?h\t?><??><?<?i ?><?j<?k ?><?l?")
    }

    @Test func theSecondCrashingInputIsRefusedAsXML() {
        let text = "<?<?xml?>\n<VA<fxdi.g=\"UTng=\"<fxdi.g=\"UTF-8\"?>\n<VAST vMrsapplp>\n  F"
        #expect(Fixture.refusal(text)?.code == .xmlParse)
    }

    @Test func aDocumentWithoutThemIsNotCopied() {
        let data = Data("<?xml version=\"1.0\"?><VAST version=\"4.0\"><![CDATA[<?x y?>]]></VAST>".utf8)
        #expect(Self.targetEnds(data).isEmpty)
        #expect(VASTXMLTreeBuilder.openingDatalessInstructions(data) == data)
    }

    @Test func anInstructionAtTheEndOfTheBytesIsNotMisread() {
        for text in ["<", "<?", "<?a", "<?a?", "<?a ?>", "x<?a>?>"] {
            #expect(Self.targetEnds(Data(text.utf8)).isEmpty)
        }
        #expect(Self.targetEnds(Data("<?a?>".utf8)) == [3])
    }
}
