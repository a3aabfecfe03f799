import Foundation
import MediationCore
import MediationSupport
import MediationVAST

/// What `mediation vast` prints for one resolution: every ad with its creatives, media choice, trackers and
/// clicks, then the errors with their VAST codes. Text taken from the document is made terminal-safe.
struct VASTCommandReport {
    let resolution: VASTResolution
    let capabilities: VASTPlayerCapabilities
    /// One error per failure, per ad left out, and per InLine ad that cannot play (101, 201, 403, 5xx), each with
    /// the `Error` URLs a player fires for it: the failed chain's (its wrappers' and an empty answer's root
    /// `Error`), or the refused ad's own with its wrappers'; none for an ad the parser left out.
    let errors: [(error: VASTError, errorURLs: [URL])]
    /// The InLine ads with a linear creative and a chosen media file, or without one and with an overlay the
    /// host shows.
    let playableCount: Int
    /// The overlay chosen for each InLine ad without a linear creative, by the ad's index in the resolution.
    let overlays: [Int: VASTOverlayChoice]

    init(resolution: VASTResolution, capabilities: VASTPlayerCapabilities) {
        self.resolution = resolution
        self.capabilities = capabilities
        var errors = resolution.failures.map { (error: $0.error, errorURLs: $0.errorURLs) }
        errors += resolution.issues.compactMap { issue in
            issue.code.map { (error: VASTError($0, issue.message, path: issue.path), errorURLs: [URL]()) }
        }
        var playable = 0
        var overlays: [Int: VASTOverlayChoice] = [:]
        let overlayCapabilities = Self.overlayCapabilities(for: capabilities)
        for (index, resolved) in resolution.ads.enumerated() where resolved.ad.kind == .inline {
            if let invalid = resolved.ad.missingCreativesError {
                errors.append((invalid, resolved.ad.errorURLs))
                continue
            }
            guard let linear = resolved.ad.linear else {
                switch VASTNonLinearOverlay.choose(resolved, capabilities: overlayCapabilities) {
                case .success(let choice):
                    overlays[index] = choice
                    playable += 1
                case .failure(let refusal):
                    errors.append((refusal, resolved.ad.errorURLs))
                }
                continue
            }
            if VASTMediaSelector.select(from: linear, for: capabilities).chosen != nil {
                playable += 1
            } else {
                errors.append(
                    (
                        VASTError(.noSupportedMedia, "no media file the player plays", path: resolved.ad.path),
                        resolved.ad.errorURLs
                    ))
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

    /// `urls` as a player fires them for `code`: `[ERRORCODE]` (bracketed or percent-encoded) replaced with the
    /// code; the other macros are left as written, since they are filled at the moment a URL fires.
    static func firedErrorURLs(_ urls: [URL], code: VASTErrorCode) -> [String] {
        urls.map { url in
            var text = url.absoluteString
            for form in ["[ERRORCODE]", "%5BERRORCODE%5D", "%5berrorcode%5d"] {
                text = text.replacingOccurrences(of: form, with: String(code.rawValue))
            }
            return text
        }
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
        for (error, urls) in errors {
            let place = error.path.map { "\($0): " } ?? ""
            lines.append("  VAST \(error.code.rawValue) (\(error.code)): \(place + error.message)".terminalSafe)
            lines += Self.firedErrorURLs(urls, code: error.code).map { "    would fire: \($0)".terminalSafe }
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
            if let linear = creative.linear {
                lines += linearLines(linear, inline: ad.kind == .inline)
            }
            if let nonLinearAds = creative.nonLinearAds {
                for nonLinear in nonLinearAds.nonLinears {
                    lines.append("    overlay \(nonLinear.width ?? 0)x\(nonLinear.height ?? 0)")
                    if let click = nonLinear.clickThrough {
                        lines.append("    click-through: \(click.absoluteString)".terminalSafe)
                    }
                }
                lines += trackerLines(nonLinearAds.trackers)
            }
            if let companionAds = creative.companionAds {
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
            "errors": errors.map { error, urls -> [String: Any] in
                [
                    "code": error.code.rawValue, "message": error.message, "path": error.path ?? NSNull(),
                    "errorURLs": Self.firedErrorURLs(urls, code: error.code),
                ]
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
        var object: [String: Any] = [
            "kind": creative.kindName, "kinds": creative.kindNames, "id": creative.id ?? NSNull(),
        ]
        if let linear = creative.linear {
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
        }
        if let nonLinearAds = creative.nonLinearAds {
            let nonLinear: [String: Any] = [
                "tracking": trackingObject(nonLinearAds.trackers),
                "clickThrough": nonLinearAds.nonLinears.first?.clickThrough?.absoluteString ?? NSNull(),
                "clickTracking": nonLinearAds.nonLinears.flatMap(\.clickTracking).map(\.absoluteString),
            ]
            // A creative of one kind keeps the flat form; a VAST 4 creative of several nests each part.
            if creative.linear == nil { object.merge(nonLinear) { $1 } }
            object["nonLinear"] = nonLinear
        }
        if let companionAds = creative.companionAds {
            let companions: [String: Any] = [
                "required": companionAds.required.rawValue,
                "tracking": trackingObject(companionAds.companions.flatMap(\.trackers)),
                "clickThrough": companionAds.companions.first?.clickThrough?.absoluteString ?? NSNull(),
                "clickTracking": companionAds.companions.flatMap(\.clickTracking).map(\.absoluteString),
            ]
            if creative.linear == nil && creative.nonLinearAds == nil { object.merge(companions) { $1 } }
            object["companions"] = companions
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
