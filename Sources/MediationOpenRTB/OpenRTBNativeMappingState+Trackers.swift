import Foundation
import MediationBridge

extension MappingState {
    /// `link`: `url` (required), `clicktrackers`, `fallback`; macros expanded in each.
    mutating func readLink(_ link: OpenRTBJSONNode) throws(MediationError) {
        try link.requireObject()
        let urlNode = try link.requiredMember("url")
        let primary = url(expandMacros(try urlNode.string()), at: urlNode.location, forClick: true)
        var fallback: URL?
        if let fallbackNode = link.member("fallback") {
            fallback = url(expandMacros(try fallbackNode.string()), at: fallbackNode.location, forClick: true)
        }
        mapping.clickURL = primary ?? fallback
        if let trackers = link.member("clicktrackers") {
            var seen: Set<URL> = []
            for node in try trackerElements(trackers) {
                if let url = trackerURL(try node.string(), at: node.location), seen.insert(url).inserted {
                    mapping.clickTrackers.append(url)
                }
            }
        }
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
