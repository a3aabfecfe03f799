import Foundation
import MediationBridge
import MediationVAST
import Testing

/// The privacy and device macros and the tag template's placeholders, from `VASTMacroValues.setPrivacy(_:client:)`.
@Suite struct VASTPrivacyMacroTests {
    static let idfa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"

    private func values(_ privacy: PrivacySettings) throws -> VASTMacroValues {
        var values = VASTMacroValues(cacheBusting: "12345678")
        values.setPrivacy(
            privacy, client: try VASTClientInfo(appBundle: "com.example.app", advertisingIdentifier: Self.idfa))
        return values
    }

    @Test func authorisedTrackingSendsTheIDFAAndConsent() throws {
        let privacy = try PrivacySettings(
            gdprApplies: true, tcfConsentString: "CPXx.Rf", gppString: "DBABzw~1YYN", gppSectionIDs: [7, 8],
            trackingAuthorization: .authorized)
        let expanded = VASTMacroExpander.expandTemplate(
            "c=[GDPRCONSENT]&r=[REGULATIONS]&l=[LIMITADTRACKING]&i=[IFA]&t=[IFATYPE]&g=[GPPSTRING]&s=[GPPSECTIONID]"
                + "&b=[APPBUNDLE]&cu=[CLIENTUA]&G={GDPR}&S={GPP_SID}&I={IFA}&C={CACHEBUSTER}&x=[CACHEBUSTING]",
            with: try values(privacy))
        #expect(
            expanded
                == "c=CPXx.Rf&r=gdpr&l=0&i=\(Self.idfa)&t=idfa&g=DBABzw~1YYN&s=7,8&b=com.example.app"
                + "&cu=unknown%20MediationKit%2F\(MediationKitVersion.current)&G=1&S=7,8&I=\(Self.idfa)"
                + "&C=12345678&x=12345678")
    }

    @Test func aWithheldIDFAIsMinusTwoAndAnUnknownOneMinusOne() throws {
        let denied = try PrivacySettings(trackingAuthorization: .denied)
        #expect(VASTMacroExpander.expand("[IFA]|[IFATYPE]|[LIMITADTRACKING]", with: try values(denied)) == "-2|-2|1")
        var unknown = VASTMacroValues()
        unknown.setPrivacy(try PrivacySettings(trackingAuthorization: .authorized), client: .none)
        #expect(VASTMacroExpander.expand("[IFA]|[IFATYPE]|[LIMITADTRACKING]", with: unknown) == "-1|-1|0")
    }

    @Test func placeholdersAreOnlyExpandedInTagTemplates() throws {
        let values = try values(try PrivacySettings(isChildDirected: true))
        #expect(VASTMacroExpander.expand("{COPPA}&[REGULATIONS]", with: values) == "{COPPA}&coppa")
        #expect(VASTMacroExpander.expandTemplate("{COPPA}&%7BLMT%7D&{OTHER}", with: values) == "1&1&{OTHER}")
    }

    @Test func theClientRefusesAnIDFAThatIsNotAUUID() {
        #expect(throws: MediationError.self) { try VASTClientInfo(advertisingIdentifier: "not-a-uuid") }
        #expect(
            (try? VASTClientInfo(advertisingIdentifier: "00000000-0000-0000-0000-000000000000"))?
                .advertisingIdentifier == nil)
    }
}
