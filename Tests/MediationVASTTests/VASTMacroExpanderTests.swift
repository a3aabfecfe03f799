import Foundation
import MediationVAST
import Testing

@Suite("VAST macros")
struct VASTMacroExpanderTests {
    let moment = Date(timeIntervalSince1970: 1_453_018_507.127)

    @Test func errorCodeAndTimestamp() {
        let values = VASTMacroValues(errorCode: .noSupportedMedia, timestamp: moment)
        let expanded = VASTMacroExpander.expand("https://a.example/e?c=[ERRORCODE]&t=[TIMESTAMP]", with: values)
        #expect(expanded == "https://a.example/e?c=403&t=2016-01-17T08%3A15%3A07.127%2B00%3A00")
    }

    @Test func valuesArePercentEncodedLikeEncodeURIComponent() {
        let values = VASTMacroValues(
            assetURI: URL(string: "https://cdn.example/a b.mp4?x=1&y=2")!, reason: "a/b c", custom: ["APPBUNDLE": "é~*"]
        )
        let expanded = VASTMacroExpander.expand("u=[ASSETURI]&r=[REASON]&b=[APPBUNDLE]", with: values)
        #expect(expanded == "u=https%3A%2F%2Fcdn.example%2Fa%2520b.mp4%3Fx%3D1%26y%3D2&r=a%2Fb%20c&b=%C3%A9~*")
    }

    @Test func playheadsAndPositions() {
        let values = VASTMacroValues(
            cacheBusting: "12345678", contentPlayhead: .milliseconds(61_500), adPlayhead: .seconds(3),
            breakPosition: 2, podSequence: 3, adCount: 1, playerSize: (640, 360))
        let template =
            "[CACHEBUSTING]|[CONTENTPLAYHEAD]|[MEDIAPLAYHEAD]|[ADPLAYHEAD]|[BREAKPOSITION]|[PODSEQUENCE]|[ADCOUNT]|[PLAYERSIZE]"
        #expect(
            VASTMacroExpander.expand(template, with: values)
                == "12345678|00%3A01%3A01.500|00%3A01%3A01.500|00%3A00%3A03.000|2|3|1|640,360")
    }

    @Test func listMacrosEncodeEachValueAndJoinWithCommas() {
        let values = VASTMacroValues(universalAdIds: ["abc/def", "y=z"])
        #expect(VASTMacroExpander.expand("[UNIVERSALADID]", with: values) == "abc%2Fdef,y%3Dz")
    }

    @Test func knownMacroWithoutValueBecomesMinusOneUnknownIsLeft() {
        let expanded = VASTMacroExpander.expand(
            "https://a.example/?ifa=[IFA]&mine=[MYMACRO]&err=[ERRORCODE]&x=[lower]&y=[", with: VASTMacroValues())
        #expect(expanded == "https://a.example/?ifa=-1&mine=[MYMACRO]&err=-1&x=[lower]&y=[")
    }

    @Test func percentEncodedBracketsAreMacrosToo() {
        let url = URL(string: "https://a.example/e?c=%5BERRORCODE%5D&d=%5bMYMACRO%5d&e=%41")!
        let expanded = VASTMacroExpander.expand(url, with: VASTMacroValues(errorCode: .wrapperLimit))
        #expect(expanded.absoluteString == "https://a.example/e?c=302&d=%5bMYMACRO%5d&e=%41")
    }

    @Test func cacheBustingIsEightDigitsWhenNotGiven() {
        let expanded = VASTMacroExpander.expand("[CACHEBUSTING]", with: VASTMacroValues())
        #expect(expanded.count == 8)
        #expect(expanded.allSatisfy { $0.isNumber })
    }
}
