import Foundation

/// Follows the wrappers of a VAST document to InLine ads and merges each wrapper into the ad it leads to.
///
/// Chain rules:
/// - A chain may hold ``VASTResolutionPolicy/maxWrapperDepth`` wrappers; the next one ends it with 302, and so
///   does a wrapper whose `VASTAdTagURI` was already requested in the same chain (a loop).
/// - Each fetch has ``VASTResolutionPolicy/hopTimeout`` and what is left of
///   ``VASTResolutionPolicy/chainTimeout``; a timeout or an unavailable document ends the chain with 301.
/// - A fetched document that does not parse ends it with the parser's code (100, 101, 102); one with no ad with
///   303 (its root `Error` URLs are fired too).
/// - Each wrapper's `VASTAdTagURI` is a template: its VAST macros are expanded from ``requestMacros`` (new
///   `[CACHEBUSTING]` and `[TIMESTAMP]` for every fetch, the privacy and device macros as the privacy matrix says)
///   and encoded once, just before it is fetched; loops are found on the URIs as written.
/// - `followAdditionalWrappers="false"`: a wrapper in the next document ends the chain with 300.
/// - `allowMultipleAds="false"` (the default): only the first stand-alone ad of the next document is taken (the
///   first pod ad when it has none, read leniently); `"true"`: its pod, or its first stand-alone ad.
/// - In a pod, an ad whose chain fails is replaced by the next unused buffet ad that resolves, unless it is a
///   wrapper with `fallbackOnNoAd="false"`. Without a pod, buffet ads are tried in order until one resolves.
///
/// Merge rules (VAST 4.3 section 2.3.5.2): the wrappers' `Impression`, `Error`, linear and non-linear
/// `Tracking`, `ClickTracking`, `CustomClick`, `NonLinearClickTracking`, `AdVerifications`, `Extensions` and
/// `ViewableImpression` URLs are added to the InLine ad's (outermost wrapper first, the InLine's last). Where
/// only one may win, the element closest to the InLine ad wins: the InLine `ClickThrough` (else the nearest
/// wrapper's), the InLine icons and companions (else the nearest wrapper's).
public struct VASTWrapperResolver: Sendable {
    private let loader: any VASTDocumentLoading
    /// The bounds of every chain.
    public let policy: VASTResolutionPolicy
    /// The macro values of each wrapper fetch, asked for just before it; `nil` expands only the values every fetch
    /// knows (`[TIMESTAMP]`, `[CACHEBUSTING]`; the other IAB macros are `-1`).
    public let requestMacros: (@Sendable () -> VASTMacroValues)?

    /// A resolver fetching through `loader`, expanding each wrapper URI's macros from `requestMacros`.
    public init(
        loader: any VASTDocumentLoading, policy: VASTResolutionPolicy = .standard,
        requestMacros: (@Sendable () -> VASTMacroValues)? = nil
    ) {
        self.loader = loader
        self.policy = policy
        self.requestMacros = requestMacros
    }

    /// Fetches the tag at `url` as it is (expand a template first with
    /// ``VASTMacroExpander/expandTemplate(_:with:)``) and resolves it; the tag itself counts as no wrapper.
    public func resolve(tagURL url: URL) async -> VASTResolution {
        let deadline = ContinuousClock.now + policy.chainTimeout
        var run = Run(trace: [], issues: [], tagURL: nil)
        let document: VASTDocument
        do {
            document = try await fetch(url, deadline: deadline, run: &run)
        } catch {
            var failed = VASTResolution.failed(error, url: url, trace: run.trace)
            failed.requests = run.requests
            return failed
        }
        return await resolve(document, deadline: deadline, run: run, tagURL: url)
    }

    /// Resolves the wrappers of `document`.
    public func resolve(_ document: VASTDocument) async -> VASTResolution {
        await resolve(
            document, deadline: ContinuousClock.now + policy.chainTimeout, run: Run(trace: [], issues: [], tagURL: nil),
            tagURL: nil)
    }

    private struct Run {
        var trace: [String]
        var issues: [VASTParseIssue]
        /// Every URL fetched, as sent.
        var requests: [URL] = []
        /// The tag's own URL, when the document was fetched: a wrapper pointing back to it is a loop too.
        var tagURL: URL?
    }

    private func resolve(_ document: VASTDocument, deadline: ContinuousClock.Instant, run: Run, tagURL: URL?) async
        -> VASTResolution
    {
        var run = run
        run.tagURL = tagURL
        run.issues += document.issues
        var ads: [VASTResolvedAd] = []
        var failures: [VASTResolutionFailure] = []
        var buffet = document.buffet[...]
        let pod = document.pod
        if document.ads.isEmpty {
            run.trace.append("no ad in the document")
        }
        if pod.isEmpty {
            while let ad = buffet.popFirst() {
                let (resolved, failed) = await resolveAd(ad, chain: [], visited: [], deadline: deadline, run: &run)
                failures += failed
                if !resolved.isEmpty {
                    ads = resolved
                    break
                }
            }
        } else {
            for ad in pod {
                let (resolved, failed) = await resolveAd(ad, chain: [], visited: [], deadline: deadline, run: &run)
                failures += failed
                if !resolved.isEmpty {
                    ads += resolved.map {
                        VASTResolvedAd(ad: $0.ad, wrapperChain: $0.wrapperChain, sequence: ad.sequence)
                    }
                    continue
                }
                guard ad.wrapper?.fallbackOnNoAd ?? true else {
                    run.trace.append("\(ad.path): no ad; fallbackOnNoAd is false, moving on in the pod")
                    continue
                }
                while let substitute = buffet.popFirst() {
                    run.trace.append("\(ad.path): no ad; trying buffet ad \(substitute.path)")
                    let (resolvedSubstitute, failedSubstitute) = await resolveAd(
                        substitute, chain: [], visited: [], deadline: deadline, run: &run)
                    failures += failedSubstitute
                    if !resolvedSubstitute.isEmpty {
                        ads += resolvedSubstitute.map {
                            VASTResolvedAd(ad: $0.ad, wrapperChain: $0.wrapperChain, sequence: ad.sequence)
                        }
                        break
                    }
                }
            }
        }
        return VASTResolution(
            version: document.version, ads: ads, failures: failures, trace: run.trace, issues: run.issues,
            requests: run.requests)
    }

