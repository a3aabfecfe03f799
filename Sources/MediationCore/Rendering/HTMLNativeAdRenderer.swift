import Foundation

/// Renders an ad as a self-contained HTML card: title, text, call to action, icon, main image, sponsor,
/// star rating and privacy icon.
///
/// Every text is HTML-escaped. Only `http` and `https` URLs are emitted (images, links); any other URL
/// (`javascript:`, `data:`, `file:`) is left out. The card is filled through the static renderer's slot
/// rules, so both renderers agree on what is shown.
public struct HTMLNativeAdRenderer: NativeAdRenderer {
    /// The settings the renderer was made with.
    public let settings: any NativeAdRendererSettings

    /// Creates the renderer.
    public init(settings: any NativeAdRendererSettings = StaticNativeAdRendererSettings()) {
        self.settings = settings
    }

    /// Fills `surface` exactly as ``StaticNativeAdRenderer`` does.
    public func render(_ adapter: any NativeAdAdapter, into surface: any NativeAdRendering) throws(MediationError) {
        try StaticNativeAdRenderer(settings: settings).render(adapter, into: surface)
    }

    /// The HTML fragment (one `<article>`) for `properties`, linking to `clickURL` when it is http(s).
    public func htmlCard(for properties: NativeAdProperties, clickURL: URL? = nil) -> String {
        let card = NativeAdCard()
        for (slot, content) in StaticNativeAdRenderer.contents(for: properties, surface: card) {
            card.fill(slot, with: content)
        }
        var html = "<article class=\"native-ad\">\n"
        if let privacy = imageURL(card.contents[.privacyIcon]) {
            let image = "<img class=\"privacy-icon\" src=\"\(Self.escape(privacy))\" alt=\"AdChoices\">"
            if let link = Self.safeURL(properties.url(.privacyClickURL)) {
                html += "  <a class=\"privacy\" href=\"\(Self.escape(link))\">\(image)</a>\n"
            } else {
                html += "  \(image)\n"
            }
        }
        if let icon = imageURL(card.contents[.icon]) {
            html += "  <img class=\"icon\" src=\"\(Self.escape(icon))\" alt=\"\">\n"
        }
        if let title = card.text(in: .title) {
            html += "  <h2 class=\"title\">\(Self.escape(title))</h2>\n"
        }
        if let sponsor = card.text(in: .sponsoredBy) {
            html += "  <p class=\"sponsored\">\(Self.escape(sponsor))</p>\n"
        }
        if case .starRating(let rating)? = card.contents[.starRating] {
            let stars =
                String(repeating: "★", count: Int(rating.rounded()))
                + String(repeating: "☆", count: 5 - Int(rating.rounded()))
            let label = String(format: "%.1f", rating)
            html += "  <p class=\"rating\" aria-label=\"\(label) of 5\">\(stars) \(label)</p>\n"
        }
        if let main = imageURL(card.contents[.mainImage]) ?? mediaImageURL(card.contents[.mainMedia]) {
            html += "  <img class=\"main-image\" src=\"\(Self.escape(main))\" alt=\"\">\n"
        }
        if let text = card.text(in: .mainText) {
            html += "  <p class=\"text\">\(Self.escape(text))</p>\n"
        }
        if let cta = card.text(in: .callToAction) {
            if let link = Self.safeURL(clickURL) {
                html += "  <a class=\"cta\" href=\"\(Self.escape(link))\">\(Self.escape(cta))</a>\n"
            } else {
                html += "  <span class=\"cta\">\(Self.escape(cta))</span>\n"
            }
        }
        html += "</article>\n"
        return html
    }

    /// A complete HTML page around ``htmlCard(for:clickURL:)``.
    public func htmlPage(for properties: NativeAdProperties, clickURL: URL? = nil, title: String = "Native ad")
        -> String
    {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(Self.escape(title))</title>
        <style>
        body{font-family:sans-serif;background:#eee;padding:24px}
        .native-ad{background:#fff;max-width:360px;padding:16px;border-radius:8px;position:relative}
        .icon{width:48px;height:48px;float:left;margin-right:12px}
        .privacy-icon{position:absolute;top:4px;right:4px;width:16px;height:16px}
        .main-image{width:100%;margin-top:8px}.title{margin:0;font-size:18px}
        .sponsored{color:#777;font-size:12px}.cta{display:inline-block;background:#07f;color:#fff;padding:8px 16px}
        </style></head><body>
        \(htmlCard(for: properties, clickURL: clickURL))</body></html>

        """
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The URL's text when its scheme is http or https; `nil` otherwise.
    public static func safeURL(_ url: URL?) -> String? {
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return nil
        }
        return url.absoluteString
    }

    private func imageURL(_ content: NativeAdSlotContent?) -> String? {
        guard case .image(let image)? = content else { return nil }
        return Self.safeURL(image.url)
    }

    private func mediaImageURL(_ content: NativeAdSlotContent?) -> String? {
        guard case .media(let media)? = content else { return nil }
        return Self.safeURL(media.image?.url)
    }
}
