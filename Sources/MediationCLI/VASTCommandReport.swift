import Foundation
import MediationCore
import MediationVAST

/// What `mediation vast` prints for one resolution: every ad with its creatives, media choice, trackers and
/// clicks, then the errors with their VAST codes. Text taken from the document is made terminal-safe.
struct VASTCommandReport {
    let resolution: VASTResolution
    let capabilities: VASTPlayerCapabilities
    /// One error per failure, per ad left out, and per InLine ad without a playable media file (403).
    let errors: [VASTError]
    /// The InLine ads with a linear creative and a chosen media file, or without one and with an overlay the
    /// host shows.
    let playableCount: Int
    /// The overlay chosen for each InLine ad without a linear creative, by the ad's index in the resolution.
    let overlays: [Int: VASTOverlayChoice]

    init(resolution: VASTResolution, capabilities: VASTPlayerCapabilities) {
        self.resolution = resolution
        self.capabilities = capabilities
        var errors = resolution.failures.map(\.error)
        errors += resolution.issues.compactMap { issue in
            issue.code.map { VASTError($0, issue.message, path: issue.path) }
        }
        var playable = 0
        var overlays: [Int: VASTOverlayChoice] = [:]
        let overlayCapabilities = Self.overlayCapabilities(for: capabilities)
        for (index, resolved) in resolution.ads.enumerated() where resolved.ad.kind == .inline {
            guard let linear = resolved.ad.linear else {
                switch VASTNonLinearOverlay.choose(resolved, capabilities: overlayCapabilities) {
                case .success(let choice):
                    overlays[index] = choice
                    playable += 1
                case .failure(let refusal):
                    errors.append(refusal)
                }
                continue
            }
            if VASTMediaSelector.select(from: linear, for: capabilities).chosen != nil {
                playable += 1
            } else {
                errors.append(
                    VASTError(.noSupportedMedia, "no media file the player plays", path: resolved.ad.path))
            }
        }
        self.errors = errors
        self.overlays = overlays
        playableCount = playable
    }

    /// The overlay area is the player's screen when the command was given one, else the standard 1280×720.
    static func overlayCapabilities(for capabilities: VASTPlayerCapabilities) -> VASTOverlayCapabilities {
        guard capabilities.screenWidth > 0, capabilities.screenHeight > 0 else { return .standard }
        return VASTOverlayCapabilities(areaWidth: capabilities.screenWidth, areaHeight: capabilities.screenHeight)
    }

    private static func describe(_ resource: VASTResource) -> String {
        switch resource {
        case .staticResource(let url, let type): "static \(type ?? "?") \(url.absoluteString)"
        case .iframe(let url): "iframe \(url.absoluteString)"
        case .html(let html): "HTML (\(html.utf8.count) bytes)"
        }
    }

    // MARK: Text

    func text() -> String {
        var lines: [String] = []
        let version = resolution.version.isEmpty ? "unknown version" : "VAST \(resolution.version)"
        lines.append("\(version): \(resolution.ads.count) ad(s), \(playableCount) playable".terminalSafe)
        for (index, resolved) in resolution.ads.enumerated() {
            lines += adLines(resolved, overlay: overlays[index])
        }
        if !resolution.trace.isEmpty {
            lines.append("trace:")
            lines += resolution.trace.map { "  \($0.terminalSafe)" }
        }
        let warnings = resolution.issues.filter { $0.code == nil }
        if !warnings.isEmpty {
            lines.append("read leniently:")
            lines += warnings.map { "  \($0.description.terminalSafe)" }
        }
        lines.append(errors.isEmpty ? "errors: none" : "errors:")
        lines += errors.map {
            "  VAST \($0.code.rawValue) (\($0.code)): \(($0.path.map { "\($0): " } ?? "") + $0.message)".terminalSafe
        }
        return lines.joined(separator: "\n")
    }

