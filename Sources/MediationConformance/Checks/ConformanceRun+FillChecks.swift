import Foundation
import MediationCore

extension ConformanceRun {
    /// The sample ad carries every declared unified key with its declared kind.
    func checkDeclaredKeys() -> ConformanceCheckResult {
        let check = ConformanceCheck.fillHasDeclaredKeys
        guard !subject.filledProperties.isEmpty else {
            return .skipped(check, "the subject declares no unified keys")
        }
        let session = makeSession()
        let loaded: (load: ConformanceSession.Load, ad: NativeAd)
        switch session.loadSampleAd() {
        case .success(let success): loaded = success
        case .failure(let failure): return .failed(check, failure.reason)
        }
        var problems: [String] = []
        for (key, kind) in subject.filledProperties.sorted(by: { $0.key < $1.key }) {
            guard let value = loaded.ad.properties[key] else {
                problems.append("'\(key)' is missing")
                continue
            }
            if value.kind != kind {
                problems.append("'\(key)' holds \(value.kind.rawValue), declared \(kind.rawValue)")
            }
        }
        guard problems.isEmpty else {
            return .failed(check, problems.joined(separator: "; "))
        }
        return .passed(check, "all \(subject.filledProperties.count) declared keys present with their declared kinds")
    }

    /// The sample ad's values are usable: star rating in 0…5, URLs valid http(s), texts non-empty, media sane.
    func checkValuesAreValid() -> ConformanceCheckResult {
        let check = ConformanceCheck.fillValuesAreValid
        let session = makeSession()
        let ad: NativeAd
        switch session.loadSampleAd() {
        case .success(let loaded): ad = loaded.ad
        case .failure(let failure): return .failed(check, failure.reason)
        }
        var (problems, urlCount) = Self.valueProblems(of: ad.properties, defaultActionURL: ad.adapter.defaultActionURL)
        for key in ad.properties.refusedURLs.keys.sorted() {
            let url = ad.properties.refusedURLs[key] ?? ""
            problems.append("'\(key)' \(url) is not http(s) (the core dropped it)")
        }
        for path in ad.properties.droppedValues.keys.sorted() {
            problems.append("'\(path)': \(ad.properties.droppedValues[path] ?? "") (the core dropped it)")
        }
        guard problems.isEmpty else {
            return .failed(check, problems.joined(separator: "; "))
        }
        let rating = ad.properties.number(.starRating).map { "star rating \($0) in 0...5" } ?? "no star rating"
        return .passed(check, "\(ad.properties.count) values: \(rating), \(urlCount) URL(s) all http(s), no empty text")
    }

    /// A network error keeps the network's code and message.
    func checkNetworkErrorPreserved() -> ConformanceCheckResult {
        let check = ConformanceCheck.networkErrorPreserved
        let code = options.probeErrorCode
        let message = options.probeErrorMessage
        let session = makeSession()
        let load = session.startLoad(
            ConformanceScenario(.error(code: code, message: message), latency: options.networkLatency))
        withExtendedLifetime(load.customEvent) {
            session.manualClock.advance(by: options.networkLatency)
            session.settle()
        }
        guard let first = load.log.outcomes.first else {
            return .failed(check, "nothing was reported for the network's error \(code)")
        }
        switch first {
        case .failed(.networkError(let info)) where info.code == code && info.message == message:
            return .passed(check, "didFail(network_error) keeps the network's code \(code) and its message")
        case .failed(.networkError(let info)):
            return .failed(
                check,
                "network_error carries code \(info.code) \"\(info.message)\"; the network said \(code) \"\(message)\"")
        case .failed(let error):
            return .failed(
                check,
                "the network's error \(code) was reported as \(error.code) (\(error)); expected network_error with"
                    + " the network's code and message")
        case .loaded:
            return .failed(check, "the network failed with \(code) but the custom event reported didLoad")
        }
    }

    /// What is invalid in a unified ad: empty texts, non-finite numbers, a star rating outside 0…5, URLs that
    /// are not http(s) with a host (values, images, media, the default action URL), non-positive aspect ratios.
    ///
    /// - Returns: the problems, and how many URLs were inspected.
    static func valueProblems(
        of properties: NativeAdProperties, defaultActionURL: URL?
    ) -> (problems: [String], urlCount: Int) {
        var problems: [String] = []
        var urlCount = 0
        func inspect(_ url: URL?, _ label: String) {
            guard let url else { return }
            urlCount += 1
            if let problem = urlProblem(url) { problems.append("\(label) \(problem)") }
        }
        for key in properties.keys {
            guard let value = properties[key] else { continue }
            switch value {
            case .text(let text):
                if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    problems.append("'\(key)' is empty text")
                }
            case .number(let number):
                if !number.isFinite {
                    problems.append("'\(key)' is \(number)")
                } else if key == .starRating, !NativeAdProperties.starRatingRange.contains(number) {
                    problems.append("star rating \(number) is outside 0...5")
                }
            case .url(let url):
                inspect(url, "'\(key)'")
            case .image(let image):
                inspect(image.url, "'\(key)' image URL")
            case .media(let media):
                inspect(media.videoURL, "'\(key)' video URL")
                inspect(media.image?.url, "'\(key)' image URL")
                if let ratio = media.aspectRatio, !(ratio.isFinite && ratio > 0) {
                    problems.append("'\(key)' aspect ratio \(ratio) is not a positive number")
                }
            }
        }
        inspect(defaultActionURL, "defaultActionURL")
        return (problems, urlCount)
    }

    static func urlProblem(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "\(url.absoluteString) is not http(s)"
        }
        guard let host = url.host, !host.isEmpty else {
            return "\(url.absoluteString) has no host"
        }
        return nil
    }
}
