import Foundation
import MediationSupport

/// Reads MoPub's multi-ad-response JSON into an ``AdResponse``, collecting every problem with its JSON path.
///
/// Lenient where servers are sloppy: numbers may come as strings, optional keys may be missing or `null`,
/// `x-custom-event-class-data` may be an object or a string holding one, tracker lists may be one string.
/// Strict where it matters: a value of the wrong kind or out of range is an error naming its path; a number
/// given as a string must be a plain decimal (no hex, no trailing bytes). An entry with an invalid value is
/// dropped with its errors while the valid entries still run; a problem outside the entries rejects the
/// response. The rules, key by key, are in docs/waterfall.md; the limits in ``AdResponseLimits``.
struct AdResponseParser {
    /// The largest millisecond value accepted for timeouts and back-off: about 24.8 days.
    static let maximumMilliseconds = Double(Int32.max)

    let limits: AdResponseLimits
    private(set) var errors: [MediationError] = []
    private(set) var dropped: [DroppedAdResponseEntry] = []
    /// The syntax error when the bytes were not JSON (or not UTF-8, or over a reading limit).
    private(set) var syntaxError: JSONSyntaxError?
    /// The JSON values read so far, the document's and those of `x-custom-event-class-data` strings; never
    /// more than ``AdResponseLimits/maximumJSONValues``.
    private(set) var valuesRead = 0
    private var outOfRangeNumbers: [String: String] = [:]

    init(limits: AdResponseLimits = .default) {
        self.limits = limits
    }

    /// Parses `data`; `nil` when there were errors (see ``errors``).
    mutating func parse(_ data: Data, url: URL?) -> AdResponse? {
        guard data.count <= limits.maximumResponseBytes else {
            fail("$", "the response is \(data.count) bytes, over the limit of \(limits.maximumResponseBytes) bytes")
            return nil
        }
        let document: JSONDocument
        var reader = JSONDocumentParser(
            bytes: [UInt8](data), maximumDepth: limits.maximumDepth, maximumValues: limits.maximumJSONValues,
            maximumElementsPerContainer: limits.maximumElementsPerContainer)
        do {
            document = try reader.parseDocument()
            valuesRead = reader.valuesRead
        } catch {
            valuesRead = reader.valuesRead
            syntaxError = error
            errors.append(error.mediationError)
            return nil
        }
        outOfRangeNumbers = document.outOfRangeNumbers
        return parse(document.root, url: url)
    }

