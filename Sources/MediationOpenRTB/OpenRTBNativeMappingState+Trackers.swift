import Foundation
import MediationBridge

extension MappingState {
    /// `link`: `url` (required), `clicktrackers`, `fallback`; macros expanded in each. The click destination is
    /// `url` when the policy takes it as one, else `fallback`; an ad with neither is not a fill: it fails with
    /// `invalid_bid_markup` at `link.url`, giving both refusals.
    mutating func readLink(_ link: OpenRTBJSONNode) throws(MediationError) {
        try link.requireObject()
        let urlNode = try link.requiredMember("url")
        let primary = url(expandMacros(try urlNode.string()), at: urlNode.location, forClick: true)
        let fallbackNode = link.member("fallback")
        var fallback: URL?
        if let fallbackNode {
            fallback = url(expandMacros(try fallbackNode.string()), at: fallbackNode.location, forClick: true)
        }
        guard let clickURL = primary ?? fallback else {
            var reason = "no usable click destination: " + refusal(at: urlNode.location)
            if let fallbackNode {
                reason += "; \(fallbackNode.path): " + refusal(at: fallbackNode.location)
            } else {
                reason += "; no link.fallback"
            }
            throw .invalidBidMarkup(path: urlNode.path, reason: reason)
        }
        mapping.clickURL = clickURL
        if let trackers = link.member("clicktrackers") {
            var seen: Set<URL> = []
            for node in try trackerElements(trackers) {
                if let url = trackerURL(try node.string(), at: node.location), seen.insert(url).inserted {
                    mapping.clickTrackers.append(url)
                }
            }
        }
    }

    /// Why the URL at `location` was refused: the reason of its drop.
    private func refusal(at location: OpenRTBJSONPath) -> String {
        let path = location.text
        return mapping.dropped.last { $0.path == path }?.reason ?? "refused"
    }

    /// `imptrackers`: image pixels fired at the impression.
    mutating func readImpressionTrackers(of native: OpenRTBJSONNode) throws(MediationError) {
        guard let trackers = native.member("imptrackers") else { return }
        for node in try trackerElements(trackers) {
            if let url = trackerURL(try node.string(), at: node.location) { addImpressionTracker(url) }
        }
    }

    /// `eventtrackers`: method 1 (image) kept, for event 1 as impression trackers and events 2–5 as viewability
    /// trackers; method 2 (JavaScript) and anything else dropped.
    mutating func readEventTrackers(of native: OpenRTBJSONNode) throws(MediationError) {
        guard let trackers = native.member("eventtrackers") else { return }
        for node in try trackerElements(trackers) {
            try node.requireObject()
            let event = try node.requiredMember("event").integer()
            let method = try node.requiredMember("method").integer()
            guard method == 1 else {
                drop(
                    node.location,
                    method == 2
                        ? "JavaScript event tracker refused: never executed" : "unknown tracking method \(method)")
                continue
            }
            guard event == 1 || (2...5).contains(event) else {
                drop(node.location, "event type \(event) is not measured")
                continue
            }
            guard let urlNode = node.member("url") else {
                drop(node.location, "an image tracker with no url")
                continue
            }
            guard let url = trackerURL(try urlNode.string(), at: urlNode.location) else { continue }
            if event == 1 {
                addImpressionTracker(url)
            } else {
                mapping.viewabilityTrackers.append(OpenRTBEventTracker(event: event, url: url))
            }
        }
    }

    private mutating func addImpressionTracker(_ url: URL) {
        guard impressionTrackerSeen(url) else { return }
        mapping.impressionTrackers.append(url)
    }

    private func impressionTrackerSeen(_ url: URL) -> Bool {
        !mapping.impressionTrackers.contains(url)
    }

    /// The list's elements, the ones past the limit dropped.
    private mutating func trackerElements(_ list: OpenRTBJSONNode) throws(MediationError) -> [OpenRTBJSONNode] {
        let all = try list.elements(maximumCount: .max)
        let limit = mapper.limits.maximumTrackers
        if all.count > limit {
            drop(list.location, "\(all.count - limit) trackers past the limit of \(limit)")
        }
        return Array(all.prefix(limit))
    }
}
