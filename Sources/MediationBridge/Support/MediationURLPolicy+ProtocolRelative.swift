import Foundation

extension MediationURLPolicy {
    /// The one reading of a protocol-relative URL from ad content, shared by every reader of URLs (the OpenRTB
    /// Native reader, the VAST reader, the ad-response parser): text that starts with `//` (`//cdn.example/a.png`,
    /// as exchanges write links, images and trackers) is read as `https:` followed by the text; any other text is
    /// returned as it is. An app has no page whose scheme such a URL could inherit, and `https` is the scheme the
    /// cleartext rule allows, so the URL is then checked like any other (``isAllowedContentURL(_:)``,
    /// ``cleartextRefusal(of:)``). The text is expected trimmed; `///path` (no host) stays hostless and is refused
    /// by those checks.
    package static func resolvingProtocolRelative(_ text: String) -> String {
        isProtocolRelative(text) ? "https:" + text : text
    }

    /// Whether `text` starts with `//`, read on its first two bytes (the generic `starts(with:)` over the UTF-8
    /// view is measurable on the VAST reader's path, which reads every URL of a document).
    package static func isProtocolRelative(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        return bytes.next() == UInt8(ascii: "/") && bytes.next() == UInt8(ascii: "/")
    }
}
