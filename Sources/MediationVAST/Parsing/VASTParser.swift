import Foundation

/// Reads VAST 2.0–4.3 documents into ``VASTDocument`` values, within ``VASTParseLimits``.
///
/// Strict where the specification is strict; the whole document is refused with:
/// - 100 for malformed XML, bytes the entry gate refuses (an encoding other than UTF-8, US-ASCII, ISO-8859-1,
///   ISO-8859-15 and windows-1252, a byte-order mark other than UTF-8's, a control character XML forbids, a
///   malformed XML declaration, a document type or entity declaration: entities are never expanded), or a limit
///   passed (bytes, depth, elements, ads, time);
/// - 101 when the root element is not `VAST`;
/// - 102 when `version` is present and its major version is not 2, 3 or 4.
///
/// One ad is left out (listed in ``VASTDocument/issues`` with code 101) when it has neither or both of `InLine`
/// and `Wrapper`, or when a wrapper has no usable `VASTAdTagURI`. A linear creative of an `InLine` ad without a
/// readable `Duration` is left out the same way.
///
/// Lenient where real tags are sloppy (each case is recorded as an issue without a code):
/// - a missing `version`; a missing `AdSystem`, `AdTitle` or `Impression` in an `InLine` ad;
/// - whitespace around URLs and text; protocol-relative URLs (`//host/…`, read as https); URLs that are not
///   http(s) or cannot be read are left out;
/// - attribute names matched ignoring case when the exact name is missing (`adSlotID`, `AdID`);
/// - booleans `true`/`false`/`1`/`0` in any case; integers written with a fraction (`640.0`);
/// - times with one or more hour digits and any number of fraction digits; a bad `skipoffset` or progress
///   `offset` is ignored (not skippable; tracker left out);
/// - a `sequence` that is not a positive integer makes the ad stand-alone; unknown elements are ignored.
///
/// Every URL is checked while reading. Those of trackers, impressions, `Error` elements, media files and video
/// clicks are kept as text and made into a `URL` each time their property is read (the value is the one
/// `URL(string:)` gives for the percent-encoded text); the other URL properties hold a `URL` made while reading.
public struct VASTParser: Sendable {
    /// The bounds documents are read within.
    public var limits: VASTParseLimits

    /// Creates a parser with `limits`.
    public init(limits: VASTParseLimits = .standard) {
        self.limits = limits
    }

    /// Parses `data`; throws a ``VASTError`` with code 100, 101 or 102 when the whole document is refused.
    public func parse(_ data: Data) throws(VASTError) -> VASTDocument {
        try parse(data, deadline: .now + limits.maxParseDuration)
    }

    /// Parses `data`, refusing it with 100 once the earlier of `deadline` and ``VASTParseLimits/maxParseDuration``
    /// from now has passed (a wrapper chain passes what is left of its timeout).
    package func parse(_ data: Data, deadline: ContinuousClock.Instant) throws(VASTError) -> VASTDocument {
        let tree = try VASTXMLTreeBuilder.build(
            data, limits: limits, deadline: min(deadline, .now + limits.maxParseDuration))
        return try read(VASTXMLElement(tree: tree, index: 0))
    }

    private func read(_ root: VASTXMLElement) throws(VASTError) -> VASTDocument {
        guard root.isNamed(.vast) else {
            throw VASTError(.schemaValidation, "the root element is '\(root.name)', not 'VAST'", path: root.path)
        }
        var reader = VASTElementReader()
        let version = root.attribute("version")?.trimmingVASTSpaces ?? ""
        if version.isEmpty {
            reader.warn("no version attribute; read as VAST 4", at: root.path)
        } else {
            let major = Int(version.prefix { $0.isNumber }) ?? 0
            guard (2...4).contains(major) else {
                throw VASTError(
                    .versionNotSupported, "version '\(version)' is not supported (2.0 to 4.3 are)", path: root.path)
            }
        }
        let adElements = root.children(.ad)
        guard adElements.count <= limits.maxAds else {
            throw VASTError(.xmlParse, "\(adElements.count) ads, over the limit of \(limits.maxAds)", path: root.path)
        }
        var ads: [VASTAd] = []
        var sequences: Set<Int> = []
        for element in adElements {
            guard let ad = reader.ad(element) else { continue }
            if let sequence = ad.sequence, !sequences.insert(sequence).inserted {
                reader.warn("sequence \(sequence) is used by more than one ad", at: element.path)
            }
            ads.append(ad)
        }
        let errorURLTexts = root.children(.error).compactMap { reader.urlText($0) }
        return VASTDocument(version: version, ads: ads, errorURLTexts: errorURLTexts, issues: reader.issues)
    }
}
