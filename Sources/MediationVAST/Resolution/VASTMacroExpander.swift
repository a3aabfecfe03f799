import Foundation

/// Replaces VAST macros in a tag, wrapper, tracking or `Error` URL (VAST 4.3 section 6), and a tag template's
/// `{NAME}` placeholders.
///
/// Rules:
/// - A macro is `[NAME]` (upper-case letters, digits and `_`), also found percent-encoded as `%5BNAME%5D`
///   (some servers and URL parsers encode the brackets).
/// - A value the player has is percent-encoded as `encodeURIComponent` does; a list macro's values are encoded
///   one by one and joined with unencoded commas. Each value is encoded once and never expanded again.
/// - A macro of the IAB list (``knownMacros``) the player has no value for becomes `-1` ("unknown"); one whose
///   value is withheld by policy (``VASTMacroValues/withheld``) becomes `-2`.
/// - Any other bracketed name is left exactly as written: it may belong to another party.
/// - ``expandTemplate(_:with:)`` (a `vastTagURL`) also replaces the placeholders of ``tagPlaceholders``, `{NAME}`
///   or `%7BNAME%7D`, with their values, empty when there is none; any other `{NAME}` is left as written.
public enum VASTMacroExpander {
    /// The IAB VAST 4 macro list (vast4macros/macros-data.json).
    public static let knownMacros: Set<String> = [
        "TIMESTAMP", "CACHEBUSTING", "CONTENTPLAYHEAD", "MEDIAPLAYHEAD", "BREAKPOSITION", "BLOCKEDADCATEGORIES",
        "ADCATEGORIES", "ADCOUNT", "TRANSACTIONID", "PLACEMENTTYPE", "ADTYPE", "UNIVERSALADID", "BREAKMAXDURATION",
        "BREAKMAXADS", "BREAKMINADLENGTH", "BREAKMAXADLENGTH", "IFA", "IFATYPE", "CLIENTUA", "SERVERUA", "DEVICEUA",
        "SERVERSIDE", "DEVICEIP", "LATLONG", "DOMAIN", "PAGEURL", "APPBUNDLE", "VASTVERSIONS", "APIFRAMEWORKS",
        "EXTENSIONS", "VERIFICATIONVENDORS", "OMIDPARTNER", "MEDIAMIME", "PLAYERCAPABILITIES", "CLICKTYPE",
        "PLAYERSTATE", "INVENTORYSTATE", "PLAYERSIZE", "ADPLAYHEAD", "ASSETURI", "CONTENTID", "CONTENTURI",
        "PODSEQUENCE", "ADSERVINGID", "CLICKPOS", "ERRORCODE", "REASON", "LIMITADTRACKING", "REGULATIONS",
        "GDPRCONSENT", "STOREID", "STOREURL", "PLAYBACKMETHODS", "CONTENTCAT", "GPPSTRING", "GPPSECTIONID",
        "DSAREQUIRED", "DSAPARAMS", "DSAPUBRENDER",
    ]

    /// The `{NAME}` placeholders a `vastTagURL` template may hold, as ad servers' tag builders (Prebid's,
    /// IMA's) name them: `{GDPR}` (`0`/`1`), `{GDPR_CONSENT}` (the TCF string), `{US_PRIVACY}`, `{GPP}`,
    /// `{GPP_SID}` (comma separated), `{COPPA}` (`0`/`1`), `{LMT}` (`0`/`1`), `{IFA}` (the IDFA) and
    /// `{CACHEBUSTER}` (the same 8 digits as `[CACHEBUSTING]`). Each is empty when its value is unknown or
    /// withheld, as the privacy matrix says.
    public static let tagPlaceholders: Set<String> = [
        "GDPR", "GDPR_CONSENT", "US_PRIVACY", "GPP", "GPP_SID", "COPPA", "LMT", "IFA", "CACHEBUSTER",
    ]

    /// `template` with its macros replaced from `values`.
    public static func expand(_ template: String, with values: VASTMacroValues) -> String {
        expand(template, with: values, placeholders: false)
    }

