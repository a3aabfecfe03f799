/// A VAST error code as the specification numbers them (VAST 4.3, section 2.3.6.3): what the `[ERRORCODE]`
/// macro of an `Error` URL is replaced with.
///
/// Codes outside the named ones are kept as read; ``description`` names the named ones.
public struct VASTErrorCode: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number.
    public var rawValue: Int

    /// Creates a code from its number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// 100: XML parsing error.
    public static let xmlParse = VASTErrorCode(rawValue: 100)
    /// 101: VAST schema validation error.
    public static let schemaValidation = VASTErrorCode(rawValue: 101)
    /// 102: VAST version of response not supported.
    public static let versionNotSupported = VASTErrorCode(rawValue: 102)
    /// 200: Trafficking error: an ad type the player was not expecting or cannot play.
    public static let trafficking = VASTErrorCode(rawValue: 200)
    /// 201: The player expected a different linearity.
    public static let unexpectedLinearity = VASTErrorCode(rawValue: 201)
    /// 202: The player expected a different duration.
    public static let unexpectedDuration = VASTErrorCode(rawValue: 202)
    /// 203: The player expected a different size.
    public static let unexpectedSize = VASTErrorCode(rawValue: 203)
    /// 300: General wrapper error.
    public static let wrapper = VASTErrorCode(rawValue: 300)
    /// 301: A wrapper's VAST URI timed out or was unavailable.
    public static let wrapperTimeout = VASTErrorCode(rawValue: 301)
    /// 302: Wrapper limit reached (or a wrapper loop).
    public static let wrapperLimit = VASTErrorCode(rawValue: 302)
    /// 303: No VAST response after one or more wrappers.
    public static let noAdsAfterWrapper = VASTErrorCode(rawValue: 303)
    /// 400: General linear error: the player cannot display the linear ad.
    public static let linear = VASTErrorCode(rawValue: 400)
    /// 401: File not found: the media file's URI could not be fetched.
    public static let fileNotFound = VASTErrorCode(rawValue: 401)
    /// 402: Timeout of the media file URI.
    public static let mediaTimeout = VASTErrorCode(rawValue: 402)
    /// 403: No media file the player supports.
    public static let noSupportedMedia = VASTErrorCode(rawValue: 403)
    /// 405: Problem displaying a supported media file.
    public static let mediaDisplay = VASTErrorCode(rawValue: 405)
    /// 500: General non-linear error.
    public static let nonLinear = VASTErrorCode(rawValue: 500)
    /// 501: The non-linear creative's size does not fit the display area.
    public static let nonLinearSize = VASTErrorCode(rawValue: 501)
    /// 502: The non-linear resource could not be fetched.
    public static let nonLinearResourceFetch = VASTErrorCode(rawValue: 502)
    /// 503: No non-linear resource of a type the host shows.
    public static let noSupportedNonLinearResource = VASTErrorCode(rawValue: 503)
    /// 600: General companion error.
    public static let companion = VASTErrorCode(rawValue: 600)
    /// 602: A required companion could not be displayed.
    public static let requiredCompanion = VASTErrorCode(rawValue: 602)
    /// 900: Undefined error.
    public static let undefined = VASTErrorCode(rawValue: 900)

    /// The specification's one-line meaning of the code.
    public var description: String {
        switch rawValue {
        case 100: "XML parsing error"
        case 101: "VAST schema validation error"
        case 102: "VAST version not supported"
        case 200: "trafficking error"
        case 201: "unexpected linearity"
        case 202: "unexpected duration"
        case 203: "unexpected size"
        case 300: "general wrapper error"
        case 301: "wrapper VAST URI timed out or unavailable"
        case 302: "wrapper limit reached"
        case 303: "no ads after wrapper"
        case 400: "general linear error"
        case 401: "media file not found"
        case 402: "media file timed out"
        case 403: "no supported media file"
        case 405: "problem displaying the media file"
        case 500: "general non-linear error"
        case 501: "non-linear creative does not fit the display area"
        case 502: "unable to fetch the non-linear resource"
        case 503: "no supported non-linear resource"
        case 600: "general companion error"
        case 602: "required companion not displayed"
        case 900: "undefined error"
        default: "VAST error"
        }
    }

    /// Orders codes by number.
    public static func < (lhs: VASTErrorCode, rhs: VASTErrorCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
