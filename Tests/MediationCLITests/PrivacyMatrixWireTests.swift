import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import MediationNetworking
import MediationOpenRTB
import MediationTesting
import MediationVAST
import MyTargetAdapters
import NetworkSandbox
import TAMediaAdapter
import Testing

/// Every combination of the privacy inputs against every destination of the privacy matrix: the real
/// ad-server request builder, the real OpenRTB bid request (with every device and attribution value given), and
/// each built-in custom event loading from its sandbox stand-in through a request context (which redacts with
/// `Targeting.redacted(for:)`, itself read from the table); myTarget's custom params are also built from
/// unredacted targeting, as its in-stream adapters and batch loader build them.
/// Fails on any personal field that should have been withheld, any required signal missing, and any signal the
/// matrix does not name.
@Suite struct PrivacyMatrixWireTests {
    private static let targeting: Targeting = {
        var targeting = Targeting.none
        targeting.gender = .female
        try? targeting.setAge(34)
        try? targeting.setLanguage("ru")
        return targeting
    }()

    /// The full cartesian product of small value sets for every input.
    static func allCombinations() throws -> [PrivacySettings] {
        var all: [PrivacySettings] = []
        let gpps: [(String?, [Int])] = [(nil, []), ("DBABMA~CPXxRfAPXxRfAAfKABENB", []), ("DBABzw~1YYN", [7, 8])]
        for gdprApplies in [nil, true, false] as [Bool?] {
            for consent in [true, false] {
                for tcf in [nil, "CPXxRfAPXxRfAAfKABENB"] as [String?] {
                    for usPrivacy in [nil, "1YNN", "1YYN", "1---", "1NYY"] as [String?] {
                        for (gpp, sections) in gpps {
                            for child in [false, true] {
                                for underAge in [false, true] {
                                    for att in TrackingAuthorizationStatus.allCases {
                                        for noPersonalization in [false, true] {
                                            all.append(
                                                try PrivacySettings(
                                                    gdprApplies: gdprApplies, tcfConsentString: tcf,
                                                    usPrivacyString: usPrivacy, gppString: gpp,
                                                    gppSectionIDs: sections, isChildDirected: child,
                                                    isUnderAgeOfConsent: underAge,
                                                    disallowsPersonalization: noPersonalization,
                                                    canCollectPersonalInfo: consent, trackingAuthorization: att))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return all
    }

    /// The policy, stated apart from the table: personal data goes nowhere without consent, under a sale
    /// opt-out, for a child or an under-age user, when ATT forbids tracking, or without personalisation.
    private static func mustWithhold(_ privacy: PrivacySettings) -> Bool {
        let usPrivacy = privacy.usPrivacyString.map(Array.init) ?? []
        let optedOut = usPrivacy.count == 4 && usPrivacy[2] == "Y"
        return !privacy.canCollectPersonalInfo || optedOut || privacy.isChildDirected || privacy.isUnderAgeOfConsent
            || privacy.trackingAuthorization == .denied || privacy.trackingAuthorization == .restricted
            || privacy.disallowsPersonalization
    }

    /// Signals each destination must carry, stated apart from the table.
    private static func required(_ destination: PrivacyDestination, _ privacy: PrivacySettings) -> Set<String> {
        var names: Set<String> = []
        func add(_ name: String, _ condition: Bool) { if condition { names.insert(name) } }
        let optedOut = privacy.usPrivacyString.map { Array($0)[2] == "Y" } ?? false
        switch destination {
        case .adServer:
            add("att", true)
            add("us_privacy", privacy.usPrivacyString != nil)
            add("gpp", privacy.gppString != nil)
            add("gpp_sid", !privacy.gppSectionIDs.isEmpty)
            add("coppa", privacy.isChildDirected)
            add("tfua", privacy.isUnderAgeOfConsent)
            add("npa", privacy.disallowsPersonalization)
            add("gdpr_consent", privacy.tcfConsentString != nil)
        case .myTarget:
            add("MTRGPrivacy.userAgeRestricted", privacy.isChildDirected || privacy.isUnderAgeOfConsent)
            add("MTRGPrivacy.ccpaUserConsent", optedOut)
        case .googleCustomNative:
            add("rdp", optedOut)
            add("tagForChildDirectedTreatment", privacy.isChildDirected)
            add("tagForUnderAgeOfConsent", privacy.isUnderAgeOfConsent)
            add("npa", notPersonalisedApartFromSale(privacy))
        case .openRTBBidders:
            add("device.ext.atts", true)
            add("device.lmt", privacy.trackingAuthorization != .authorized || mustWithhold(privacy))
            add("regs.gdpr", privacy.gdprApplies != nil)
            add("user.consent", privacy.tcfConsentString != nil)
            add("regs.us_privacy", privacy.usPrivacyString != nil)
            add("regs.gpp", privacy.gppString != nil)
            add("regs.gpp_sid", !privacy.gppSectionIDs.isEmpty)
            add("regs.coppa", privacy.isChildDirected)
        case .vast:
            add("[LIMITADTRACKING]", privacy.trackingAuthorization != .authorized || mustWithhold(privacy))
            add("{LMT}", privacy.trackingAuthorization != .authorized || mustWithhold(privacy))
            add("[GDPRCONSENT]", privacy.tcfConsentString != nil)
            add("{GDPR_CONSENT}", privacy.tcfConsentString != nil)
            add("{GDPR}", privacy.gdprApplies != nil)
            add("[REGULATIONS]", privacy.gdprApplies == true || privacy.isChildDirected)
            add("{US_PRIVACY}", privacy.usPrivacyString != nil)
            add("[GPPSTRING]", privacy.gppString != nil)
            add("{GPP_SID}", !privacy.gppSectionIDs.isEmpty)
            add("{COPPA}", privacy.isChildDirected)
        case .taMedia, .bidSignals, .trackers:
            break
        }
        return names
    }

    private static func notPersonalisedApartFromSale(_ privacy: PrivacySettings) -> Bool {
        var withoutSale = privacy
        try? withoutSale.setUSPrivacyString(nil)
        return mustWithhold(withoutSale)
    }

    /// What reached one destination: the privacy signals by name and the personal fields present.
    struct Observed: Equatable {
        var signals: Set<String>
        var personal: Set<PrivacyPersonalField>
    }

    @Test("every combination of privacy inputs against every destination")
    func everyCombinationAtEveryDestination() throws {
        let combinations = try Self.allCombinations()
        var failures: [String] = []
        for privacy in combinations {
            let withhold = Self.mustWithhold(privacy)
            let observations: [PrivacyDestination: Observed] = [
                .adServer: try Self.adServer(privacy),
                .myTarget: try Self.myTarget(privacy),
                .googleCustomNative: try Self.google(privacy),
                .taMedia: try Self.taMedia(privacy),
                .openRTBBidders: try Self.openRTB(privacy),
                .bidSignals: Observed(
                    signals: PrivacyMatrix.forwardedSignals(to: .bidSignals, for: privacy), personal: []),
                .trackers: Observed(signals: PrivacyMatrix.forwardedSignals(to: .trackers, for: privacy), personal: []),
                .vast: try Self.vast(privacy),
            ]
            for destination in PrivacyDestination.allCases {
                let observed = try #require(observations[destination])
                let withheld = PrivacyMatrix.withheldFields(at: destination, for: privacy)
                let expectedSignals = PrivacyMatrix.forwardedSignals(to: destination, for: privacy)
                var problems: [String] = []
                if withhold, !observed.personal.isEmpty { problems.append("leaked \(observed.personal.sorted())") }
                if withheld != (withhold ? Set(PrivacyPersonalField.allCases) : []) {
                    problems.append("the table withholds \(withheld.sorted())")
                }
                if !observed.personal.isDisjoint(with: withheld) { problems.append("sent withheld fields") }
                let missing = Self.required(destination, privacy).subtracting(observed.signals)
                if !missing.isEmpty { problems.append("required signals missing: \(missing.sorted())") }
                if observed.signals != expectedSignals {
                    problems.append(
                        "signals \(observed.signals.sorted()) but the table says \(expectedSignals.sorted())")
                }
                if !problems.isEmpty {
                    failures.append("\(destination) \(privacy): \(problems.joined(separator: "; "))")
                }
            }
        }
        #expect(combinations.count == 5_760)
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5).joined(separator: "\n"))")
    }

    // MARK: Destinations

    /// A tag template with every privacy macro and placeholder, expanded by the VAST path with every client value
    /// given: a signal counts as sent when its value is not `-1`, `-2`, empty or `0` (`{GDPR}`'s `0` is sent).
    static func vast(_ privacy: PrivacySettings) throws -> Observed {
        let idfa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
        var values = VASTMacroValues(cacheBusting: "12345678")
        values.setPrivacy(
            privacy,
            client: try VASTClientInfo(
                appBundle: "com.example.app", advertisingIdentifier: idfa, userAgent: "Mozilla/5.0 (iPhone)"))
        let names = [
            "[GDPRCONSENT]", "[REGULATIONS]", "[LIMITADTRACKING]", "[GPPSTRING]", "[GPPSECTIONID]", "[IFA]",
            "[IFATYPE]", "{GDPR}", "{GDPR_CONSENT}", "{US_PRIVACY}", "{GPP}", "{GPP_SID}", "{COPPA}", "{LMT}", "{IFA}",
        ]
        let template = "https://ads.example/vast?" + names.enumerated().map { "n\($0)=\($1)" }.joined(separator: "&")
        let url = VASTMacroExpander.expandTemplate(template, with: values)
        let items = URLComponents(string: url)?.queryItems ?? []
        var signals: Set<String> = []
        var personal: Set<PrivacyPersonalField> = []
        for (index, name) in names.enumerated() {
            let value = items.first { $0.name == "n\(index)" }?.value ?? ""
            if name.contains("IFA") {
                if value == idfa || value == "idfa" { personal.insert(.userIdentifiers) }
                continue
            }
            let sent = name == "{GDPR}" ? !value.isEmpty : !["-1", "-2", "", "0"].contains(value)
            if sent { signals.insert(name) }
        }
        return Observed(signals: signals, personal: personal)
    }

    private static let adServerSignalNames: Set<String> = [
        "gdpr_applies", "gdpr_consent", "us_privacy", "gpp", "gpp_sid", "coppa", "tfua", "att", "lmt", "npa",
    ]

    static func adServer(_ privacy: PrivacySettings) throws -> Observed {
        let source = try HTTPAdResponseSource(endpoint: try #require(URL(string: "https://ads.example/ad")))
        let url = try source.requestURL(adUnitID: "unit", privacy: privacy, targeting: targeting)
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var query: [String: String] = [:]
        for item in items {
            #expect(query[item.name] == nil, "\(item.name) repeats in \(url)")
            query[item.name] = item.value
        }
        #expect(query["lang"] == "ru")
        #expect(query["att"] == String(privacy.trackingAuthorization.rawValue))
        #expect(query["gpp"] == privacy.gppString)
        #expect(query["gpp_sid"] == (privacy.gppSectionIDs.isEmpty ? nil : "7,8"))
        #expect(query["us_privacy"] == privacy.usPrivacyString)
        var personal: Set<PrivacyPersonalField> = []
        if query["user_age"] != nil { personal.insert(.age) }
        if query["user_gender"] != nil { personal.insert(.gender) }
        let identifiers = ["idfa", "ifa", "idfv", "user_id", "uid", "email", "phone"]
        if identifiers.contains(where: { query[$0] != nil }) { personal.insert(.userIdentifiers) }
        if personal.isEmpty, !mustWithhold(privacy) { Issue.record("age and gender missing though allowed: \(url)") }
        return Observed(signals: Set(query.keys).intersection(adServerSignalNames), personal: personal)
    }

    private static let openRTBConfiguration: OpenRTBBidRequestConfiguration? = try? OpenRTBBidRequestConfiguration(
        nativeRequest: OpenRTBNativeRequest(wantedAssets: [OpenRTBWantedAsset(.title, isRequired: true)]),
        appBundle: "880047117",
        device: OpenRTBDeviceInfo(
            advertisingIdentifier: "6D92078A-8246-4BA4-AE5B-76104861E7DC",
            vendorIdentifier: "336F2BC0-245B-4242-8029-83762AB47B15", userAgent: "Mozilla/5.0 (iPhone)"),
        skAdNetwork: OpenRTBSKAdNetwork(sourceApp: "880047117", networkIdentifiers: ["cstr6suwn9.skadnetwork"]))

    /// The bid request as JSON; the device rows checked against the policy: the IDFA with ATT authorised and
    /// personal data allowed, the IDFV with personal data allowed when no IDFA goes, the user agent and the
    /// SKAdNetwork data always.
    static func openRTB(_ privacy: PrivacySettings) throws -> Observed {
        let configuration = try #require(openRTBConfiguration)
        let request = OpenRTBBidRequest(configuration: configuration, privacy: privacy, targeting: targeting)
        let json = try #require(try JSONSerialization.jsonObject(with: request.jsonData()) as? [String: Any])
        let device = try #require(json["device"] as? [String: Any])
        let ext = try #require(device["ext"] as? [String: Any])
        let regs = try #require(json["regs"] as? [String: Any])
        let imp = try #require((json["imp"] as? [[String: Any]])?.first)
        let personalAllowed = !mustWithhold(privacy)
        let ifaExpected = personalAllowed && privacy.trackingAuthorization == .authorized
        if (device["ifa"] != nil) != ifaExpected { Issue.record("ifa \(device["ifa"] ?? "none") under \(privacy)") }
        if (ext["ifv"] != nil) != (personalAllowed && !ifaExpected) {
            Issue.record("ifv \(ext["ifv"] ?? "none") under \(privacy)")
        }
        if device["ua"] as? String != "Mozilla/5.0 (iPhone)" { Issue.record("no ua under \(privacy)") }
        if (imp["ext"] as? [String: Any])?["skadn"] == nil { Issue.record("no skadn under \(privacy)") }
        if device["language"] as? String != "ru" { Issue.record("no language under \(privacy)") }
        var signals: Set<String> = []
        func add(_ name: String, _ present: Bool) { if present { signals.insert(name) } }
        add("device.ext.atts", ext["atts"] as? Int == privacy.trackingAuthorization.rawValue)
        add("device.lmt", device["lmt"] as? Int == 1)
        add("regs.gdpr", regs["gdpr"] != nil)
        add("user.consent", (json["user"] as? [String: Any])?["consent"] != nil)
        add("regs.us_privacy", regs["us_privacy"] != nil)
        add("regs.gpp", regs["gpp"] != nil)
        add("regs.gpp_sid", regs["gpp_sid"] != nil)
        add("regs.coppa", regs["coppa"] as? Int == 1)
        var personal: Set<PrivacyPersonalField> = []
        if device["ifa"] != nil || ext["ifv"] != nil { personal.insert(.userIdentifiers) }
        let user = json["user"] as? [String: Any] ?? [:]
        if user["yob"] != nil || user["age"] != nil { personal.insert(.age) }
        if user["gender"] != nil { personal.insert(.gender) }
        return Observed(signals: signals, personal: personal)
    }

    private static func context(
        _ privacy: PrivacySettings, identifier: String, clock: MediationClock,
        delegate: RecordingCustomEventDelegate = RecordingCustomEventDelegate()
    ) -> NativeAdRequestContext {
        NativeAdRequestContext(
            delegate: delegate, privacy: privacy, targeting: targeting, clock: clock,
            logger: SilentLogger(), imagePrecacher: ScriptedImagePrecacher(), trackerPinger: RecordingTrackerPinger(),
            source: NativeAdSource(customEventIdentifier: identifier, networkName: identifier))
    }

    static func myTarget(_ privacy: PrivacySettings) throws -> Observed {
        let clock = MediationClock(ManualClock())
        let sandbox = MyTargetSandbox(clock: clock, defaultScript: .fill(MyTargetSandboxContent.storeBanner()))
        let customEvent = MyTargetNativeBannerCustomEvent(factory: sandbox, viewRegistry: MyTargetViewRegistry())
        let delegate = RecordingCustomEventDelegate()  // holds the loaded ad, and so the sandbox ad
        customEvent.requestAd(
            info: ["slotId": .string("4242")], adMarkup: nil,
            context: context(
                privacy, identifier: MyTargetNativeBannerCustomEvent.identifier, clock: clock, delegate: delegate))
        defer { withExtendedLifetime(delegate) { customEvent.stop() } }
        let flags = try #require(sandbox.privacy, "myTarget's privacy was not set")
        let params = try #require(sandbox.lastNativeBannerAd?.customParams, "no myTarget ad was made")
        #expect(params.language == "ru")
        var signals: Set<String> = []
        if flags.userConsent != nil { signals.insert("MTRGPrivacy.userConsent") }
        if flags.iabUserConsent != nil { signals.insert("MTRGPrivacy.iabUserConsent") }
        if let ccpa = flags.ccpaUserConsent {
            signals.insert("MTRGPrivacy.ccpaUserConsent")
            #expect(ccpa == !privacy.optsOutOfSale)
        }
        if flags.userAgeRestricted { signals.insert("MTRGPrivacy.userAgeRestricted") }
        var personal: Set<PrivacyPersonalField> = []
        for params in [params, MyTargetCustomParams(targeting: targeting, privacy: privacy)] {
            if params.age != nil { personal.insert(.age) }
            if params.gender != .unspecified { personal.insert(.gender) }
            let identifiers = [params.email, params.phone, params.okId, params.vkId, params.customUserId]
            if identifiers.contains(where: { $0 != nil }) { personal.insert(.userIdentifiers) }
        }
        return Observed(signals: signals, personal: personal)
    }

    static func google(_ privacy: PrivacySettings) throws -> Observed {
        let network = SandboxGoogleNetwork()
        let customEvent = GoogleCustomNativeCustomEvent(factory: network)
        customEvent.requestAd(
            info: [
                "adUnitID": .string(SandboxGoogleAdContent.sampleAdUnitID),
                "formatIDs": .array([.string(SandboxGoogleAdContent.sampleFormatID)]),
            ],
            adMarkup: nil,
            context: context(
                privacy, identifier: GoogleCustomNativeCustomEvent.identifier, clock: MediationClock(ManualClock())))
        defer { customEvent.stop() }
        let request = try #require(network.loadRequests.first?.request, "Google got no request")
        var signals = Set(request.additionalParameters.keys)
        #expect(request.additionalParameters.values.allSatisfy { $0 == "1" })
        if request.tagForChildDirectedTreatment == true { signals.insert("tagForChildDirectedTreatment") }
        if request.tagForUnderAgeOfConsent == true { signals.insert("tagForUnderAgeOfConsent") }
        var personal: Set<PrivacyPersonalField> = []
        let values = Set(request.customTargeting.values)
        if values.contains("34") { personal.insert(.age) }
        if values.contains("female") { personal.insert(.gender) }
        return Observed(signals: signals, personal: personal)
    }

    static func taMedia(_ privacy: PrivacySettings) throws -> Observed {
        let network = SandboxTAMediaNetwork()
        let customEvent = TAMediaCustomNativeAdEvent(factory: network)
        customEvent.requestAd(
            info: ["NativeListId": .string(SandboxTAMediaSamples.adUnitId)], adMarkup: nil,
            context: context(
                privacy, identifier: TAMediaCustomNativeAdEvent.identifier, clock: MediationClock(ManualClock())))
        defer { customEvent.stop() }
        let request = try #require(network.loadRequests.first?.request, "TAMedia got no request")
        if !mustWithhold(privacy) { #expect(request.gender == .female) }
        return Observed(signals: [], personal: request.gender == .unknown ? [] : [.gender])
    }
}