    /// Parses an already decoded document; `nil` when there were errors.
    private mutating func parse(_ root: JSONValue, url: URL?) -> AdResponse? {
        guard let top = root.objectValue else {
            fail("$", "expected an object with an 'ad-responses' array, got \(root.brief)")
            return nil
        }
        var lines: [WaterfallLine] = []
        // One outcome per bid ID: the entry that first used an `x-bid-id`, by ID.
        var bidIDs: [String: Int] = [:]
        switch top["ad-responses"] {
        case .none, .null?:
            fail("$.ad-responses", "missing required key 'ad-responses'")
        case .array(let entries)?:
            for (index, entry) in entries.enumerated() {
                guard index < limits.maximumLinesPerResponse else {
                    let path = "$.ad-responses[\(index)]"
                    let error = MediationError.invalidConfiguration(
                        path: path, reason: "more than \(limits.maximumLinesPerResponse) entries in one response")
                    dropped.append(
                        DroppedAdResponseEntry(index: index, path: path, reason: error.description, errors: [error]))
                    continue
                }
                let errorsBefore = errors.count
                let line = parseEntry(entry, index: index)
                if errors.count > errorsBefore {
                    let entryErrors = Array(errors[errorsBefore...])
                    errors.removeSubrange(errorsBefore...)
                    let count = entryErrors.count
                    dropped.append(
                        DroppedAdResponseEntry(
                            index: index, path: "$.ad-responses[\(index)]",
                            reason: count == 1 ? "an invalid value" : "\(count) invalid values", errors: entryErrors))
                } else if let line {
                    if let bidID = line.bid?.bidID {
                        if let first = bidIDs[bidID] {
                            drop(
                                index, "$.ad-responses[\(index)]",
                                "a second bid with the x-bid-id \(JSONValue.string(bidID).brief) in this response (the "
                                    + "first is $.ad-responses[\(first)]); each bid ID hears one outcome")
                            continue
                        }
                        bidIDs[bidID] = index
                    }
                    lines.append(line)
                }
            }
        case .some(let other):
            fail("$.ad-responses", "expected an array of entries, got \(other.brief)")
        }
        let nextURL = absoluteURL(top["x-next-url"], path: "$.x-next-url")
        let adUnitID = string(top["x-ad-unit-id"], path: "$.x-ad-unit-id")
        let format = string(top["adunit-format"], path: "$.adunit-format")
        let backoff = milliseconds(top["backoff_ms"], path: "$.backoff_ms", negativeIsZero: true)
        let backoffReason = string(top["backoff_reason"], path: "$.backoff_reason")
        let bidFloor = price(top["x-bid-floor"], path: "$.x-bid-floor")
        let auctionID = string(top["x-auction-id"], path: "$.x-auction-id")
        let signalTimeouts = signalTimeouts(top["x-bid-signal-timeout-ms"], path: "$.x-bid-signal-timeout-ms")
        let startTimeouts = self.signalTimeouts(
            top["x-network-start-timeout-ms"], path: "$.x-network-start-timeout-ms", keys: "network names")
        for index in lines.indices where lines[index].isBid && lines[index].bid?.auctionID == nil {
            lines[index].bid?.auctionID = auctionID
        }
        guard errors.isEmpty else {
            // Rejected as a whole: report the dropped entries' problems too, in document order.
            errors = dropped.flatMap(\.errors) + errors
            return nil
        }
        var response = AdResponse(
            lines: lines, nextURL: nextURL, url: url, adUnitID: adUnitID, adUnitFormat: format,
            backoff: backoff.map { .milliseconds($0) }, backoffReason: backoffReason, droppedEntries: dropped)
        response.bidFloor = bidFloor
        response.auctionID = auctionID
        response.bidSignalTimeouts = signalTimeouts
        response.networkStartTimeouts = startTimeouts
        return response
    }

    // MARK: Bids

    /// The entry's bid, or `nil` when it is a plain waterfall line: an entry is a bid when it has markup and a
    /// price, or any bid key.
    private mutating func bid(
        _ metadata: [String: JSONValue], meta: String, markup: String?, price: Double?
    ) -> AuctionBid? {
        let bidKeys = ["x-bid-id", "x-nurl", "x-lurl", "x-burl", "x-bid-expiry-ms", "x-auction-id"]
        let hasBidKey = bidKeys.contains { key in metadata[key].map { $0 != .null } ?? false }
        guard hasBidKey || (markup != nil && price != nil) else { return nil }
        var bid = AuctionBid(
            bidID: string(metadata["x-bid-id"], path: meta + ".x-bid-id"),
            auctionID: string(metadata["x-auction-id"], path: meta + ".x-auction-id"),
            winURLs: noticeTemplates(metadata["x-nurl"], path: meta + ".x-nurl"),
            lossURLs: noticeTemplates(metadata["x-lurl"], path: meta + ".x-lurl"),
            billingURLs: noticeTemplates(metadata["x-burl"], path: meta + ".x-burl"))
        bid.impressionID = string(metadata["x-imp-id"], path: meta + ".x-imp-id")
        bid.seatID = string(metadata["x-seat-id"], path: meta + ".x-seat-id")
        bid.adID = string(metadata["x-ad-id"], path: meta + ".x-ad-id")
        bid.pricePath = meta + ".x-ecpm"
        if metadata["x-currency"].map({ $0 != .null }) ?? false { bid.currencyPath = meta + ".x-currency" }
        if let expiry = milliseconds(metadata["x-bid-expiry-ms"], path: meta + ".x-bid-expiry-ms") {
            bid.expiry = .milliseconds(expiry)
        }
        return bid
    }