    private func adLines(_ resolved: VASTResolvedAd, overlay: VASTOverlayChoice?) -> [String] {
        let ad = resolved.ad
        var lines: [String] = []
        var head = "ad \(ad.id ?? "(no id)")"
        if let sequence = resolved.sequence { head += ", sequence \(sequence)" }
        head += ", \(ad.kind.rawValue), \(ad.adType)"
        if let system = ad.adSystem { head += ", AdSystem \(system.name)" }
        if !resolved.wrapperChain.isEmpty { head += ", through \(resolved.wrapperChain.count) wrapper fetch(es)" }
        lines.append(head.terminalSafe)
        if let title = ad.adTitle { lines.append("  title: \(title)".terminalSafe) }
        if let wrapper = ad.wrapper { lines.append("  VASTAdTagURI: \(wrapper.adTagURI.absoluteString)".terminalSafe) }
        lines += ad.impressions.map { "  impression: \($0.url.absoluteString)".terminalSafe }
        lines += ad.errorURLs.map { "  error URL: \($0.absoluteString)".terminalSafe }
        if let overlay {
            let size = "\(overlay.nonLinear.width ?? 0)x\(overlay.nonLinear.height ?? 0)"
            lines.append(
                "  chosen overlay: NonLinear \(overlay.nonLinear.id ?? "(no id)") \(size), \(Self.describe(overlay.resource))"
                    .terminalSafe)
        }
        for (index, creative) in ad.creatives.enumerated() {
            lines.append(
                "  creative \(index + 1): \(creative.kindName)\(creative.id.map { " \($0)" } ?? "")".terminalSafe)
            switch creative.content {
            case .linear(let linear):
                lines += linearLines(linear, inline: ad.kind == .inline)
            case .nonLinear(let nonLinearAds):
                for nonLinear in nonLinearAds.nonLinears {
                    lines.append("    overlay \(nonLinear.width ?? 0)x\(nonLinear.height ?? 0)")
                    if let click = nonLinear.clickThrough {
                        lines.append("    click-through: \(click.absoluteString)".terminalSafe)
                    }
                }
                lines += trackerLines(nonLinearAds.trackers)
            case .companions(let companionAds):
                lines.append("    required: \(companionAds.required.rawValue)")
                for companion in companionAds.companions {
                    lines.append(
                        "    companion \(companion.width ?? 0)x\(companion.height ?? 0), \(companion.resources.count) resource(s)"
                    )
                    if let click = companion.clickThrough {
                        lines.append("      click-through: \(click.absoluteString)".terminalSafe)
                    }
                    lines += trackerLines(companion.trackers).map { "  " + $0 }
                }
            }
        }
        return lines
    }

    private func linearLines(_ linear: VASTLinear, inline: Bool) -> [String] {
        var lines: [String] = []
        var head = "    duration \(linear.duration.map(VASTTime.format) ?? "none")"
        head += linear.skipOffset.map { ", skippable after \($0)" } ?? ", not skippable"
        lines.append(head)
        if inline {
            let selection = VASTMediaSelector.select(from: linear, for: capabilities)
            if let chosen = selection.chosen {
                lines.append("    chosen media file: \(chosen.url.absoluteString)".terminalSafe)
            } else {
                lines.append("    chosen media file: none (VAST 403)")
            }
            lines.append("      why: \(selection.reason)".terminalSafe)
            for candidate in selection.candidates {
                let verdict = candidate.refusal.map { "refused: \($0)" } ?? "rank \(candidate.rank ?? 0)"
                let file = candidate.mediaFile
                lines.append(
                    "      - \(file.mimeType) \(file.width)x\(file.height) \(file.delivery?.rawValue ?? "?") \(file.bitrate.map { "\($0)kbps" } ?? ""): \(verdict)"
                        .terminalSafe)
            }
        }
        lines += trackerLines(linear.trackers)
        if let click = linear.videoClicks.clickThrough {
            lines.append("    click-through: \(click.absoluteString)".terminalSafe)
        }
        lines += linear.videoClicks.clickTracking.map { "    click tracking: \($0.absoluteString)".terminalSafe }
        return lines
    }

    private func trackerLines(_ trackers: [VASTTracker]) -> [String] {
        trackers.map { tracker in
            let offset = tracker.offset.map { " at \($0)" } ?? ""
            return "    tracking \(tracker.event.rawValue)\(offset): \(tracker.url.absoluteString)".terminalSafe
        }
    }

    // MARK: JSON

