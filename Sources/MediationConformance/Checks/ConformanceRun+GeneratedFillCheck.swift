import Foundation
import MediationCore

extension ConformanceRun {
    /// Seeded network ads with hostile and edge values: the unified ad never holds an invalid value, required
    /// keys are present when the network gave them, and the declared mapping holds. A failure names the seed.
    func checkGeneratedFillMapping() -> ConformanceCheckResult {
        let check = ConformanceCheck.generatedFillMapping
        guard let mapping = subject.expectations.fillMapping else {
            return .skipped(check, "the subject does not declare expectations.fillMapping")
        }
        let generator = ConformanceFillGenerator(mapping: mapping, seed: options.fillSeed)
        let count = max(options.generatedFillCount, 1)
        let session = makeSession()
        var loadedCount = 0
        for index in 0..<count {
            let generated = generator.ad(index)
            let load = session.startLoad(ConformanceScenario(.generated(generated)))
            withExtendedLifetime(load.customEvent) { session.manualClock.advance(by: options.networkLatency) }
            let problem = generatedFillProblem(load.log.outcomes, generated: generated, generator: generator)
            if let problem {
                let seed = "0x" + String(options.fillSeed, radix: 16, uppercase: true)
                return .failed(
                    check,
                    "seed \(seed), ad \(index) of \(count): \(problem) (replay with ConformanceOptions(fillSeed: \(seed)))"
                )
            }
            if load.log.loadedAd != nil { loadedCount += 1 }
        }
        return .passed(
            check,
            "\(count) generated ads (seed 0x\(String(options.fillSeed, radix: 16, uppercase: true))): \(loadedCount)"
                + " loaded, each mapped as declared with no invalid value; the rest refused for missing required keys")
    }

    private func generatedFillProblem(
        _ outcomes: [OutcomeLog.Outcome], generated: GeneratedAd, generator: ConformanceFillGenerator
    ) -> String? {
        let mapping = generator.mapping
        let invalidRequired = mapping.requiredKeys.filter { !generator.isValid($0, in: generated) }
        guard outcomes.count == 1, let outcome = outcomes.first else {
            return "\(outcomes.count) outcomes (\(outcomes.summary)); expected one"
        }
        let ad: NativeAd
        switch outcome {
        case .failed(let error):
            guard invalidRequired.isEmpty else { return nil }
            return "every required key was valid, yet the load failed with \(error.code): \(error)"
        case .loaded(let loaded):
            ad = loaded
        }
        if let key = invalidRequired.first {
            return "loaded although the network's required '\(key)' was \(describe(key, in: generated))"
        }
        let properties = ad.properties
        let (problems, _) = Self.valueProblems(of: properties, defaultActionURL: ad.adapter.defaultActionURL)
        if let problem = problems.first { return "invalid unified value: \(problem)" }
        for key in mapping.texts {
            let sent = generated.texts[key] ?? ""
            let expected = sent.isEmpty ? nil : sent
            let got = properties.text(key)
            if got != expected {
                return "'\(key)' holds \(ConformanceFillGenerator.describe(got)); the network gave"
                    + " \(ConformanceFillGenerator.describe(generated.texts[key])), declared: the same text"
            }
        }
        for key in mapping.images {
            let expected = ConformanceFillGenerator.webURL(generated.imageURLs[key])
            let got = properties.image(key)?.url
            if got != expected {
                return "'\(key)' image is \(got?.absoluteString ?? "absent"); the network gave"
                    + " \(ConformanceFillGenerator.describe(generated.imageURLs[key])), declared:"
                    + " \(expected == nil ? "absent (not an http(s) URL)" : "that URL")"
            }
        }
        if let scale = mapping.ratingScale {
            let expected = generated.rating.flatMap { rating in
                rating.isFinite && scale.contains(rating) ? rating * 5 / scale.upperBound : nil
            }
            let got = properties.number(.starRating)
            let matches =
                switch (got, expected) {
                case (nil, nil): true
                case (let got?, let expected?): abs(got - expected) < 1e-9
                default: false
                }
            if !matches {
                return "star rating is \(got.map { "\($0)" } ?? "absent"); the network's rating"
                    + " \(generated.rating.map { "\($0)" } ?? "absent") on its \(scale) scale should give"
                    + " \(expected.map { "\($0)" } ?? "no rating")"
            }
        }
        if mapping.hasClickURL {
            let expected = ConformanceFillGenerator.webURL(generated.clickURL)
            let got = ad.adapter.defaultActionURL
            if got != expected {
                return "defaultActionURL is \(got?.absoluteString ?? "nil"); the network's click URL"
                    + " \(ConformanceFillGenerator.describe(generated.clickURL)) should give"
                    + " \(expected?.absoluteString ?? "nil")"
            }
        }
        return nil
    }

    private typealias GeneratedAd = ConformanceGeneratedAd

    private func describe(_ key: NativeAdPropertyKey, in ad: ConformanceGeneratedAd) -> String {
        if let text = ad.texts[key] { return ConformanceFillGenerator.describe(text) }
        if let url = ad.imageURLs[key] { return ConformanceFillGenerator.describe(url) }
        return "absent"
    }
}
