/// The one table of what each privacy input does at each destination: which personal fields are withheld
/// while the input restricts, and which privacy signals are forwarded.
///
/// The code paths consult it: ``Targeting/redacted(for:)`` and ``PrivacySettings/allowsPersonalTargeting``,
/// the ad-server request builder, each built-in adapter's mapping (myTarget, Google custom native, TAMedia) and
/// the OpenRTB bid request send a signal only when ``forwardedSignals(to:for:)`` names it and drop the fields
/// ``withheldFields(at:for:)`` names; the bid request sends device data only as ``PrivacyDeviceField`` allows.
/// docs/privacy.md's matrix is rendered from it (``markdown()``) and a test fails when the two disagree; another
/// drives every combination of inputs through every destination.
package enum PrivacyMatrix {
    /// Every personal field.
    private static let personal = Set(PrivacyPersonalField.allCases)

    /// What `destination` does with `input`.
    package static func cell(_ input: PrivacyInput, _ destination: PrivacyDestination) -> PrivacyMatrixCell {
        let withheld = input.restriction == nil ? [] : personal
        switch destination {
        case .adServer: return PrivacyMatrixCell(withheld: withheld, forwarded: adServerSignals(input))
        case .myTarget: return myTargetCell(input, withheld: withheld)
        case .googleCustomNative: return googleCell(input, withheld: withheld)
        case .taMedia:
            return PrivacyMatrixCell(
                withheld: withheld,
                note: input == .gdpr ? "no privacy API: the request carries only `testing` and `gender`" : nil)
        case .openRTBBidders: return openRTBCell(input, withheld: withheld)
        case .bidSignals:
            return PrivacyMatrixCell(withheld: withheld, note: bidSignalNote(input))
        case .trackers:
            return PrivacyMatrixCell(
                withheld: withheld,
                note: input == .gdpr ? "pinged as the ad server wrote them: the kit adds no field or signal" : nil)
        case .vast: return vastCell(input, withheld: withheld)
        }
    }

    /// The names of the signals `destination` gets for `privacy`: every forwarded signal whose condition holds.
    package static func forwardedSignals(to destination: PrivacyDestination, for privacy: PrivacySettings) -> Set<
        String
    > {
        var names: Set<String> = []
        for input in PrivacyInput.allCases {
            for signal in cell(input, destination).forwarded where signal.condition.holds(in: privacy) {
                names.insert(signal.name)
            }
        }
        return names
    }

    /// The personal fields `destination` must not get for `privacy`: those of every input whose restriction holds.
    package static func withheldFields(
        at destination: PrivacyDestination, for privacy: PrivacySettings
    ) -> Set<PrivacyPersonalField> {
        var fields: Set<PrivacyPersonalField> = []
        for input in PrivacyInput.allCases where input.restriction?.holds(in: privacy) == true {
            fields.formUnion(cell(input, destination).withheld)
        }
        return fields
    }

    /// The personal fields withheld from at least one destination: what the request context redacts before
    /// any custom event runs.
    package static func withheldFieldsAnywhere(for privacy: PrivacySettings) -> Set<PrivacyPersonalField> {
        PrivacyDestination.allCases.reduce(into: []) { $0.formUnion(withheldFields(at: $1, for: privacy)) }
    }

    /// What the bid signal column says for `input` (``bidSignalBar(for:supportsChildDirectedTraffic:)``).
    private static func bidSignalNote(_ input: PrivacyInput) -> String? {
        switch input {
        case .gdpr: "no signal is collected without consent"
        case .usPrivacy: "no signal is collected after an opt-out of sale"
        case .childDirected: "no signal from a network that does not serve child-directed traffic"
        case .underAgeOfConsent: "no signal is collected"
        case .trackingAuthorization, .limitAdTracking, .noPersonalization, .gpp:
            "collected; the provider gets the settings for the network's token call"
        }
    }

    private static func adServerSignals(_ input: PrivacyInput) -> [PrivacySignal] {
        switch input {
        case .gdpr:
            [
                PrivacySignal("gdpr_applies", .gdprAppliesKnown, value: "`0`/`1`"),
                PrivacySignal("gdpr_consent", .tcfString, value: "the TCF string"),
            ]
        case .usPrivacy: [PrivacySignal("us_privacy", .usPrivacyString, value: "the string")]
        case .gpp:
            [
                PrivacySignal("gpp", .gppString, value: "the GPP string"),
                PrivacySignal("gpp_sid", .gppSectionIDs, value: "the IDs, comma separated (`7,8`)"),
            ]
        case .childDirected: [PrivacySignal("coppa", .childDirected, value: "`1`")]
        case .underAgeOfConsent: [PrivacySignal("tfua", .underAgeOfConsent, value: "`1`")]
        case .trackingAuthorization:
            [PrivacySignal("att", .always, value: "`0`…`3` (notDetermined, restricted, denied, authorized)")]
        case .limitAdTracking: [PrivacySignal("lmt", .trackingForbidden, value: "`1`")]
        case .noPersonalization: [PrivacySignal("npa", .noPersonalization, value: "`1`")]
        }
    }

    /// The in-stream VAST column: the VAST 4.1+ macros (`[NAME]`) and the tag template's placeholders (`{NAME}`).
    /// Its user ID is the IDFA (`[IFA]`, `[IFATYPE]`, `{IFA}`), sent only as the device table allows it and `-2`
    /// (`{IFA}` empty) when withheld; age and gender have no VAST macro.
    private static func vastCell(_ input: PrivacyInput, withheld: Set<PrivacyPersonalField>) -> PrivacyMatrixCell {
        switch input {
        case .gdpr:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [
                    PrivacySignal("[GDPRCONSENT]", .tcfString, value: "the TCF string (`-1` without one)"),
                    PrivacySignal("{GDPR_CONSENT}", .tcfString, value: "the TCF string (empty without one)"),
                    PrivacySignal("{GDPR}", .gdprAppliesKnown, value: "`0`/`1` (empty when unknown)"),
                    PrivacySignal(
                        "[REGULATIONS]", .gdprApplies,
                        value: "a list with `gdpr` (`-1` while `gdprApplies` is unknown and not child-directed)"),
                ],
                note: "its user IDs are `[IFA]`, `[IFATYPE]` and `{IFA}`: `-2` (`{IFA}` empty) when withheld")
        case .usPrivacy:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [PrivacySignal("{US_PRIVACY}", .usPrivacyString, value: "the string")],
                note: "VAST has no US Privacy macro; GPP carries it as `[GPPSTRING]`")
        case .gpp:
            PrivacyMatrixCell(forwarded: [
                PrivacySignal("[GPPSTRING]", .gppString, value: "the GPP string"),
                PrivacySignal("{GPP}", .gppString, value: "the GPP string"),
                PrivacySignal("[GPPSECTIONID]", .gppSectionIDs, value: "the IDs, comma separated (`7,8`)"),
                PrivacySignal("{GPP_SID}", .gppSectionIDs, value: "the IDs, comma separated (`7,8`)"),
            ])
        case .childDirected:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [
                    PrivacySignal("[REGULATIONS]", .childDirected, value: "a list with `coppa`"),
                    PrivacySignal("{COPPA}", .childDirected, value: "`1`"),
                ],
                note: "`{COPPA}` is `0` otherwise")
        case .underAgeOfConsent: PrivacyMatrixCell(withheld: withheld, note: "VAST has no macro for it")
        case .trackingAuthorization:
            PrivacyMatrixCell(
                withheld: withheld, note: "`[IFA]` and `[IFATYPE]` (`idfa`) only when the device table lets the IDFA go"
            )
        case .limitAdTracking:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [
                    PrivacySignal("[LIMITADTRACKING]", .trackingNotAuthorized, value: "`1`"),
                    PrivacySignal("{LMT}", .trackingNotAuthorized, value: "`1`"),
                ],
                note: "`0` otherwise, when the IDFA may go")
        case .noPersonalization: PrivacyMatrixCell(withheld: withheld, note: "VAST has no macro for it")
        }
    }

    private static func openRTBCell(_ input: PrivacyInput, withheld: Set<PrivacyPersonalField>) -> PrivacyMatrixCell {
        switch input {
        case .gdpr:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [
                    PrivacySignal("regs.gdpr", .gdprAppliesKnown, value: "`0`/`1`"),
                    PrivacySignal("user.consent", .tcfString, value: "the TCF string"),
                ],
                note: "its user IDs are the IDFA and the IDFV, the device table below; it has no age or gender")
        case .usPrivacy:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [PrivacySignal("regs.us_privacy", .usPrivacyString, value: "the string")])
        case .gpp:
            PrivacyMatrixCell(forwarded: [
                PrivacySignal("regs.gpp", .gppString, value: "the GPP string"),
                PrivacySignal("regs.gpp_sid", .gppSectionIDs, value: "the IDs (`[7,8]`)"),
            ])
        case .childDirected:
            PrivacyMatrixCell(
                withheld: withheld, forwarded: [PrivacySignal("regs.coppa", .childDirected, value: "`1`")],
                note: "`0` otherwise")
        case .underAgeOfConsent: PrivacyMatrixCell(withheld: withheld, note: "OpenRTB 2.6 has no field for it")
        case .trackingAuthorization:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [
                    PrivacySignal(
                        "device.ext.atts", .always, value: "`0`…`3` (notDetermined, restricted, denied, authorized)")
                ])
        case .limitAdTracking:
            PrivacyMatrixCell(
                withheld: withheld, forwarded: [PrivacySignal("device.lmt", .trackingNotAuthorized, value: "`1`")],
                note: "`0` otherwise, when the IDFA may go")
        case .noPersonalization: PrivacyMatrixCell(withheld: withheld, note: "OpenRTB 2.6 has no field for it")
        }
    }

    private static func myTargetCell(_ input: PrivacyInput, withheld: Set<PrivacyPersonalField>) -> PrivacyMatrixCell {
        switch input {
        case .gdpr:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [
                    PrivacySignal(
                        "MTRGPrivacy.userConsent", .gdprNotKnownNotToApply, value: "`canCollectPersonalInfo`"),
                    PrivacySignal(
                        "MTRGPrivacy.iabUserConsent", .tcfStringUnlessGDPRKnownNotToApply,
                        value: "`canCollectPersonalInfo`"),
                ],
                note: "the SDK reads `IABTCF_TCString` itself")
        case .usPrivacy:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [
                    PrivacySignal(
                        "MTRGPrivacy.ccpaUserConsent", .usPrivacySaleFlagKnown, value: "`Y` → `NO`, `N` → `YES`")
                ])
        case .gpp: PrivacyMatrixCell(note: "no setter: the SDK reads `IABGPP_…` itself")
        case .childDirected:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [PrivacySignal("MTRGPrivacy.userAgeRestricted", .childDirected, value: "`YES`")])
        case .underAgeOfConsent:
            PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [PrivacySignal("MTRGPrivacy.userAgeRestricted", .underAgeOfConsent, value: "`YES`")])
        case .trackingAuthorization, .limitAdTracking:
            PrivacyMatrixCell(withheld: withheld, note: "the SDK asks ATT itself")
        case .noPersonalization: PrivacyMatrixCell(withheld: withheld, note: "no SDK setter")
        }
    }

    private static func googleCell(_ input: PrivacyInput, withheld: Set<PrivacyPersonalField>) -> PrivacyMatrixCell {
        let npa = { (condition: PrivacyCondition) in PrivacySignal("npa", condition, value: "`1` (extras)") }
        switch input {
        case .gdpr:
            return PrivacyMatrixCell(
                withheld: withheld, forwarded: [npa(.noConsent)],
                note: "the SDK reads `IABTCF_…` itself; the request has no age, gender or ID fields")
        case .usPrivacy:
            return PrivacyMatrixCell(
                withheld: withheld, forwarded: [PrivacySignal("rdp", .optsOutOfSale, value: "`1` (extras)")])
        case .gpp: return PrivacyMatrixCell(note: "no API: the SDK reads `IABGPP_…` itself")
        case .childDirected:
            return PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [
                    PrivacySignal("tagForChildDirectedTreatment", .childDirected, value: "`true`"),
                    npa(.childDirected),
                ])
        case .underAgeOfConsent:
            return PrivacyMatrixCell(
                withheld: withheld,
                forwarded: [
                    PrivacySignal("tagForUnderAgeOfConsent", .underAgeOfConsent, value: "`true`"),
                    npa(.underAgeOfConsent),
                ])
        case .trackingAuthorization, .limitAdTracking:
            return PrivacyMatrixCell(withheld: withheld, forwarded: [npa(.trackingForbidden)])
        case .noPersonalization:
            return PrivacyMatrixCell(withheld: withheld, forwarded: [npa(.noPersonalization)])
        }
    }
}