    /// Notice URLs with `${AUCTION_…}` macros: one string or an array of them.
    private mutating func noticeTemplates(_ value: JSONValue?, path: String) -> [AuctionNoticeTemplate] {
        strings(value, path: path).compactMap { text, itemPath in
            guard let template = try? AuctionNoticeTemplate(text) else {
                fail(
                    itemPath,
                    "expected an absolute http(s) URL once its ${AUCTION_...} macros are expanded, got "
                        + JSONValue.string(text).brief)
                return nil
            }
            return template
        }
    }

    /// `x-bid-signal-timeout-ms` (and `x-network-start-timeout-ms`): an object of custom event identifiers (of
    /// network names) to positive whole milliseconds.
    private mutating func signalTimeouts(
        _ value: JSONValue?, path: String, keys: String = "custom event identifiers"
    ) -> [String: Duration] {
        switch value {
        case .none, .null?: return [:]
        case .object(let members)?:
            var timeouts: [String: Duration] = [:]
            for (identifier, member) in members.sorted(by: { $0.key < $1.key }) {
                let memberPath = "\(path).\(identifier)"
                guard let milliseconds = milliseconds(member, path: memberPath) else { continue }
                guard milliseconds > 0 else {
                    fail(memberPath, "expected a positive number of milliseconds, got 0")
                    continue
                }
                timeouts[identifier] = .milliseconds(milliseconds)
            }
            return timeouts
        case .some(let other):
            fail(path, "expected an object of \(keys) to milliseconds, got \(other.brief)")
            return [:]
        }
    }

    // MARK: Entries

    private mutating func parseEntry(_ entry: JSONValue, index: Int) -> WaterfallLine? {
        let path = "$.ad-responses[\(index)]"
        guard let fields = entry.objectValue else {
            fail(path, "expected an object with 'metadata', got \(entry.brief)")
            return nil
        }
        let metadata: [String: JSONValue]
        switch fields["metadata"] {
        case .none, .null?:
            drop(index, path, "no metadata")
            return nil
        case .object(let object)? where object.isEmpty:
            drop(index, path, "empty metadata")
            return nil
        case .object(let object)?:
            metadata = object
        case .some(let other):
            fail(path + ".metadata", "expected an object, got \(other.brief)")
            return nil
        }
        let meta = path + ".metadata"
        let adType = string(metadata["x-adtype"], path: meta + ".x-adtype")
        if adType?.lowercased() == "clear" {
            drop(index, path, "x-adtype clear: the server has no ad for this entry")
            return nil
        }
        if bool(metadata["x-warmup"], path: meta + ".x-warmup") == true {
            drop(index, path, "x-warmup: the ad unit is warming up")
            return nil
        }
        let identifier = requiredString(
            metadata["x-custom-event-class-name"], path: meta + ".x-custom-event-class-name")
        let info =
            metadata["x-custom-event-class-data"].map { customEventInfo($0, path: meta + ".x-custom-event-class-data") }
            ?? metadata["x-nativeparams"].map { customEventInfo($0, path: meta + ".x-nativeparams") }
            ?? CustomEventInfo()
        let timeoutMilliseconds = milliseconds(metadata["x-ad-timeout-ms"], path: meta + ".x-ad-timeout-ms")
        let before = urls(metadata["x-before-load-url"], path: meta + ".x-before-load-url")
        let after = templates(metadata["x-after-load-url"], path: meta + ".x-after-load-url")
        let success = templates(metadata["x-after-load-success-url"], path: meta + ".x-after-load-success-url")
        let failure = templates(metadata["x-after-load-fail-url"], path: meta + ".x-after-load-fail-url")
        let impressions =
            urls(metadata["imptrackers"], path: meta + ".imptrackers")
            + urls(metadata["x-imptracker"], path: meta + ".x-imptracker")
        let clicks = urls(metadata["clicktrackers"], path: meta + ".clicktrackers")
        let refresh = seconds(metadata["x-refreshtime"], path: meta + ".x-refreshtime")
        let markup = string(metadata["adm"], path: meta + ".adm")
        let price = price(metadata["x-ecpm"], path: meta + ".x-ecpm")
        let currency = currencyCode(metadata["x-currency"], path: meta + ".x-currency")
        let network = string(metadata["x-network-name"], path: meta + ".x-network-name")
        let creative = string(metadata["x-creative-id"], path: meta + ".x-creative-id")
        let (frequencyCap, frequencyCapKey) = frequencyCap(
            metadata["x-frequency-cap"], path: meta + ".x-frequency-cap")
        let content = content(fields["content"])
        guard let identifier else { return nil }
        let timeout: Duration? =
            switch timeoutMilliseconds {
            case .none: WaterfallLine.defaultTimeout
            case 0?: nil
            case let value?: .milliseconds(value)
            }
        var line = WaterfallLine(
            customEventIdentifier: identifier, info: info, adMarkup: markup, timeout: timeout, networkName: network,
            price: price, beforeLoadURLs: before, afterLoadURLs: after, afterLoadSuccessURLs: success,
            afterLoadFailURLs: failure, impressionTrackers: Self.unique(impressions),
            clickTrackers: Self.unique(clicks),
            refreshInterval: refresh.map { max(.seconds($0), WaterfallLine.minimumRefreshInterval) }, adType: adType,
            content: content, entryIndex: index)
        line.currencyCode = currency
        line.creativeIdentifier = creative
        line.frequencyCap = frequencyCap
        line.frequencyCapKey = frequencyCapKey
        line.bid = bid(metadata, meta: meta, markup: markup, price: price)
        return line
    }

