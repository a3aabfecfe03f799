/// Chooses the media file a player plays from a linear creative's `MediaFiles`.
///
/// A file is playable when its MIME type (ignoring case and parameters) is one of the player's, its
/// `apiFramework` is not VPAID (VPAID code is never run; other values, such as the `VAST` some tags write, are
/// ignored), its delivery is played (streaming only when
/// ``VASTPlayerCapabilities/playsStreaming``), and its bitrate (`bitrate`, else `minBitrate`) is within
/// ``VASTPlayerCapabilities/maxBitrate`` when both are known.
///
/// Playable files are ranked by, in order: progressive before streaming when preferred; the smallest size
/// difference `|width - screenWidth| + |height - screenHeight|` (skipped when the screen is unknown); the highest
/// bitrate; document order. The first wins. The ranking is a total order, so the choice is deterministic.
public enum VASTMediaSelector {
    /// The selection for `linear` on a player with `capabilities`.
    public static func select(from linear: VASTLinear, for capabilities: VASTPlayerCapabilities) -> VASTMediaSelection {
        select(from: linear.mediaFiles, for: capabilities)
    }

    /// The selection among `mediaFiles`.
    public static func select(
        from mediaFiles: [VASTMediaFile], for capabilities: VASTPlayerCapabilities
    ) -> VASTMediaSelection {
        let accepted = Set(capabilities.mimeTypes.map(normalized))
        var candidates = mediaFiles.map { file in
            VASTMediaSelection.Candidate(mediaFile: file, refusal: refusal(of: file, accepted, capabilities), rank: nil)
        }
        let playable = candidates.indices.filter { candidates[$0].refusal == nil }
        let ranked = playable.sorted { lhs, rhs in
            key(candidates[lhs].mediaFile, lhs, capabilities).lexicographicallyPrecedes(
                key(candidates[rhs].mediaFile, rhs, capabilities))
        }
        for (rank, index) in ranked.enumerated() { candidates[index].rank = rank + 1 }
        guard let best = ranked.first else {
            let reason =
                mediaFiles.isEmpty
                ? "the creative has no media file" : "none of the \(mediaFiles.count) media files is playable"
            return VASTMediaSelection(chosen: nil, candidates: candidates, reason: reason)
        }
        let file = candidates[best].mediaFile
        var why = ["\(file.mimeType)"]
        if let delivery = file.delivery { why.append(delivery.rawValue) }
        if capabilities.screenWidth > 0 || capabilities.screenHeight > 0 {
            why.append(
                "\(file.width)x\(file.height) closest to \(capabilities.screenWidth)x\(capabilities.screenHeight)")
        }
        if let bitrate = file.bitrate ?? file.minBitrate {
            why.append(
                capabilities.maxBitrate.map { "\(bitrate) kbit/s within \($0)" } ?? "\(bitrate) kbit/s, highest")
        }
        let reason = "chosen among \(ranked.count) playable of \(mediaFiles.count): " + why.joined(separator: ", ")
        return VASTMediaSelection(chosen: file, candidates: candidates, reason: reason)
    }

    private static func normalized(_ mimeType: String) -> String {
        let base = mimeType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? mimeType
        return base.trimmingCharacters(in: .whitespaces).lowercased()
    }

    private static func refusal(
        of file: VASTMediaFile, _ accepted: Set<String>, _ capabilities: VASTPlayerCapabilities
    ) -> String? {
        if let framework = file.apiFramework, framework.uppercased().hasPrefix("VPAID") {
            return "needs \(framework), which is never run"
        }
        let type = normalized(file.mimeType)
        if type.isEmpty { return "no type" }
        if !accepted.contains(type) { return "type \(file.mimeType) is not played" }
        if file.delivery == .streaming && !capabilities.playsStreaming { return "streaming is not played" }
        if let cap = capabilities.maxBitrate, let bitrate = file.bitrate ?? file.minBitrate, bitrate > cap {
            return "bitrate \(bitrate) kbit/s over the \(cap) kbit/s cap"
        }
        return nil
    }

    /// The ranking key: smaller is better.
    private static func key(_ file: VASTMediaFile, _ index: Int, _ capabilities: VASTPlayerCapabilities) -> [Int] {
        let deliveryRank: Int
        switch file.delivery {
        case .progressive: deliveryRank = capabilities.prefersProgressive ? 0 : 1
        case .streaming: deliveryRank = capabilities.prefersProgressive ? 1 : 0
        case nil: deliveryRank = 2
        }
        let knowsScreen = capabilities.screenWidth > 0 || capabilities.screenHeight > 0
        let sizeDistance =
            knowsScreen
            ? abs(file.width - capabilities.screenWidth) + abs(file.height - capabilities.screenHeight) : 0
        let bitrate = file.bitrate ?? file.maxBitrate ?? file.minBitrate ?? 0
        return [deliveryRank, sizeDistance, -bitrate, index]
    }
}
