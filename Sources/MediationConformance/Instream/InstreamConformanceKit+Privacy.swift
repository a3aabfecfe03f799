import Foundation
import MediationCore
import MediationTesting

/// The privacy macros check: a VAST-based custom event fills the privacy macros of the URLs it fires from the
/// request's privacy, as the privacy matrix's in-stream VAST column allows (docs/privacy.md).
extension InstreamConformanceKit {
    /// The privacy states the check plays the kit's markup under, by name.
    static func privacyStates() -> [(name: String, privacy: PrivacySettings)] {
        let tcf = "CPXxRfAPXxRfAAfKABENB"
        let gpp = "DBABMA~CPXxRfAPXxRfAAfKABENB"
        func settings(_ make: () throws -> PrivacySettings) -> PrivacySettings {
            (try? make()) ?? .unrestricted
        }
        return [
            (
                "GDPR with consent",
                settings {
                    try PrivacySettings(
                        gdprApplies: true, tcfConsentString: tcf, gppString: gpp, gppSectionIDs: [2],
                        trackingAuthorization: .authorized)
                }
            ),
            (
                "GDPR without consent",
                settings {
                    try PrivacySettings(
                        gdprApplies: true, tcfConsentString: tcf, gppString: gpp, gppSectionIDs: [2],
                        canCollectPersonalInfo: false, trackingAuthorization: .authorized)
                }
            ),
            (
                "CCPA opt-out",
                settings {
                    try PrivacySettings(gdprApplies: false, usPrivacyString: "1YYN", trackingAuthorization: .authorized)
                }
            ),
            ("COPPA", settings { try PrivacySettings(isChildDirected: true, trackingAuthorization: .authorized) }),
            ("ATT denied", settings { try PrivacySettings(trackingAuthorization: .denied) }),
        ]
    }

    /// What each query of ``privacyMacroQuery`` must carry under `privacy`: `.some(value)` exactly that value,
    /// `.none` anything but the withheld `values`.
    static func expectedMacros(
        for privacy: PrivacySettings
    ) -> [String: (exactly: String?, never: [String])] {
        let forwarded = PrivacyMatrix.forwardedSignals(to: .vast, for: privacy)
        let tcf = privacy.tcfConsentString ?? ""
        let gpp = privacy.gppString ?? ""
        let ifaAllowed = PrivacyDeviceField.advertisingIdentifier.isAllowed(in: privacy)
        var regulations: [String] = []
        if privacy.gdprApplies == true { regulations.append("gdpr") }
        if privacy.isChildDirected { regulations.append("coppa") }
        let regs = regulations.isEmpty && privacy.gdprApplies == nil ? "-1" : regulations.joined(separator: ",")
        return [
            "gdpr_consent": forwarded.contains("[GDPRCONSENT]") && !tcf.isEmpty ? (tcf, []) : (nil, [tcf]),
            "gpp": forwarded.contains("[GPPSTRING]") && !gpp.isEmpty ? (gpp, []) : (nil, [gpp]),
            "gpp_sid": forwarded.contains("[GPPSECTIONID]") && !privacy.gppSectionIDs.isEmpty
                ? (privacy.gppSectionIDs.map(String.init).joined(separator: ","), []) : (nil, []),
            "lmt": (forwarded.contains("[LIMITADTRACKING]") ? "1" : "0", []),
            "ifa": ifaAllowed ? (nil, ["-2"]) : ("-2", []),
            "ifa_type": ifaAllowed ? (nil, ["-2"]) : ("-2", []),
            "regs": (regs, []),
        ]
    }

    /// Plays the kit's markup (``bidMarkup(_:)``) under each of ``privacyStates()`` and reads the URLs it fired.
    static func privacyMacros(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let probe = Harness(subject, script: script(subject.format))
        guard probe.instance.pingedURLs != nil else {
            return .expect(
                .privacyMacros, true,
                "not VAST-based: the custom event fires no URL of its own (Instance.pingedURLs), its SDK takes the"
                    + " privacy through its own API (instream_privacy_macros applies to VAST-based custom events)")
        }
        guard probe.instance.customEvent.supportsBidding else {
            return InstreamConformanceCheckResult(
                check: .privacyMacros, status: .skipped,
                reason: "the custom event loads no bid markup, so the kit cannot hand it VAST carrying the privacy"
                    + " macros")
        }
        var problems: [String] = []
        var fired = 0
        for (name, privacy) in privacyStates() {
            let harness = Harness(subject, script: script(subject.format))
            await harness.load(markup: bidMarkup(subject.format), privacy: privacy)
            guard harness.recorder.events.contains("load") else {
                problems.append("\(name): the kit's markup did not load (\(harness.recorder.events))")
                continue
            }
            harness.instance.customEvent.start(.preroll, midpoint: nil)
            harness.clock.advance(by: .seconds(30))
            let urls = (harness.instance.pingedURLs?() ?? []).filter {
                $0.absoluteString.hasPrefix(privacyURLPrefix)
            }
            let events = Set(urls.map(\.lastPathComponent))
            if !events.isSuperset(of: ["impression", "start"]) {
                problems.append("\(name): fired \(events.sorted()) of the markup's URLs; expected impression, start")
            }
            fired += urls.count
            let expected = expectedMacros(for: privacy)
            for url in urls {
                let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                for (query, rule) in expected.sorted(by: { $0.key < $1.key }) {
                    let value = items.first { $0.name == query }?.value ?? ""
                    let macro = privacyMacroQuery.first { $0.key == query }?.value ?? query
                    if let exactly = rule.exactly, value != exactly {
                        problems.append(
                            "\(name): \(url.lastPathComponent) sent \(macro) as \"\(value)\", the matrix says"
                                + " \"\(exactly)\"")
                    } else if rule.never.contains(where: { !$0.isEmpty && $0 == value }) {
                        problems.append(
                            "\(name): \(url.lastPathComponent) sent \(macro) as \"\(value)\", which the matrix"
                                + " withholds")
                    }
                }
            }
        }
        return .expect(
            .privacyMacros, problems.isEmpty,
            problems.isEmpty
                ? "\(fired) URLs under \(privacyStates().map(\.name).joined(separator: ", ")) carried the privacy"
                    + " macros as the matrix says"
                : problems.prefix(4).joined(separator: "; ") + (problems.count > 4 ? " (+\(problems.count - 4))" : ""))
    }
}
