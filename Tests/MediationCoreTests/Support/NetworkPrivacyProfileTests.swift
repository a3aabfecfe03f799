import Foundation
import MediationBridge
import MediationCore
import Testing

/// `Targeting.redacted(for:profile:)`, the redaction an adapter applies with its network's privacy profile. That an
/// adapter outside the package can call it is checked by scripts/check-snippets.py, which compiles
/// docs/writing-an-adapter.md's section 12 (and `NetworkPrivacyProfile`'s doc example) against the public API only.
@Suite struct NetworkPrivacyProfileTests {
    /// One setting per restricting input, then none.
    private static func settings() throws -> [(name: String, privacy: PrivacySettings, restricts: Bool)] {
        [
            ("unrestricted", .unrestricted, false),
            ("no consent", try PrivacySettings(canCollectPersonalInfo: false), true),
            ("sale opt-out", try PrivacySettings(usPrivacyString: "1YYN"), true),
            ("no sale opt-out", try PrivacySettings(usPrivacyString: "1YNN"), false),
            ("child-directed", try PrivacySettings(isChildDirected: true), true),
            (
                "under age of consent",
                try PrivacySettings(isUnderAgeOfConsent: true, disallowsPersonalization: false), true
            ),
            (
                "no personalisation",
                try PrivacySettings(isUnderAgeOfConsent: false, disallowsPersonalization: true), true
            ),
            ("ATT denied", try PrivacySettings(trackingAuthorization: .denied), true),
            ("ATT restricted", try PrivacySettings(trackingAuthorization: .restricted), true),
            ("ATT authorized", try PrivacySettings(trackingAuthorization: .authorized), false),
            ("GPP only", try PrivacySettings(gppString: "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"), false),
        ]
    }

    @Test func standardWithholdsAgeAndGenderUnderEveryRestrictingInputAndKeepsLanguage() throws {
        let targeting = try Targeting(age: 30, gender: .female, language: "en")
        for (name, privacy, restricts) in try Self.settings() {
            let redacted = targeting.redacted(for: privacy, profile: .standard)
            #expect(redacted.age == (restricts ? nil : 30), "\(name)")
            #expect(redacted.gender == (restricts ? nil : .female), "\(name)")
            #expect(redacted.language == "en", "\(name)")
            #expect(redacted == targeting.redacted(for: privacy), "\(name): the context's redaction")
        }
    }

    @Test func builtInProfilesRedactAsTheirMatrixColumn() throws {
        let targeting = try Targeting(age: 30, gender: .male, language: "ru")
        let columns: [(NetworkPrivacyProfile, PrivacyDestination)] = [(.myTarget, .myTarget), (.taMedia, .taMedia)]
        for (name, privacy, _) in try Self.settings() {
            for (profile, destination) in columns {
                #expect(
                    targeting.redacted(for: privacy, profile: profile)
                        == targeting.redacted(for: privacy, at: destination), "\(name), \(destination)")
            }
        }
    }
}
