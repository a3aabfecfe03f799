import Foundation
import MediationBridge
import Testing

@testable import MediationVAST

/// The VAST 4 creative model: one `Creative` may hold a `Linear`, `NonLinearAds` and `CompanionAds` together (the
/// 4.x schema's `Creative_Inline_type` is a sequence of the three); all three are kept with their trackers, merged
/// with a wrapper's, and played as an in-stream player does (the linear plays, its companions show).
@Suite struct VASTFullCreativeTests {
    static let full = """
        <VAST version="4.3"><Ad id="full"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
        <Error><![CDATA[https://t.example/full/error/[ERRORCODE]]]></Error>
        <Impression>https://t.example/full/imp</Impression><Creatives>
        <Creative id="all" sequence="1"><UniversalAdId idRegistry="ad-id.org">ABCD1234</UniversalAdId>
        <CompanionAds required="all"><Companion id="side" width="300" height="250">
        <StaticResource creativeType="image/png">https://cdn.example/c.png</StaticResource>
        <TrackingEvents><Tracking event="creativeView">https://t.example/full/companion-view</Tracking></TrackingEvents>
        <CompanionClickTracking>https://t.example/full/companion-click</CompanionClickTracking>
        </Companion></CompanionAds>
        <Linear><Duration>00:00:10</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://cdn.example/a.mp4</MediaFile>
        </MediaFiles><TrackingEvents><Tracking event="start">https://t.example/full/start</Tracking></TrackingEvents>
        <VideoClicks><ClickTracking>https://t.example/full/click</ClickTracking></VideoClicks>
        </Linear>
        <NonLinearAds><TrackingEvents><Tracking event="acceptInvitation">https://t.example/full/accept</Tracking>
        </TrackingEvents>
        <NonLinear id="bar" width="300" height="50"><StaticResource creativeType="image/png">https://cdn.example/o.png</StaticResource>
        <NonLinearClickTracking>https://t.example/full/overlay-click</NonLinearClickTracking></NonLinear></NonLinearAds>
        </Creative></Creatives></InLine></Ad></VAST>
        """

    @Test func aCreativeKeepsItsLinearNonLinearAdsAndCompanionAdsWithTheirTrackers() throws {
        let document = try VASTParser().parse(Data(Self.full.utf8))
        #expect(document.issues.isEmpty, "\(document.issues)")
        let creative = try #require(document.ads.first?.creatives.first)
        #expect(document.ads.first?.creatives.count == 1)
        #expect(creative.kindNames == ["linear", "nonlinear", "companion"])
        #expect(creative.kindName == "linear+nonlinear+companion")
        #expect(creative.universalAdIds.first?.idValue == "ABCD1234")
        #expect(creative.linear?.urls(for: .start).map(\.absoluteString) == ["https://t.example/full/start"])
        #expect(creative.nonLinearAds?.trackers.map(\.url.absoluteString) == ["https://t.example/full/accept"])
        #expect(
            creative.nonLinearAds?.nonLinears.first?.clickTracking.map(\.absoluteString) == [
                "https://t.example/full/overlay-click"
            ])
        #expect(creative.companionAds?.required == .all)
        let companion = try #require(creative.companionAds?.companions.first)
        #expect(companion.trackers.map(\.url.absoluteString) == ["https://t.example/full/companion-view"])
        #expect(companion.clickTracking.map(\.absoluteString) == ["https://t.example/full/companion-click"])
    }

    @Test func aWrapperAddsItsTrackersToEachPartOfTheCreative() async throws {
        let wrapper = """
            <VAST version="4.3"><Ad id="w"><Wrapper><AdSystem>W</AdSystem>
            <VASTAdTagURI>https://a.example/full</VASTAdTagURI><Impression>https://t.example/w/imp</Impression>
            <Creatives><Creative>
            <Linear><TrackingEvents><Tracking event="start">https://t.example/w/start</Tracking></TrackingEvents></Linear>
            <NonLinearAds><TrackingEvents><Tracking event="acceptInvitation">https://t.example/w/accept</Tracking>
            </TrackingEvents></NonLinearAds>
            </Creative></Creatives></Wrapper></Ad></VAST>
            """
        let loader = StubDocumentLoader(documents: ["https://a.example/full": Self.full])
        let document = try VASTParser().parse(Data(wrapper.utf8))
        let resolution = await VASTWrapperResolver(loader: loader).resolve(document)
        let ad = try #require(resolution.ads.first?.ad)
        #expect(ad.creatives.count == 1, "the wrapper's creative is merged, not added")
        let creative = try #require(ad.creatives.first)
        #expect(
            creative.linear?.urls(for: .start).map(\.absoluteString) == [
                "https://t.example/w/start", "https://t.example/full/start",
            ])
        #expect(
            creative.nonLinearAds?.trackers.map(\.url.absoluteString) == [
                "https://t.example/w/accept", "https://t.example/full/accept",
            ])
        #expect(creative.companionAds?.companions.count == 1)
    }

    @Test func anInStreamPlayerPlaysTheLinearAndShowsTheCompanionsOfTheSameCreative() throws {
        let document = try VASTParser().parse(Data(Self.full.utf8))
        let ad = try #require(document.ads.first)
        let resolved = VASTResolvedAd(ad: ad, wrapperChain: [], sequence: nil)
        let playable = try VASTPlayableAd.make(
            resolved, index: 0, capabilities: .standard, urlPolicy: .default
        ).get()
        #expect(playable.mediaURL.absoluteString == "https://cdn.example/a.mp4")
        let companion = try #require(playable.banner.companionBanners.first)
        #expect(companion.identifier == "side")
        #expect(companion.showTrackers.map(\.absoluteString) == ["https://t.example/full/companion-view"])
        #expect(companion.clickTrackers.map(\.absoluteString) == ["https://t.example/full/companion-click"])
        let overlay = try VASTNonLinearOverlay.choose(resolved, capabilities: .standard).get()
        #expect(overlay.nonLinear.id == "bar", "an overlay host shows the same creative's NonLinear")
    }

    @Test func anInLineWithEmptyCreativesIs101NotA201() throws {
        for creatives in ["<Creatives></Creatives>", "<Creatives/>", ""] {
            let xml = """
                <VAST version="4.3"><Ad id="e"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
                <Impression>https://t.example/imp</Impression>\(creatives)</InLine></Ad></VAST>
                """
            let document = try VASTParser().parse(Data(xml.utf8))
            let ad = try #require(document.ads.first)
            let resolved = VASTResolvedAd(ad: ad, wrapperChain: [], sequence: nil)
            let refusal = VASTPlayableAd.make(resolved, index: 0, capabilities: .standard, urlPolicy: .default)
            guard case .failure(let error) = refusal else {
                Issue.record("an InLine ad without a creative played: \(creatives)")
                continue
            }
            #expect(error.code == .schemaValidation, "\(creatives)")
            guard case .failure(let overlayError) = VASTNonLinearOverlay.choose(resolved, capabilities: .standard)
            else {
                Issue.record("an overlay was chosen from no creative")
                continue
            }
            #expect(overlayError.code == .schemaValidation)
        }
    }
}