    /// The InLine ads `ad` leads to, or why it leads to none. `chain` holds the wrappers above `ad`.
    private func resolveAd(
        _ ad: VASTAd, chain: [VASTAd], visited: [URL], deadline: ContinuousClock.Instant, run: inout Run
    ) async -> ([VASTResolvedAd], [VASTResolutionFailure]) {
        guard let wrapper = ad.wrapper else {
            return (
                [
                    VASTResolvedAd(
                        ad: VASTAdMerger.merge(ad, wrappers: chain), wrapperChain: visited, sequence: ad.sequence)
                ], []
            )
        }
        let outerPath = chain.first?.path ?? ad.path
        let wrappers = chain + [ad]
        func failure(_ error: VASTError, extraURLs: [URL] = []) -> ([VASTResolvedAd], [VASTResolutionFailure]) {
            run.trace.append("\(error)")
            let urls = wrappers.flatMap(\.errorURLs) + extraURLs
            return ([], [VASTResolutionFailure(error: error, errorURLs: urls, adPath: outerPath)])
        }
        let url = wrapper.adTagURI
        if wrappers.count > policy.maxWrapperDepth {
            return failure(
                VASTError(
                    .wrapperLimit, "more than \(policy.maxWrapperDepth) wrappers before an InLine ad",
                    path: url.absoluteString))
        }
        if visited.contains(url) || url == run.tagURL {
            return failure(
                VASTError(
                    .wrapperLimit, "wrapper loop: this URL was already requested in the chain", path: url.absoluteString
                ))
        }
        let document: VASTDocument
        do {
            let values = requestMacros?() ?? VASTMacroValues()
            document = try await fetch(VASTMacroExpander.expand(url, with: values), deadline: deadline, run: &run)
        } catch {
            return failure(error)
        }
        run.issues += document.issues
        let next = chosenAds(document, allowMultiple: wrapper.allowMultipleAds)
        guard !next.isEmpty else {
            return failure(
                VASTError(.noAdsAfterWrapper, "the wrapped document has no ad", path: url.absoluteString),
                extraURLs: document.errorURLs)
        }
        var resolved: [VASTResolvedAd] = []
        var failures: [VASTResolutionFailure] = []
        for nextAd in next {
            if nextAd.kind == .wrapper && !wrapper.followAdditionalWrappers {
                let (_, failed) = failure(
                    VASTError(
                        .wrapper, "followAdditionalWrappers is false but the wrapped document gave another wrapper",
                        path: url.absoluteString))
                failures += failed
                continue
            }
            let (ads, failed) = await resolveAd(
                nextAd, chain: wrappers, visited: visited + [url], deadline: deadline, run: &run)
            resolved += ads
            failures += failed
        }
        return (resolved, failures)
    }

    private func chosenAds(_ document: VASTDocument, allowMultiple: Bool) -> [VASTAd] {
        if allowMultiple { return document.playList }
        if let first = document.buffet.first ?? document.pod.first { return [first] }
        return []
    }

    private func fetch(_ url: URL, deadline: ContinuousClock.Instant, run: inout Run) async throws(VASTError)
        -> VASTDocument
    {
        let left = deadline - ContinuousClock.now
        guard left > .zero else {
            throw VASTError(
                .wrapperTimeout, "the chain's \(policy.chainTimeout) were spent before this fetch",
                path: url.absoluteString)
        }
        let timeout = min(policy.hopTimeout, left)
        run.requests.append(url)
        let data: Data
        do {
            data = try await loader.loadDocument(at: url, timeout: timeout, maxBytes: policy.parseLimits.maxBytes)
        } catch {
            throw VASTError(.wrapperTimeout, "fetching the wrapped document failed: \(error)", path: url.absoluteString)
        }
        run.trace.append("fetched \(url.absoluteString) (\(data.count) bytes)")
        if data.isEmpty {
            return VASTDocument(version: "", ads: [], errorURLTexts: [], issues: [])
        }
        do {
            return try VASTParser(limits: policy.parseLimits).parse(data, deadline: deadline)
        } catch {
            // The parse ends with the chain: a document refused because the chain's time ran out is a timeout.
            if ContinuousClock.now >= deadline {
                throw VASTError(
                    .wrapperTimeout, "the chain's \(policy.chainTimeout) were spent while parsing (\(error.message))",
                    path: url.absoluteString)
            }
            throw VASTError(error.code, error.message, path: url.absoluteString + (error.path.map { " " + $0 } ?? ""))
        }
    }
}