    func json() -> String {
        let object: [String: Any] = [
            "version": resolution.version,
            "ads": resolution.ads.enumerated().map { adObject($1, overlay: overlays[$0]) },
            "errors": errors.map { error -> [String: Any] in
                ["code": error.code.rawValue, "message": error.message, "path": error.path ?? NSNull()]
            },
            "playable": playableCount,
        ]
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private func adObject(_ resolved: VASTResolvedAd, overlay: VASTOverlayChoice?) -> [String: Any] {
        let ad = resolved.ad
        return [
            "id": ad.id ?? NSNull(),
            "sequence": resolved.sequence ?? NSNull(),
            "kind": ad.kind.rawValue,
            "adType": ad.adType,
            "adSystem": ad.adSystem?.name ?? NSNull(),
            "adTitle": ad.adTitle ?? NSNull(),
            "wrapperChain": resolved.wrapperChain.map(\.absoluteString),
            "impressions": ad.impressions.map(\.url.absoluteString),
            "errorURLs": ad.errorURLs.map(\.absoluteString),
            "creatives": ad.creatives.map { creativeObject($0, inline: ad.kind == .inline) },
            "chosenOverlay": overlay.map { overlay -> [String: Any] in
                [
                    "id": overlay.nonLinear.id ?? NSNull(), "width": overlay.nonLinear.width ?? NSNull(),
                    "height": overlay.nonLinear.height ?? NSNull(), "resource": Self.describe(overlay.resource),
                ]
            } ?? NSNull(),
        ]
    }

    private func creativeObject(_ creative: VASTCreative, inline: Bool) -> [String: Any] {
        var object: [String: Any] = ["kind": creative.kindName, "id": creative.id ?? NSNull()]
        switch creative.content {
        case .linear(let linear):
            object["duration"] = linear.duration.map(VASTTime.format) ?? NSNull()
            object["skipOffset"] = linear.skipOffset.map(\.description) ?? NSNull()
            object["mediaFiles"] = linear.mediaFiles.map(mediaFileObject)
            let selection = inline ? VASTMediaSelector.select(from: linear, for: capabilities) : nil
            object["chosenMediaFile"] = selection?.chosen.map(mediaFileObject) ?? NSNull()
            object["chosenReason"] = selection?.reason ?? NSNull()
            object["tracking"] = trackingObject(linear.trackers)
            object["progress"] = linear.trackers.filter { $0.event == .progress }.map { tracker -> [String: Any] in
                ["offset": tracker.offset?.description ?? "", "url": tracker.url.absoluteString]
            }
            object["clickThrough"] = linear.videoClicks.clickThrough?.absoluteString ?? NSNull()
            object["clickTracking"] = linear.videoClicks.clickTracking.map(\.absoluteString)
        case .nonLinear(let nonLinearAds):
            object["tracking"] = trackingObject(nonLinearAds.trackers)
            object["clickThrough"] = nonLinearAds.nonLinears.first?.clickThrough?.absoluteString ?? NSNull()
            object["clickTracking"] = nonLinearAds.nonLinears.flatMap(\.clickTracking).map(\.absoluteString)
        case .companions(let companionAds):
            object["required"] = companionAds.required.rawValue
            object["tracking"] = trackingObject(companionAds.companions.flatMap(\.trackers))
            object["clickThrough"] = companionAds.companions.first?.clickThrough?.absoluteString ?? NSNull()
            object["clickTracking"] = companionAds.companions.flatMap(\.clickTracking).map(\.absoluteString)
        }
        return object
    }

    private func trackingObject(_ trackers: [VASTTracker]) -> [String: [String]] {
        var tracking: [String: [String]] = [:]
        for tracker in trackers { tracking[tracker.event.rawValue, default: []].append(tracker.url.absoluteString) }
        return tracking
    }

    private func mediaFileObject(_ file: VASTMediaFile) -> [String: Any] {
        [
            "url": file.url.absoluteString, "type": file.mimeType, "delivery": file.delivery?.rawValue ?? NSNull(),
            "width": file.width, "height": file.height, "bitrate": file.bitrate ?? NSNull(),
            "minBitrate": file.minBitrate ?? NSNull(), "maxBitrate": file.maxBitrate ?? NSNull(),
            "codec": file.codec ?? NSNull(), "apiFramework": file.apiFramework ?? NSNull(),
        ]
    }
}
