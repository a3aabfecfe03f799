import Foundation
import MediationCore
import MediationOpenRTB
import MediationSupport

extension OpenRTBCommand {
    /// The human-readable report; every value from the document is made terminal-safe.
    static func text(bids: [BidReport], errors: [OpenRTBDrop]) -> String {
        var lines: [String] = []
        for (index, bid) in bids.enumerated() {
            var head = "bid \(index + 1)"
            if let id = bid.id { head += " \(id.terminalSafe)" }
            if let price = bid.price { head += ", price \(price) \((bid.currency ?? "USD").terminalSafe)" }
            guard let mapping = bid.mapping else {
                lines.append(head + ": does not map")
                lines += bid.errors.map { "  error: \($0.description.terminalSafe)" }
                continue
            }
            lines.append(head + ": maps")
            for key in mapping.properties.keys {
                lines.append("  \(key.rawValue.terminalSafe): \(describe(mapping.properties[key]).terminalSafe)")
            }
            lines += mapping.impressionTrackers.map { "  impression tracker: \($0.absoluteString.terminalSafe)" }
            lines += mapping.clickTrackers.map { "  click tracker: \($0.absoluteString.terminalSafe)" }
            lines += mapping.viewabilityTrackers.map {
                "  viewability tracker (event \($0.event)): \($0.url.absoluteString.terminalSafe)"
            }
            lines.append("  click URL: \(mapping.clickURL?.absoluteString.terminalSafe ?? "none")")
            lines += bid.dropped.map { "  dropped: \($0.description.terminalSafe)" }
        }
        lines += errors.map { "error: \($0.description.terminalSafe)" }
        let mapped = bids.filter { $0.mapping != nil }.count
        lines.append("\(mapped) of \(bids.count) \(bids.count == 1 ? "bid maps" : "bids map")")
        return lines.joined(separator: "\n")
    }

    private static func describe(_ value: NativeAdValue?) -> String {
        switch value {
        case .text(let text)?: return text.count > 120 ? String(text.prefix(120)) + "…" : text
        case .number(let number)?: return String(number)
        case .url(let url)?: return url.absoluteString
        case .image(let image)?:
            let size = image.size.map { " (\(Int($0.width))x\(Int($0.height)))" } ?? ""
            return "image \(image.url?.absoluteString ?? "with bytes")\(size)"
        case .media(let media)?: return "media \(media.videoURL?.absoluteString ?? "")"
        case nil: return ""
        }
    }

    /// The `--json` report.
    static func jsonText(bids: [BidReport], errors: [OpenRTBDrop]) -> String {
        func drops(_ list: [OpenRTBDrop]) -> JSONValue {
            .array(list.map { .object(["path": .string($0.path), "reason": .string($0.reason)]) })
        }
        let bidValues: [JSONValue] = bids.map { bid in
            var properties = JSONValue.object([:])
            if let mapping = bid.mapping,
                let decoded = try? JSONDecoder().decode(JSONValue.self, from: mapping.properties.jsonData())
            {
                properties = decoded
            }
            return .object([
                "id": bid.id.map(JSONValue.string) ?? .null,
                "price": bid.price.map(JSONValue.number) ?? .null,
                "properties": properties,
                "impressionTrackers": .array(
                    (bid.mapping?.impressionTrackers ?? []).map { .string($0.absoluteString) }),
                "clickTrackers": .array((bid.mapping?.clickTrackers ?? []).map { .string($0.absoluteString) }),
                "clickURL": bid.mapping?.clickURL.map { .string($0.absoluteString) } ?? .null,
                "dropped": drops(bid.dropped),
                "errors": drops(bid.errors),
            ])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let root = JSONValue.object(["bids": .array(bidValues), "errors": drops(errors)])
        return (try? encoder.encode(root)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
