import Foundation
import MediationSupport

/// Renders an ad as a self-contained HTML card that reads as an ad: the advertising badge ("Ad" unless the
/// ad has its own label), age restriction, title, advertiser line, sponsor, star rating, main image, text, a
/// call-to-action link, the disclaimer and the privacy icon.
///
/// Every text goes through one escape, the one the mediation inspector's page uses too: control, line-breaking and
/// bidirectional characters are shown as `\u{…}`, then it is HTML-escaped. Only `http` and `https` URLs are emitted
/// (images, links); any other URL (`javascript:`, `data:`, `file:`) is left out. Images sit in boxes of their declared
/// size (or a default shape), so a missing or slow image never collapses the card; ``ImageStyle/placeholders`` draws
/// inline SVG boxes instead of loading anything, for previews that must work offline. A network-provided image (bytes
/// or an SDK object, no URL) is always such a placeholder, marked `data-source="network"`: its bytes are never inlined
/// as a `data:` URL. The card is filled through the static renderer's slot rules, so both renderers agree on what is
/// shown.
public struct HTMLNativeAdRenderer: NativeAdRenderer {
    /// How the card shows images.
    public enum ImageStyle: Sendable, Hashable {
        /// `<img>` elements loading the ad's http(s) URLs, inside boxes of the declared size.
        case linked
        /// Inline SVG placeholder boxes of the declared size, labelled with the size; the page loads nothing.
        case placeholders
    }

    /// The size of a main image box when the ad declares none (a 1.91:1 card image).
    package static let defaultMainImageSize = ImageSize(width: 1200, height: 628)
    /// The size of an icon box.
    package static let iconSize = ImageSize(width: 48, height: 48)

    /// The settings the renderer was made with.
    package let settings: any NativeAdRendererSettings

    /// Creates the renderer.
    public init(settings: any NativeAdRendererSettings = StaticNativeAdRendererSettings()) {
        self.settings = settings
    }

    /// Fills `surface` exactly as ``StaticNativeAdRenderer`` does.
    @MainActor
    public func render(_ adapter: any NativeAdAdapter, into surface: any NativeAdRendering) throws(MediationError) {
        try StaticNativeAdRenderer(settings: settings).render(adapter, into: surface)
    }

    /// The HTML fragment (one `<article>`) for `properties`, the call to action linking to `clickURL` when it
    /// is http(s).
    package func htmlCard(for properties: NativeAdProperties, clickURL: URL? = nil, images: ImageStyle = .linked)
        -> String
    {
        let contents = Dictionary(
            StaticNativeAdRenderer.contents(
                for: properties, clickURL: clickURL, slots: Set(NativeAdSlot.allCases)),
            uniquingKeysWith: { _, last in last })
        func text(_ slot: NativeAdSlot) -> String? { contents[slot]?.text }
        var html = "<article class=\"native-ad\">\n  <header class=\"marking\">"
        if let label = text(.advertisingLabel) {
            html += "<span class=\"ad-badge\">\(Self.escape(label))</span>"
        }
        if let age = text(.ageRestriction) {
            html += "<span class=\"age-restriction\">\(Self.escape(age))</span>"
        }
        if case .image(let privacy)? = contents[.privacyIcon],
            let image = imageHTML(privacy, class: "privacy-icon", fallback: ImageSize(width: 16, height: 16), images)
        {
            if let link = Self.safeURL(properties.url(.privacyClickURL)) {
                html += "<a class=\"privacy\" href=\"\(Self.escape(link))\" title=\"AdChoices\">\(image)</a>"
            } else {
                html += image
            }
        }
        html += "</header>\n"
        if case .image(let icon)? = contents[.icon],
            let image = imageHTML(icon, class: "icon", fallback: Self.iconSize, images, fixedSize: Self.iconSize)
        {
            html += "  \(image)\n"
        }
        if let title = text(.title) {
            html += "  <h2 class=\"title\">\(Self.escape(title))</h2>\n"
        }
        if let advertiser = text(.advertiser) {
            html += "  <p class=\"advertiser\">\(Self.escape(advertiser))</p>\n"
        }
        if let sponsor = text(.sponsoredBy) {
            html += "  <p class=\"sponsored\">\(Self.escape(sponsor))</p>\n"
        }
        if case .starRating(let value)? = contents[.starRating] {
            // Contents can be built by hand: a rating outside 0…5 (or NaN) is drawn clamped, never trapped on.
            let rating = value.isNaN ? 0 : min(max(value, NativeAdProperties.starRatingRange.lowerBound), 5)
            let filled = Int(exactly: rating.rounded()) ?? 0
            let stars = String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
            let label = String(format: "%.1f", rating)
            html += "  <p class=\"rating\" aria-label=\"\(label) of 5\">\(stars) \(label)</p>\n"
        }
        if let main = mainImage(contents),
            let image = imageHTML(main, class: "main-image", fallback: Self.defaultMainImageSize, images)
        {
            html += "  \(image)\n"
        }
        if let body = text(.mainText) {
            html += "  <p class=\"text\">\(Self.escape(body))</p>\n"
        }
        switch contents[.callToAction] {
        case .link(let title, let url)?:
            html += "  <a class=\"cta\" href=\"\(Self.escape(url.absoluteString))\">\(Self.escape(title))</a>\n"
        case .text(let title?)?:
            html += "  <span class=\"cta\">\(Self.escape(title))</span>\n"
        default:
            break
        }
        if let disclaimer = text(.disclaimer) {
            html += "  <p class=\"disclaimer\">\(Self.escape(disclaimer))</p>\n"
        }
        html += "</article>\n"
        return html
    }

