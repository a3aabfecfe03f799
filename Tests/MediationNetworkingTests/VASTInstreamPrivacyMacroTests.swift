import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import MediationVAST
import MediationVASTNetworking
import Testing

/// The privacy and device macros of the VAST path, read back from the loopback server's hit log: a `vastTagURL`
/// template's VAST macros and `{…}` placeholders, a wrapper's `VASTAdTagURI`, and the tracking, error and
/// companion URLs, each expanded once per request from the request's `PrivacySettings` as the privacy matrix's
/// in-stream VAST column says (`-2` for a value withheld by policy, `-1` for one not known).
@Suite(.serialized) struct VASTInstreamPrivacyMacroTests {
    static let tcf = "CPXxRfAPXxRfAAfKABENB"
    static let idfa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"

    /// One privacy state and what the tag request and the trackers must carry for it.
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var privacy: PrivacySettings
        /// The expected query of the tag request (cache-busters checked apart).
        var tag: [String: String]
        /// The expected `consent`, `regs`, `lmt`, `ifa`, `ifatype` of the impression.
        var impression: [String: String]
    }

    static let cases: [Case] = {
        func privacy(_ body: (inout PrivacySettings) throws -> Void) -> PrivacySettings {
            var settings = PrivacySettings.unrestricted
            try? body(&settings)
            return settings
        }
        let authorized: (inout PrivacySettings) -> Void = { $0.trackingAuthorization = .authorized }
        return [
            Case(
                description: "GDPR with consent",
                privacy: privacy {
                    authorized(&$0)
                    $0.gdprApplies = true
                    try $0.setTCFConsentString(tcf)
                },
                tag: [
                    "gdpr": "1", "gdpr_consent": tcf, "consent": tcf, "us_privacy": "", "coppa": "0", "regs": "gdpr",
                    "lmt": "0", "ifa": idfa, "ifatype": "idfa", "ifa2": idfa,
                ],
                impression: ["consent": tcf, "regs": "gdpr", "lmt": "0", "ifa": idfa, "ifatype": "idfa"]),
            Case(
                description: "GDPR without consent",
                privacy: privacy {
                    authorized(&$0)
                    $0.gdprApplies = true
                    $0.canCollectPersonalInfo = false
                    try $0.setTCFConsentString(tcf)
                },
                tag: [
                    "gdpr": "1", "gdpr_consent": tcf, "consent": tcf, "us_privacy": "", "coppa": "0", "regs": "gdpr",
                    "lmt": "1", "ifa": "-2", "ifatype": "-2", "ifa2": "",
                ],
                impression: ["consent": tcf, "regs": "gdpr", "lmt": "1", "ifa": "-2", "ifatype": "-2"]),
            Case(
                description: "CCPA opt-out",
                privacy: privacy {
                    authorized(&$0)
                    $0.gdprApplies = false
                    try $0.setUSPrivacyString("1YYN")
                },
                tag: [
                    "gdpr": "0", "gdpr_consent": "", "consent": "-1", "us_privacy": "1YYN", "coppa": "0", "regs": "",
                    "lmt": "1", "ifa": "-2", "ifatype": "-2", "ifa2": "",
                ],
                impression: ["consent": "-1", "regs": "", "lmt": "1", "ifa": "-2", "ifatype": "-2"]),
            Case(
                description: "COPPA",
                privacy: privacy {
                    authorized(&$0)
                    $0.isChildDirected = true
                },
                tag: [
                    "gdpr": "", "gdpr_consent": "", "consent": "-1", "us_privacy": "", "coppa": "1", "regs": "coppa",
                    "lmt": "1", "ifa": "-2", "ifatype": "-2", "ifa2": "",
                ],
                impression: ["consent": "-1", "regs": "coppa", "lmt": "1", "ifa": "-2", "ifatype": "-2"]),
            Case(
                description: "ATT denied",
                privacy: privacy { $0.trackingAuthorization = .denied },
                tag: [
                    "gdpr": "", "gdpr_consent": "", "consent": "-1", "us_privacy": "", "coppa": "0", "regs": "-1",
                    "lmt": "1", "ifa": "-2", "ifatype": "-2", "ifa2": "",
                ],
                impression: ["consent": "-1", "regs": "-1", "lmt": "1", "ifa": "-2", "ifatype": "-2"]),
        ]
    }()

    /// The tag template: `{…}` placeholders and VAST macros, as an ad ops team writes them.
    static let tagQuery =
        "?gdpr={GDPR}&gdpr_consent={GDPR_CONSENT}&us_privacy={US_PRIVACY}&coppa={COPPA}&ifa2={IFA}"
        + "&consent=[GDPRCONSENT]&regs=[REGULATIONS]&lmt=[LIMITADTRACKING]&ifa=[IFA]&ifatype=[IFATYPE]"
        + "&ua=[DEVICEUA]&bundle=[APPBUNDLE]&size=[PLAYERSIZE]&bp=[BREAKPOSITION]&cb=[CACHEBUSTING]&cb2={CACHEBUSTER}"
        + "&other={NOT_OURS}&gone=[NOTAMACRO]"

    static let client: VASTClientInfo = {
        (try? VASTClientInfo(
            appBundle: "com.example.player", advertisingIdentifier: idfa, userAgent: "Mozilla/5.0 (iPhone)"))
            ?? .none
    }()

    static let screen = VASTPlayerCapabilities(
        mimeTypes: VASTPlayerCapabilities.standard.mimeTypes, screenWidth: 1280, screenHeight: 720)

    static func query(_ path: String) -> [String: String] {
        let items = URLComponents(string: path)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test(arguments: cases)
    func theTagURLIsSentExpandedAsThePrivacyMatrixSays(_ state: Case) async throws {
        try await LoopbackServer.run { server in
            let harness = try VASTInstreamPlaybackTests.Harness(
                server, tag: "/vast/vast-privacy", capabilities: Self.screen, privacy: state.privacy,
                client: Self.client, tagQuery: Self.tagQuery)
            await harness.load()
            #expect(harness.session.isLoaded)
            let requests = try await server.paths(startingWith: "/vast/")
            #expect(requests.count == 1)
            let sent = try #require(requests.first)
            #expect(harness.event.sentRequests.map { $0.path + "?" + ($0.query ?? "") } == [sent], "what is sent")
            let query = Self.query(sent)
            for (name, value) in state.tag {
                #expect(query[name] == value, "\(name) in \(sent)")
            }
            #expect(query["ua"] == "Mozilla/5.0 (iPhone)")
            #expect(sent.contains("ua=Mozilla%2F5.0%20(iPhone)"), "encoded once, as encodeURIComponent does")
            #expect(query["bundle"] == "com.example.player")
            #expect(sent.contains("size=1280,720"), "a list macro's commas stay unencoded")
            #expect(query["bp"] == "-1", "the tag is fetched before any break")
            let cacheBuster = try #require(query["cb"])
            #expect(cacheBuster.count == 8 && cacheBuster.allSatisfy(\.isNumber))
            #expect(query["cb2"] == cacheBuster, "one cache-buster per request")
            #expect(sent.contains("other=%7BNOT_OURS%7D") || sent.contains("other={NOT_OURS}"), "not ours: kept")
            #expect(query["gone"] == "[NOTAMACRO]", "an unknown bracketed name is kept")
        }
    }

    @Test(arguments: cases)
    func theTrackersCarryTheSamePrivacyValues(_ state: Case) async throws {
        try await LoopbackServer.run { server in
            let harness = try VASTInstreamPlaybackTests.Harness(
                server, tag: "/vast/vast-privacy", privacy: state.privacy, client: Self.client)
            await harness.load()
            let companion = try #require(harness.event.loadedBanners.first?.companionBanners.first)
            #expect(harness.session.start(.preroll) == .accepted)
            harness.session.handleCompanionShow(companion)
            harness.clock.runUntilIdle()
            let hits = try await harness.trackerHits(server)
            let impression = try #require(hits.first { $0.hasPrefix("/track/privacy/impression") })
            let values = Self.query(impression)
            for (name, value) in state.impression {
                #expect(values[name] == value, "\(name) in \(impression)")
            }
            let consent = state.impression["consent"] ?? ""
            let start = try #require(hits.first { $0.hasPrefix("/track/privacy/start") })
            #expect(Self.query(start)["consent"] == consent, "the percent-encoded form too")
            #expect(Self.query(start)["lmt"] == state.impression["lmt"])
            let view = try #require(hits.first { $0.hasPrefix("/track/privacy/companion-view") })
            #expect(Self.query(view)["consent"] == consent)
            #expect(Self.query(view)["ifa"] == state.impression["ifa"])
        }
    }

    /// Each wrapper hop expands its own `VASTAdTagURI` with the request's privacy and a new cache-buster.
    @Test func aWrapperHopIsExpandedWhenItIsFetched() async throws {
        let state = try #require(Self.cases.first { $0.description == "GDPR without consent" })
        try await LoopbackServer.run { server in
            let harness = try VASTInstreamPlaybackTests.Harness(
                server, tag: "/vast/vast-privacy-wrapper", privacy: state.privacy, client: Self.client,
                tagQuery: "?cb=[CACHEBUSTING]&consent={GDPR_CONSENT}")
            await harness.load()
            #expect(harness.session.isLoaded)
            let requests = try await server.paths(startingWith: "/vast/")
            #expect(requests.count == 2)
            #expect(harness.event.sentRequests.map { $0.path + "?" + ($0.query ?? "") } == requests)
            let tag = Self.query(requests[0])
            let hop = Self.query(try #require(requests.last))
            #expect(tag["consent"] == Self.tcf)
            #expect(hop["hop"] == "1")
            #expect(hop["consent"] == Self.tcf)
            #expect(hop["lmt"] == "1")
            #expect(hop["ifa"] == "-2")
            #expect(hop["cb"]?.count == 8 && hop["cb"]?.allSatisfy(\.isNumber) == true)
        }
    }

    /// An InLine ad whose `Creatives` holds no `Creative` breaks the VAST schema: its Error URLs fire with 101.
    @Test func anInLineAdWithoutACreativeFiresItsErrorURLsWith101() async throws {
        try await LoopbackServer.run { server in
            let harness = try VASTInstreamPlaybackTests.Harness(server, tag: "/vast/vast-empty-creatives")
            await harness.load()
            #expect(!harness.session.isLoaded)
            #expect(harness.event.loadFailureReason?.contains("101") == true)
            #expect(try await harness.trackerHits(server) == ["/track/empty/error?code=101"])
        }
    }
}