    /// `x-frequency-cap`: the ad server's cap on the line, an object of `max_impressions` with `window_ms` (capping),
    /// `min_interval_ms` (pacing), or both, and an optional `key` (what is counted). Each bad value names its path.
    private mutating func frequencyCap(_ value: JSONValue?, path: String) -> (FrequencyCap?, String?) {
        switch value {
        case .none, .null?:
            return (nil, nil)
        case .object(let fields)?:
            let errorsBefore = errors.count
            let maxImpressions = impressions(fields["max_impressions"], path: path + ".max_impressions")
            let window = milliseconds(fields["window_ms"], path: path + ".window_ms")
            let interval = milliseconds(fields["min_interval_ms"], path: path + ".min_interval_ms")
            let key = string(fields["key"], path: path + ".key")
            guard errors.count == errorsBefore else { return (nil, nil) }
            let windowDuration = window.map { Duration.milliseconds($0) }
            let intervalDuration = interval.map { Duration.milliseconds($0) }
            if let problem = FrequencyCap.problem(
                maxImpressions: maxImpressions, window: windowDuration, minimumInterval: intervalDuration)
            {
                let key =
                    switch problem.path {
                    case "window": "window_ms"
                    case "minimumInterval": "min_interval_ms"
                    default: "max_impressions"
                    }
                let reason = problem.reason.replacingOccurrences(
                    of: "a number of impressions per window, a minimum interval, or both",
                    with: "max_impressions with window_ms, min_interval_ms, or both")
                fail(path + "." + key, reason)
                return (nil, nil)
            }
            let cap = FrequencyCap(
                checkedMaxImpressions: maxImpressions, window: windowDuration, minimumInterval: intervalDuration)
            return (cap, key)
        case .some(let other):
            fail(
                path,
                "expected an object with max_impressions and window_ms, min_interval_ms, or both, got \(other.brief)")
            return (nil, nil)
        }
    }

    /// A whole number of impressions, 1…``FrequencyCap/maximumImpressions``, given as a number or a numeric string.
    private mutating func impressions(_ value: JSONValue?, path: String) -> Int? {
        guard refuseOutOfRange(path), let value, value != .null else { return nil }
        guard case let number? = Self.number(value), number.rounded() == number, number >= 1,
            number <= Double(FrequencyCap.maximumImpressions)
        else {
            fail(
                path,
                "expected a whole number of impressions, 1...\(FrequencyCap.maximumImpressions), got \(value.brief)")
            return nil
        }
        return Int(number)
    }

    // MARK: Values

    private mutating func fail(_ path: String, _ reason: String) {
        errors.append(.invalidConfiguration(path: path, reason: reason))
    }

    private mutating func drop(_ index: Int, _ path: String, _ reason: String) {
        dropped.append(DroppedAdResponseEntry(index: index, path: path, reason: reason))
    }