    /// A complete HTML page around one card (an `<article>`) for `properties`, the call to action linking to
    /// `clickURL` when it is http(s).
    public func htmlPage(
        for properties: NativeAdProperties, clickURL: URL? = nil, title: String = "Native ad",
        images: ImageStyle = .linked
    ) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(Self.escape(title))</title>
        <style>
        body{font-family:sans-serif;background:#eee;padding:24px;margin:0}
        .native-ad{background:#fff;max-width:360px;padding:16px;border-radius:8px;box-shadow:0 1px 4px #0003}
        .marking{display:flex;gap:6px;align-items:center;margin-bottom:8px;min-height:16px}
        .ad-badge{background:#f5c518;color:#000;font-size:11px;font-weight:bold;padding:2px 6px;border-radius:3px}
        .age-restriction{border:1px solid #777;color:#444;font-size:11px;padding:1px 4px;border-radius:3px}
        .marking>.privacy,.marking>.privacy-icon{margin-left:auto}.image-box{display:block;background:#d8dde6;overflow:hidden}
        .image-box img,.image-box svg{display:block;width:100%;height:100%;object-fit:cover}
        .icon{width:48px;height:48px;float:left;margin-right:12px;border-radius:8px}
        .privacy-icon{width:16px;height:16px}
        .main-image{width:100%;margin-top:8px;clear:both}.title{margin:0;font-size:18px}
        .advertiser,.sponsored{color:#777;font-size:12px;margin:4px 0}
        .cta{display:inline-block;background:#07f;color:#fff;padding:8px 16px;border-radius:4px;text-decoration:none}
        .disclaimer{color:#555;font-size:11px;margin:12px 0 0}
        </style></head><body>
        \(htmlCard(for: properties, clickURL: clickURL, images: images))</body></html>

        """
    }

    /// `text` made safe for HTML text and attribute values: first terminal-safe (`String.terminalSafe`: C0 and
    /// C1 control characters, DEL, U+2028, U+2029 and the bidirectional controls shown as `\u{…}`), then `&`, `<`,
    /// `>`, `"` and `'` replaced by entities.
    ///
    /// The one HTML helper of the package: the ad card, its page and the mediation inspector's page use it for
    /// every string from a network, an ad server or the host, so a crafted creative text or network name can
    /// neither add markup nor reorder or hide what the page shows.
    package static func escape(_ text: String) -> String {
        let text = text.terminalSafe
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        // By scalar, not by character: a quote or `<` followed by a combining mark is one character, yet the
        // browser still reads the quote or the `<`.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The URL's text when its scheme is http or https; `nil` otherwise.
    package static func safeURL(_ url: URL?) -> String? {
        StaticNativeAdRenderer.safeLinkURL(url)?.absoluteString
    }

    /// `side` as whole pixels within ``NativeAdProperties/imageSideRange``; never traps, whatever the value.
    static func pixels(_ side: Double) -> Int {
        let range = NativeAdProperties.imageSideRange
        guard !side.isNaN else { return Int(exactly: range.lowerBound) ?? 1 }
        return Int(exactly: min(max(side, range.lowerBound), range.upperBound).rounded()) ?? 1
    }

    private func mainImage(_ contents: [NativeAdSlot: NativeAdSlotContent]) -> AdImage? {
        if case .image(let image)? = contents[.mainImage] { return image }
        if case .media(let media)? = contents[.mainMedia] { return media.image }
        return nil
    }

    /// A box of the image's declared size (`fixedSize` when given, else `fallback` when undeclared) holding
    /// the image or a placeholder; `nil` for a non-http(s) image in linked style.
    private func imageHTML(
        _ image: AdImage, class className: String, fallback: ImageSize, _ style: ImageStyle,
        fixedSize: ImageSize? = nil
    ) -> String? {
        // Only sizes within NativeAdProperties.imageSideRange are drawn: the properties already drop others,
        // and an image built by hand with an impossible size gets the fallback rather than a trap.
        let sides = NativeAdProperties.imageSideRange
        let declared = image.size.flatMap { sides.contains($0.width) && sides.contains($0.height) ? $0 : nil }
        let size = declared ?? fallback
        let width = Self.pixels(size.width)
        let height = Self.pixels(size.height)
        let shape = fixedSize == nil ? " style=\"aspect-ratio:\(width)/\(height)\"" : ""
        let source = image.isNetworkProvided ? " data-source=\"network\"" : ""
        let open = "<span class=\"image-box \(className)\"\(shape) data-size=\"\(width)x\(height)\"\(source)>"
        // A network-provided image (bytes or an SDK object) has no URL to link and is never inlined as a
        // `data:` URL: the URL policy refuses `data:` in ad content, and bytes of unchecked format (an SVG can
        // carry script) must not become one. It is drawn as a placeholder of its size, marked as such.
        let effectiveStyle = image.isNetworkProvided ? .placeholders : style
        switch effectiveStyle {
        case .linked:
            guard let url = Self.safeURL(image.url) else { return nil }
            return open
                + "<img src=\"\(Self.escape(url))\" width=\"\(width)\" height=\"\(height)\" alt=\"\"></span>"
        case .placeholders:
            let label =
                width >= 96
                ? "<text x=\"50%\" y=\"50%\" dominant-baseline=\"middle\" text-anchor=\"middle\""
                    + " font-family=\"sans-serif\" font-size=\"\(max(12, height / 10))\" fill=\"#5a6478\">"
                    + "image \(width)×\(height)</text>" : ""
            return open
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\""
                + " preserveAspectRatio=\"xMidYMid slice\" role=\"img\" aria-label=\"image \(width)×\(height)\">"
                + "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#c9d1de\"/>"
                + "<path d=\"M0 0L\(width) \(height)M\(width) 0L0 \(height)\" stroke=\"#aab4c4\" stroke-width=\"2\"/>"
                + label + "</svg></span>"
        }
    }
}
