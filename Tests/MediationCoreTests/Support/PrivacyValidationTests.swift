import Foundation
import MediationCore
import Testing

@Suite struct PrivacyValidationTests {
    private func path(of body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as MediationError {
            guard case .invalidConfiguration(let path, _) = error else { return "not invalidConfiguration" }
            return path
        } catch {
            return "not a MediationError: \(error)"
        }
    }

    @Test func initialiserRefusesEachBadStringNamingItsField() {
        #expect(path { _ = try PrivacySettings(usPrivacyString: "yes please") } == "usPrivacyString")
        #expect(path { _ = try PrivacySettings(usPrivacyString: "١YNN") } == "usPrivacyString")
        #expect(path { _ = try PrivacySettings(tcfConsentString: "CP x") } == "tcfConsentString")
        #expect(path { _ = try PrivacySettings(tcfConsentString: "") } == "tcfConsentString")
        #expect(path { _ = try PrivacySettings(gppString: "DBABMA~<script>") } == "gppString")
        #expect(
            path { _ = try PrivacySettings(gppString: "DBABMA~CPXxRfAPXxRfAAfKABENB", gppSectionIDs: [0]) }
                == "gppSectionIDs")
        #expect(path { _ = try PrivacySettings(gppString: "DBABMA", gppSectionIDs: [7, 7]) } == "gppSectionIDs")
        #expect(path { _ = try PrivacySettings(gppSectionIDs: [7]) } == "gppSectionIDs")
        #expect(path { _ = try Targeting(age: 999) } == "age")
        #expect(path { _ = try Targeting(language: "Russian") } == "language")
    }

    @Test func validSettingsKeepEverySignal() throws {
        let privacy = try PrivacySettings(
            gdprApplies: true, tcfConsentString: "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA.YAAAAAAAAAAA",
            usPrivacyString: "1YN-", gppString: "DBABMA~CPXxRfAPXxRfAAfKABENB", gppSectionIDs: [2, 7],
            trackingAuthorization: .authorized)
        #expect(privacy.gppSectionIDs == [2, 7])
        #expect(privacy.usPrivacyString == "1YN-")
        #expect(privacy.allowsPersonalTargeting)
    }

    @Test func settersRefuseBadValuesAndLeaveTheSettingsUnchanged() throws {
        var privacy = try PrivacySettings(usPrivacyString: "1NNN")
        #expect(path { try privacy.setUSPrivacyString("1ZZZ") } == "usPrivacyString")
        #expect(privacy.usPrivacyString == "1NNN")
        try privacy.setUSPrivacyString(nil)
        #expect(privacy.usPrivacyString == nil)
        #expect(path { try privacy.setGPP(string: "DBABMA", sectionIDs: [300]) } == "gppSectionIDs")
        #expect(privacy.gppString == nil)
        #expect(path { try privacy.setTCFConsentString("consent!") } == "tcfConsentString")
        #expect(privacy.tcfConsentString == nil)

        var targeting = try Targeting(age: 30, language: "ru")
        #expect(path { try targeting.setAge(999) } == "age")
        #expect(path { try targeting.setLanguage("RU") } == "language")
        #expect(targeting == (try Targeting(age: 30, language: "ru")))
        try targeting.setAge(31)
        #expect(targeting.age == 31)
    }

    @Test func decodingRefusesGarbageNamingTheField() {
        struct Request: Decodable {
            var privacy: PrivacySettings
            var targeting: Targeting
        }
        func decodePath(_ json: String) -> String? {
            path { _ = try JSONDecoder().decode(Request.self, from: Data(json.utf8)) }
        }
        #expect(
            decodePath(#"{"privacy": {"usPrivacyString": "garbage"}, "targeting": {}}"#) == "privacy.usPrivacyString")
        #expect(decodePath(#"{"privacy": {}, "targeting": {"age": 999}}"#) == "targeting.age")
        #expect(decodePath(#"{"privacy": {"gppSectionIDs": [7]}, "targeting": {}}"#) == "privacy.gppSectionIDs")
        #expect(decodePath(#"{"privacy": {"tcfConsentString": "a b"}, "targeting": {}}"#) == "privacy.tcfConsentString")
        #expect(decodePath(#"{"privacy": {}, "targeting": {"language": "english"}}"#) == "targeting.language")
        #expect(decodePath(#"{"privacy": {}, "targeting": {}}"#) == nil)
    }

    @Test func codableRoundTripsEveryField() throws {
        let privacy = try PrivacySettings(
            gdprApplies: false, tcfConsentString: "CPXx.YAAA", usPrivacyString: "1---", gppString: "DBABMA~CPXx",
            gppSectionIDs: [7], isChildDirected: true, canCollectPersonalInfo: false, trackingAuthorization: .denied)
        let decoded = try JSONDecoder().decode(PrivacySettings.self, from: JSONEncoder().encode(privacy))
        #expect(decoded == privacy)
        let targeting = try Targeting(age: 44, gender: .female, language: "kk")
        #expect(try JSONDecoder().decode(Targeting.self, from: JSONEncoder().encode(targeting)) == targeting)
    }

    @Test func trackingDeniedOrRestrictedWithholdsPersonalTargeting() throws {
        let targeting = try Targeting(age: 30, gender: .male, language: "en")
        for status in TrackingAuthorizationStatus.allCases {
            let privacy = try PrivacySettings(trackingAuthorization: status)
            let forbidden = status == .denied || status == .restricted
            #expect(privacy.allowsPersonalTargeting == !forbidden)
            #expect(targeting.redacted(for: privacy).age == (forbidden ? nil : 30))
            #expect(targeting.redacted(for: privacy).language == "en")
        }
        #expect(TrackingAuthorizationStatus(rawValue: 3) == .authorized)
    }
}
