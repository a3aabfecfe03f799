import MediationCore

extension DemoCommand {
    /// Parses one privacy or targeting option of `mediation demo` into `options`, taking its value from
    /// `remaining`; returns `false` when `argument` is not one of them. The GPP string and section IDs are
    /// kept apart and set together once every option is read.
    ///
    /// - Throws: a ``UsageError`` for a missing or invalid value, naming the option.
    static func parsePrivacyOption(
        _ argument: String, _ remaining: inout ArraySlice<String>, into options: inout Options
    ) throws(UsageError) -> Bool {
        func value() throws(UsageError) -> String {
            guard let value = remaining.popFirst() else { throw UsageError(text: "\(argument) needs a value") }
            return value
        }
        func check(_ body: () throws(MediationError) -> Void) throws(UsageError) {
            do { try body() } catch { throw UsageError(text: "\(argument): \(error)") }
        }
        switch argument {
        case "--ad-unit": options.adUnitID = try value()
        case "--gdpr-applies":
            switch try value() {
            case "1", "true": options.privacy.gdprApplies = true
            case "0", "false": options.privacy.gdprApplies = false
            case let other: throw UsageError(text: "--gdpr-applies needs 0 or 1, got '\(other)'")
            }
        case "--tcf":
            let text = try value()
            try check { () throws(MediationError) in try options.privacy.setTCFConsentString(text) }
        case "--us-privacy":
            let text = try value()
            try check { () throws(MediationError) in try options.privacy.setUSPrivacyString(text) }
        case "--gpp": options.gppString = try value()
        case "--gpp-sid":
            let text = try value()
            let ids = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard !ids.isEmpty, !ids.contains(nil) else {
                throw UsageError(text: "--gpp-sid needs comma-separated section IDs (7,8), got '\(text)'")
            }
            options.gppSectionIDs = ids.compactMap(\.self)
        case "--no-consent": options.privacy.canCollectPersonalInfo = false
        case "--child-directed": options.privacy.isChildDirected = true
        case "--under-age": options.privacy.isUnderAgeOfConsent = true
        case "--no-personalization": options.privacy.disallowsPersonalization = true
        case "--att": options.privacy.trackingAuthorization = try trackingStatus(try value())
        case "--age":
            let text = try value()
            guard let age = Int(text) else { throw UsageError(text: "--age needs a number, got '\(text)'") }
            try check { () throws(MediationError) in try options.targeting.setAge(age) }
        case "--gender":
            let text = try value()
            guard let gender = TargetingGender(rawValue: text) else {
                throw UsageError(text: "--gender needs male, female or unknown, got '\(text)'")
            }
            options.targeting.gender = gender
        case "--language":
            let text = try value()
            try check { () throws(MediationError) in try options.targeting.setLanguage(text) }
        default: return false
        }
        return true
    }

    /// The ATT status named `text` (`authorized`) or given as its raw value (`3`).
    private static func trackingStatus(_ text: String) throws(UsageError) -> TrackingAuthorizationStatus {
        let named = TrackingAuthorizationStatus.allCases.first { "\($0)" == text }
        guard let status = named ?? Int(text).flatMap(TrackingAuthorizationStatus.init(rawValue:)) else {
            throw UsageError(
                text: "--att needs notDetermined, restricted, denied, authorized or 0...3, got '\(text)'")
        }
        return status
    }
}
