import Foundation
import MediationCore

/// Generates network ads for a ``ConformanceFillMapping`` from a seed, with hostile and edge values, and says
/// what the unified ad must hold for each.
struct ConformanceFillGenerator: Sendable {
    let mapping: ConformanceFillMapping
    let seed: UInt64

    /// Hostile URL strings: other schemes, scheme-relative, host-less, not a URL at all.
    static let hostileURLs = [
        "javascript:alert(document.cookie)", "ftp://cdn.conformance.example/a.png", "//cdn.conformance.example/a.png",
        "data:image/png;base64,iVBORw0KGgo=", "https://", "file:///etc/passwd", "not a url",
    ]

    /// Ad `index` of the batch; ad 0 has every field valid.
    func ad(_ index: Int) -> ConformanceGeneratedAd {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let valid = index == 0
        var ad = ConformanceGeneratedAd(seed: seed, index: index)
        for key in mapping.texts {
            let roll = valid ? 9 : random.next(below: 10)
            switch roll {
            case 0: break
            case 1: ad.texts[key] = ""
            case 2: ad.texts[key] = String(repeating: "Ωmega ", count: 2_000)
            case 3: ad.texts[key] = "Line\u{0}one\u{1B}[31m\u{7}\tbell"
            default: ad.texts[key] = "\(key.rawValue) of ad \(index)"
            }
        }
        for key in mapping.images {
            ad.imageURLs[key] = url(valid: valid, &random, path: "\(key.rawValue)-\(index).png")
        }
        if let scale = mapping.ratingScale {
            let roll = valid ? 9 : random.next(below: 12)
            switch roll {
            case 0: ad.rating = nil
            case 1: ad.rating = -1
            case 2: ad.rating = scale.upperBound * 2
            case 3: ad.rating = .nan
            case 4: ad.rating = .infinity
            case 5: ad.rating = scale.upperBound + 0.5
            case 6: ad.rating = scale.upperBound
            default:
                let steps = Int((scale.upperBound - scale.lowerBound) * 10)
                ad.rating = scale.lowerBound + Double(random.next(below: steps + 1)) / 10
            }
        }
        if mapping.hasClickURL {
            ad.clickURL = url(valid: valid, &random, path: "landing/\(index)")
        }
        return ad
    }

    private func url(valid: Bool, _ random: inout SplitMix64, path: String) -> String? {
        let roll = valid ? 99 : random.next(below: Self.hostileURLs.count + 6)
        if roll == 0 { return nil }
        if roll <= Self.hostileURLs.count { return Self.hostileURLs[roll - 1] }
        return "https://cdn.conformance.example/\(path)"
    }

    /// `string` as a URL when it is http(s) with a host; `nil` otherwise.
    static func webURL(_ string: String?) -> URL? {
        guard let string, let url = URL(string: string), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// Whether the generated value for `key` is usable: a non-empty text, an http(s) image URL.
    func isValid(_ key: NativeAdPropertyKey, in ad: ConformanceGeneratedAd) -> Bool {
        if mapping.texts.contains(key) { return !(ad.texts[key] ?? "").isEmpty }
        if mapping.images.contains(key) { return Self.webURL(ad.imageURLs[key]) != nil }
        if key == .starRating, let scale = mapping.ratingScale, let rating = ad.rating {
            return rating.isFinite && scale.contains(rating)
        }
        return false
    }

    /// A readable form of a generated value, for reasons (huge texts shortened).
    static func describe(_ value: String?) -> String {
        guard let value else { return "absent" }
        let shown = value.count > 40 ? String(value.prefix(20)) + "…(\(value.count) characters)" : value
        return "\""
            + shown.unicodeScalars.map {
                $0.properties.generalCategory == .control ? "\\u{\(String($0.value, radix: 16))}" : String($0)
            }.joined() + "\""
    }
}

/// SplitMix64: a small, fast, seedable generator, so that a seed always gives the same ads on every platform.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }
}