    /// A string (numbers printed); `nil` when absent, `null` or empty.
    private mutating func string(_ value: JSONValue?, path: String) -> String? {
        switch value {
        case .none, .null?: return nil
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case .number?: return value?.stringValue
        case .some(let other):
            fail(path, "expected a string, got \(other.brief)")
            return nil
        }
    }

    private mutating func requiredString(_ value: JSONValue?, path: String) -> String? {
        guard let value, value != .null else {
            fail(path, "missing required key '\(Self.lastKey(of: path))'")
            return nil
        }
        guard case .string(let text) = value, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            fail(path, "expected a non-empty string, got \(value.brief)")
            return nil
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private mutating func bool(_ value: JSONValue?, path: String) -> Bool? {
        switch value {
        case .none, .null?: return nil
        case .some(let value):
            guard let flag = value.boolValue else {
                fail(path, "expected true or false, got \(value.brief)")
                return nil
            }
            return flag
        }
    }

    /// A whole number of milliseconds, given as a number or a numeric string; `-0` is refused like any other
    /// negative value unless `negativeIsZero`.
    private mutating func milliseconds(_ value: JSONValue?, path: String, negativeIsZero: Bool = false) -> Int64? {
        guard refuseOutOfRange(path), let value, value != .null else { return nil }
        guard case let number? = Self.number(value), number.rounded() == number,
            number.sign == .plus || negativeIsZero
        else {
            fail(path, "expected a non-negative integer, got \(value.brief)")
            return nil
        }
        guard number <= Self.maximumMilliseconds else {
            fail(
                path, "expected at most \(Int64(saturating: Self.maximumMilliseconds)) milliseconds, got \(value.brief)"
            )
            return nil
        }
        return Int64(saturating: max(number, 0))
    }

    /// A number of seconds (MoPub's `x-refreshtime`).
    private mutating func seconds(_ value: JSONValue?, path: String) -> Int64? {
        guard refuseOutOfRange(path), let value, value != .null else { return nil }
        guard case let number? = Self.number(value), number.sign == .plus, number <= Self.maximumMilliseconds / 1000
        else {
            fail(path, "expected a non-negative number of seconds, got \(value.brief)")
            return nil
        }
        return Int64(saturating: number, rounding: .up)
    }

    private mutating func price(_ value: JSONValue?, path: String) -> Double? {
        guard refuseOutOfRange(path), let value, value != .null else { return nil }
        guard case let number? = Self.number(value), number.isFinite, number.sign == .plus else {
            fail(path, "expected a non-negative price, got \(value.brief)")
            return nil
        }
        return number
    }

    /// An ISO 4217 currency code (`x-currency`): three letters, upper-cased, naming a currency in circulation
    /// (``CurrencyCode``); `nil` when absent.
    private mutating func currencyCode(_ value: JSONValue?, path: String) -> String? {
        guard let text = string(value, path: path) else { return nil }
        let code = text.uppercased()
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
        else {
            fail(path, "expected an ISO 4217 currency code of three letters, got \(value?.brief ?? "")")
            return nil
        }
        if let refusal = CurrencyCode.refusal(of: code) {
            fail(path, refusal)
            return nil
        }
        return code
    }

    /// `false` (after recording the error) when the document had a number at `path` that a `Double` cannot
    /// hold, such as `1e400`.
    private mutating func refuseOutOfRange(_ path: String) -> Bool {
        guard let literal = outOfRangeNumbers[path] else { return true }
        fail(path, "the number \(literal.count > 40 ? String(literal.prefix(37)) + "..." : literal) is out of range")
        return false
    }

    /// A finite number, given as a JSON number or as a string holding a plain JSON decimal (surrounding spaces
    /// allowed; no hex, no `inf`, no trailing bytes).
    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number): return number.isFinite ? number : nil
        case .string(let text): return JSONDocument.decimal(text)
        default: return nil
        }
    }

    /// One string or an array of strings; empty strings are skipped. More than
    /// ``AdResponseLimits/maximumTrackersPerKey`` items is an error.
    private mutating func strings(_ value: JSONValue?, path: String) -> [(String, String)] {
        switch value {
        case .none, .null?: return []
        case .string(let text)?:
            return text.trimmingCharacters(in: .whitespaces).isEmpty ? [] : [(text, path)]
        case .array(let items)? where items.count > limits.maximumTrackersPerKey:
            fail(path, "\(items.count) URLs, over the limit of \(limits.maximumTrackersPerKey) per key")
            return []
        case .array(let items)?:
            var result: [(String, String)] = []
            for (index, item) in items.enumerated() {
                let itemPath = "\(path)[\(index)]"
                switch item {
                case .null: continue
                case .string(let text):
                    if !text.trimmingCharacters(in: .whitespaces).isEmpty { result.append((text, itemPath)) }
                default: fail(itemPath, "expected a URL string, got \(item.brief)")
                }
            }
            return result
        case .some(let other):
            fail(path, "expected a URL string or an array of them, got \(other.brief)")
            return []
        }
    }

    private mutating func urls(_ value: JSONValue?, path: String) -> [URL] {
        strings(value, path: path).compactMap { text, itemPath in
            guard let url = LoadURLTemplate.trackerURL(text) else {
                fail(itemPath, "expected an absolute http(s) URL, got \(JSONValue.string(text).brief)")
                return nil
            }
            return url
        }
    }

    private mutating func absoluteURL(_ value: JSONValue?, path: String) -> URL? {
        guard case .string(let text)? = value else {
            if let value, value != .null { fail(path, "expected a URL string, got \(value.brief)") }
            return nil
        }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        guard let url = LoadURLTemplate.trackerURL(text) else {
            fail(path, "expected an absolute http(s) URL, got \(JSONValue.string(text).brief)")
            return nil
        }
        return url
    }

    private mutating func templates(_ value: JSONValue?, path: String) -> [LoadURLTemplate] {
        strings(value, path: path).compactMap { text, itemPath in
            guard let template = try? LoadURLTemplate(text.trimmingCharacters(in: .whitespaces)) else {
                fail(itemPath, "expected an absolute http(s) URL, got \(JSONValue.string(text).brief)")
                return nil
            }
            return template
        }
    }

    /// An object, a string holding one (MoPub sent a JSON string), `""` or `null`.
    private mutating func customEventInfo(_ value: JSONValue, path: String) -> CustomEventInfo {
        switch value {
        case .null: return CustomEventInfo()
        case .object(let members): return CustomEventInfo(members)
        case .string(let text):
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return CustomEventInfo() }
            let decoded: JSONDocument
            // The embedded document counts against the response's budget of values.
            var reader = JSONDocumentParser(
                bytes: Array(text.utf8), maximumDepth: limits.maximumDepth, maximumValues: limits.maximumJSONValues,
                maximumElementsPerContainer: limits.maximumElementsPerContainer, valuesRead: valuesRead)
            do {
                decoded = try reader.parseDocument()
                valuesRead = reader.valuesRead
            } catch {
                valuesRead = reader.valuesRead
                fail(
                    path,
                    "expected a JSON object or a string holding one, got \(value.brief) "
                        + "(\(error.exceedsLimit ? "over a limit" : "not valid JSON"): \(error.reason) "
                        + "at byte \(error.byteOffset))")
                return CustomEventInfo()
            }
            guard let members = decoded.root.objectValue else {
                fail(path, "expected a JSON object or a string holding one, got \(value.brief)")
                return CustomEventInfo()
            }
            return CustomEventInfo(members)
        default:
            fail(path, "expected a JSON object or a string holding one, got \(value.brief)")
            return CustomEventInfo()
        }
    }

    private func content(_ value: JSONValue?) -> String? {
        switch value {
        case .none, .null?: return nil
        case .string(let text)?: return text.isEmpty ? nil : text
        case .some(let other): return other.compactJSON
        }
    }

    private static func unique(_ urls: [URL]) -> [URL] {
        var seen = Set<URL>()
        return urls.filter { seen.insert($0).inserted }
    }

    private static func lastKey(of path: String) -> String {
        path.split(separator: ".").last.map(String.init) ?? path
    }
}

extension JSONValue {
    /// A short description for error messages: strings quoted, numbers as written, containers by kind.
    var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number: return stringValue ?? "a number"
        case .string(let text):
            let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
            let escaped = shown.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"")
            return "\"\(escaped)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as compact JSON with sorted keys.
    var compactJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
