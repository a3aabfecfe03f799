import MediationCore
import NetworkSandbox
import Testing

@testable import GoogleCustomNativeAdapter

@Suite struct GoogleCustomNativePrivacyTests {
    private func request(_ privacy: PrivacySettings) throws -> GoogleSDKRequest {
        let harness = GoogleHarness(script: .fill(.sample()), privacy: privacy)
        harness.load()
        return try #require(harness.network.loadRequests.first?.request)
    }

    @Test(
        "no consent, a child-directed request or tracking denied by ATT asks for non-personalised ads",
        arguments: [
            try PrivacySettings(canCollectPersonalInfo: false),
            try PrivacySettings(isChildDirected: true),
            try PrivacySettings(trackingAuthorization: .denied),
            try PrivacySettings(trackingAuthorization: .restricted),
        ])
    func nonPersonalisedWithoutConsent(privacy: PrivacySettings) throws {
        #expect(try request(privacy).additionalParameters["npa"] == "1")
    }

    @Test func trackingAllowedSendsNoRestriction() throws {
        let privacy = try PrivacySettings(
            gdprApplies: true, tcfConsentString: "CPXxRfAPXxRfAAfKABENB", usPrivacyString: "1YNN",
            gppString: "DBABMA~CPXxRfAPXxRfAAfKABENB", gppSectionIDs: [2], trackingAuthorization: .authorized)
        let request = try request(privacy)
        #expect(request.additionalParameters.isEmpty)
        #expect(request.tagForChildDirectedTreatment == false)
    }

    @Test func nothingPersonalGoesOutInTheRequest() throws {
        let privacy = try PrivacySettings(
            tcfConsentString: "CPXxRfAPXxRfAAfKABENB", usPrivacyString: "1YYY", canCollectPersonalInfo: false)
        let request = try request(privacy)
        #expect(request.additionalParameters == ["npa": "1", "rdp": "1"])
        #expect(request.customTargeting.isEmpty)
    }
}
