import Foundation
import MediationBridge
import MediationSupport

extension MyTargetNativeBannerOptions {
    /// The accepted media retry counts.
    public static let retryCountRange: ClosedRange<Int> = 1...10
    /// The accepted media timeouts, in seconds (lower bound excluded).
    public static let maximumMediaTimeoutSeconds: Double = 60

    /// Reads the options from a line's custom-event info.
    ///
    /// - Throws: ``MediationError/missingRequiredInfo(key:)`` with `slotId` when the slot is absent, `null` or
    ///   empty; ``MediationError/invalidConfiguration(path:reason:)`` naming the key of the first malformed
    ///   value.
    public init(info: CustomEventInfo) throws(MediationError) {
        typealias Key = MyTargetNativeBannerInfoKey
        self.init(slotId: try Self.slotId(in: info))
        if let policy = try Self.choice(Key.cachePolicy, in: info, from: Self.cachePolicies) {
            cachePolicy = policy
        }
        if let placement = try Self.choice(Key.adChoicesPlacement, in: info, from: Self.placements) {
            adChoicesPlacement = placement
        }
        bannerMediaRecovery = try Self.recovery(in: info)
        bannerMediaTimeout = try Self.timeout(in: info)
        if let value = info[Key.adChoicesCloseAutomatically], value != .null {
            guard let flag = value.boolValue else {
                throw .invalidConfiguration(
                    path: Key.adChoicesCloseAutomatically, reason: "expected a Boolean, got \(Self.describe(value))")
            }
            closesAutomatically = flag
        }
    }

    private static let cachePolicies: [String: MyTargetCachePolicy] = [
        "all": .all, "images": .images, "none": .none,
    ]

    private static let placements: [String: MyTargetAdChoicesPlacement] = [
        "topleft": .topLeft, "topright": .topRight, "bottomleft": .bottomLeft, "bottomright": .bottomRight,
        "manual": .manual, "drawingmanual": .drawingManual,
    ]

    private static func slotId(in info: CustomEventInfo) throws(MediationError) -> UInt {
        let key = MyTargetNativeBannerInfoKey.slotId
        let reason = "expected a whole number greater than 0, as a string or a number"
        switch info[key] {
        case nil, .null?:
            throw .missingRequiredInfo(key: key)
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { throw .missingRequiredInfo(key: key) }
            guard let slot = UInt(trimmed), slot > 0 else {
                throw .invalidConfiguration(path: key, reason: "\(reason), got \"\(text)\"")
            }
            return slot
        case .number(let number)?:
            guard number.isFinite, number.rounded() == number, number > 0, number <= 9_007_199_254_740_991 else {
                throw .invalidConfiguration(path: key, reason: "\(reason), got \(number)")
            }
            return UInt(saturating: number)
        case let other?:
            throw .invalidConfiguration(path: key, reason: "\(reason), got \(describe(other))")
        }
    }

    private static func choice<Value>(_ key: String, in info: CustomEventInfo, from choices: [String: Value])
        throws(MediationError) -> Value?
    {
        guard let raw = info[key], raw != .null else { return nil }
        guard case .string(let text) = raw, let value = choices[normalized(text)] else {
            let names = choices.keys.sorted().joined(separator: ", ")
            throw .invalidConfiguration(path: key, reason: "expected one of \(names), got \(describe(raw))")
        }
        return value
    }

    private static func recovery(in info: CustomEventInfo) throws(MediationError) -> MyTargetBannerMediaRecovery {
        typealias Key = MyTargetNativeBannerInfoKey
        let mode = try choice(Key.bannerMediaRecovery, in: info, from: ["skip": false, "retry": true])
        guard let raw = info[Key.bannerMediaRetryCount], raw != .null else {
            return mode == true ? .retry(maxRetryCount: 1) : .skip
        }
        guard mode != false else {
            throw .invalidConfiguration(
                path: Key.bannerMediaRetryCount,
                reason: "a retry count needs bannerMediaRecovery \"retry\", not \"skip\"")
        }
        guard let number = raw.numberValue, number.rounded() == number,
            retryCountRange.contains(Int(exactly: number) ?? 0)
        else {
            throw .invalidConfiguration(
                path: Key.bannerMediaRetryCount,
                reason: "expected a whole number in \(retryCountRange), got \(describe(raw))")
        }
        return .retry(maxRetryCount: Int(saturating: number))
    }

    private static func timeout(in info: CustomEventInfo) throws(MediationError) -> Duration? {
        let key = MyTargetNativeBannerInfoKey.bannerMediaTimeout
        guard let raw = info[key], raw != .null else { return nil }
        guard let seconds = raw.numberValue, seconds.isFinite, seconds > 0, seconds <= maximumMediaTimeoutSeconds
        else {
            throw .invalidConfiguration(
                path: key,
                reason: "expected seconds in (0, \(Int(saturating: maximumMediaTimeoutSeconds))], got \(describe(raw))")
        }
        return .milliseconds(Int64(saturating: seconds * 1000, rounding: .toNearestOrAwayFromZero))
    }

    private static func normalized(_ text: String) -> String {
        text.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): "\(number)"
        case .string(let text): "\"\(text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
