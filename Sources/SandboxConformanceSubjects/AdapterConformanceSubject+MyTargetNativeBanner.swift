import MediationConformance
import MediationCore
import MyTargetAdapters
import NetworkSandbox

extension AdapterConformanceSubject {
    /// The myTarget native banner adapter over the sandbox myTarget SDK (``MyTargetSandbox``), loading the
    /// conformance slot (``MyTargetSandbox/conformanceSlotId``) with the SDK's default settings, with the static
    /// renderer configuration the adapter ships (``MyTargetNativeBannerCustomEvent/rendererConfiguration(settings:)``).
    ///
    /// The sample ad is the sandbox's fully filled store banner (``MyTargetSandboxContent/storeBanner(index:)``):
    /// a store ad carries a star rating and votes, no domain and so no sponsor; its AdChoices icon is drawn by the
    /// SDK (placement top right), so it is not a privacy icon.
    ///
    /// It loads bids through `loadFromBid:` and has no bid signal provider: the myTarget SDK surface names no
    /// bidder-token call (Adapters/MyTarget/README.md, "Bidding").
    public static let myTargetNativeBanner: AdapterConformanceSubject = {
        var subject = myTargetNativeBannerSubject
        subject.expectations.providesBidSignal = false
        return subject
    }()

    private static let myTargetNativeBannerSubject = AdapterConformanceSubject(
        name: "myTarget native banner",
        customEventIdentifier: MyTargetNativeBannerCustomEvent.identifier,
        validInfo: [MyTargetNativeBannerInfoKey.slotId: .string("\(MyTargetSandbox.conformanceSlotId)")],
        requiredInfoKeys: [MyTargetNativeBannerInfoKey.slotId],
        filledProperties: [
            .title: .text, .text: .text, .callToAction: .text, .iconImage: .image, .ageRestriction: .text,
            .disclaimer: .text, .advertisingLabel: .text, .navigationType: .text, .starRating: .number,
            .votes: .number, .category: .text, .subcategory: .text, .adMarkingToken: .text,
        ],
        rendererConfigurations: [MyTargetNativeBannerCustomEvent.rendererConfiguration()],
        adapterVersion: { MyTargetAdaptersVersion.adapter },
        networkSDKVersion: { MyTargetAdaptersVersion.sdk },
        expectations: ConformanceExpectations(
            fillMapping: ConformanceFillMapping(
                texts: [
                    .title, .text, .callToAction, .ageRestriction, .disclaimer, .advertisingLabel, .category,
                    .subcategory, .adMarkingToken,
                ],
                images: [.iconImage], ratingScale: 0...5, requiredKeys: MyTargetNativeBannerPropertyMapper.requiredKeys),
            registersOnAttach: true,
            request: { inputs in
                let privacy = inputs.privacy
                let optOut = privacy.usPrivacyString.map { Array($0)[2] }
                return [
                    "privacy.userAgeRestricted": privacy.isChildDirected ? "1" : "0",
                    "privacy.userConsent": privacy.gdprApplies == false
                        ? nil : privacy.canCollectPersonalInfo ? "1" : "0",
                    "privacy.ccpaUserConsent": optOut == "Y" ? "0" : optOut == "N" ? "1" : nil,
                    "customParams.age": inputs.targeting.age.map(String.init),
                    "customParams.gender": inputs.targeting.gender?.rawValue,
                    "customParams.language": inputs.targeting.language,
                    "bidId": inputs.adMarkup,
                ]
            },
            passesHostEventsToNetwork: true),
        network: .myTargetSandbox,
        makeCustomEvent: { sandbox in MyTargetNativeBannerCustomEvent(factory: sandbox) })
}

extension ConformanceNetworkDriver where StandIn == MyTargetSandbox {
    /// Drives a fresh ``MyTargetSandbox`` per check.
    ///
    /// - The sandbox runs its latencies and media downloads on the check's clock.
    /// - Scenarios become the conformance slot's script through ``MyTargetSandboxScript/init(_:sample:)``; other
    ///   slots answer "no banners".
    /// - Events are reported as ``MyTargetSandbox/report(_:on:)`` says: the SDK counts shows and clicks on the
    ///   registered view, so the ad is first shown the way a host shows it.
    /// - A load attempt is a `load` or `loadFromBid:` on one of the sandbox's ads (or a loader load).
    /// - A rejected bid markup is a bid ID the sandbox fails with ``MyTargetSandbox/rejectedBidError``.
    /// - Observed: the SDK-wide privacy, the latest ad's custom params and bid ID, and whether the ad's view is
    ///   registered (``MyTargetSandbox/conformanceObservation(of:)``).
    public static var myTargetSandbox: Self {
        var driver = ConformanceNetworkDriver(
            makeStandIn: { clock in MyTargetSandbox(clock: clock) },
            arrange: { sandbox, scenario in
                sandbox.setScript(MyTargetSandboxScript(scenario), forSlot: MyTargetSandbox.conformanceSlotId)
            },
            trigger: { _, event, ad in MyTargetSandbox.report(event, on: ad) },
            loadAttempts: { sandbox in sandbox.loadRequestCount },
            observe: { sandbox, ad in sandbox.conformanceObservation(of: ad) })
        driver.rejectBidMarkup = { sandbox, markup in sandbox.rejectBid(markup) }
        return driver
    }
}