    /// A tag template (a `vastTagURL`) with its VAST macros and its ``tagPlaceholders`` replaced from `values`,
    /// once; `[CACHEBUSTING]` and `{CACHEBUSTER}` get the same number and every `[TIMESTAMP]` the same time.
    public static func expandTemplate(_ template: String, with values: VASTMacroValues) -> String {
        var values = values
        if values.cacheBusting == nil { values.cacheBusting = String(format: "%08d", Int.random(in: 0...99_999_999)) }
        if values.timestamp == nil { values.timestamp = Date() }
        return expand(template, with: values, placeholders: true)
    }

    private static func expand(_ template: String, with values: VASTMacroValues, placeholders: Bool) -> String {
        var output = ""
        output.reserveCapacity(template.utf8.count)
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "[" || $0 == "%" || (placeholders && $0 == "{") }) {
            output += rest[rest.startIndex..<open]
            let tail = rest[open...]
            if let (name, length, isPlaceholder) = macro(at: tail, placeholders: placeholders) {
                let value =
                    isPlaceholder
                    ? placeholder(name, values: values) : replacement(for: name, values: values)
                output += value ?? String(tail.prefix(length))
                rest = tail.dropFirst(length)
            } else {
                output.append(tail[tail.startIndex])
                rest = tail.dropFirst()
            }
        }
        output += rest
        return output
    }

    /// `url` with its macros replaced; the original URL when the result is not a URL.
    public static func expand(_ url: URL, with values: VASTMacroValues) -> URL {
        URL(string: expand(url.absoluteString, with: values).percentEncodedForVASTURL) ?? url
    }

    /// The macro name at the start of `text`, the length of its whole form and whether it is a `{NAME}`
    /// placeholder, when one starts there.
    private static func macro(at text: Substring, placeholders: Bool) -> (String, Int, Bool)? {
        let (opener, closer): (String, String)
        if text.hasPrefix("[") {
            (opener, closer) = ("[", "]")
        } else if text.prefix(3).uppercased() == "%5B" {
            (opener, closer) = ("%5B", "%5D")
        } else if placeholders && text.hasPrefix("{") {
            (opener, closer) = ("{", "}")
        } else if placeholders && text.prefix(3).uppercased() == "%7B" {
            (opener, closer) = ("%7B", "%7D")
        } else {
            return nil
        }
        let body = text.dropFirst(opener.count)
        let name = body.prefix { $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }
        guard !name.isEmpty, name.count <= 64 else { return nil }
        let after = body.dropFirst(name.count)
        guard after.prefix(closer.count).uppercased() == closer else { return nil }
        return (String(name), opener.count + name.count + closer.count, closer.hasSuffix("}") || closer == "%7D")
    }

    /// A known placeholder's value, encoded (a comma list's commas kept); `nil` for another name.
    private static func placeholder(_ name: String, values: VASTMacroValues) -> String? {
        guard tagPlaceholders.contains(name) else { return nil }
        if name == "CACHEBUSTER" { return values.cacheBusting.map(encodeURIComponent) ?? "" }
        let value = values.placeholders[name] ?? ""
        return value.split(separator: ",", omittingEmptySubsequences: false).map { encodeURIComponent(String($0)) }
            .joined(separator: ",")
    }

    private static func replacement(for name: String, values: VASTMacroValues) -> String? {
        if let list = values.values(for: name) {
            return list.map(encodeURIComponent).joined(separator: ",")
        }
        return knownMacros.contains(name) ? "-1" : nil
    }

    /// JavaScript's `encodeURIComponent`: everything but `A-Z a-z 0-9 - _ . ! ~ * ' ( )` percent-encoded.
    public static func encodeURIComponent(_ value: String) -> String {
        var output = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "!"), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("),
                UInt8(ascii: ")"):
                output.append(Character(Unicode.Scalar(byte)))
            default:
                output += String(format: "%%%02X", byte)
            }
        }
        return output
    }
}
