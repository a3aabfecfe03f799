import Foundation

extension AdResponse {
    /// Parses MoPub's multi-ad-response JSON (`ad-responses`, `x-next-url`, `backoff_ms`, …; see
    /// docs/waterfall.md).
    ///
    /// Entries without metadata (and `x-adtype: clear` or `x-warmup` entries) are dropped and listed in
    /// ``droppedEntries``; zero usable entries is a valid, empty response.
    ///
    /// An entry with invalid values is dropped with its errors (``DroppedAdResponseEntry/errors``) and the
    /// valid entries still run; only a problem outside the entries (not JSON, over a limit, no `ad-responses`,
    /// a bad `x-next-url` or `backoff_ms`) rejects the response.
    ///
    /// - Parameters:
    ///   - data: the JSON bytes.
    ///   - url: where the bytes came from, when they did; kept in ``url`` for the `x-next-url` loop guard.
    ///   - limits: the most the response may hold.
    /// - Throws: ``AdResponseParsingError`` listing every problem with its JSON path, such as
    ///   `$: not valid JSON: unexpected end of input in a string (byte 812)`.
    public static func parse(json data: Data, url: URL? = nil, limits: AdResponseLimits = .default)
        throws(AdResponseParsingError) -> AdResponse
    {
        var parser = AdResponseParser(limits: limits)
        guard let response = parser.parse(data, url: url) else {
            throw AdResponseParsingError(errors: parser.errors, syntaxError: parser.syntaxError)
        }
        return response
    }

    /// Parses the body of an HTTP answer from `url` as an ad response, in one pass over the bytes (no
    /// `JSONSerialization` first): what an HTTP ad-response source calls on a 2xx answer.
    ///
    /// Reading stops at the first limit of `limits` it meets (the body's size, the number of JSON values,
    /// the elements of one array or object, the nesting depth), before anything past it is kept.
    ///
    /// - Throws: ``MediationError/invalidResponseBody(url:reason:)`` for an empty body and for a body that is
    ///   not JSON, naming the byte offset (`not JSON: unexpected '<', expected a value (byte 0)`), text that is
    ///   not UTF-8 (`not JSON: not UTF-8: the text starts with a UTF-16 little-endian byte order mark …`) or
    ///   a reading limit (`over a limit: more than 1000 elements in one array at $.ad-responses (byte …)`);
    ///   ``MediationError/responseTooLarge(url:limitBytes:)`` for a body over
    ///   ``AdResponseLimits/maximumResponseBytes``; otherwise the first problem of the response, an
    ///   ``MediationError/invalidConfiguration(path:reason:)`` naming its JSON path (all of them are in
    ///   ``AdResponseParsingError/errors`` from ``parse(json:url:limits:)``).
    public static func parse(responseBody body: Data, from url: URL, limits: AdResponseLimits = .default)
        throws(MediationError) -> AdResponse
    {
        guard !body.isEmpty else {
            throw .invalidResponseBody(url: url.absoluteString, reason: "the body is empty")
        }
        guard body.count <= limits.maximumResponseBytes else {
            throw .responseTooLarge(url: url.absoluteString, limitBytes: limits.maximumResponseBytes)
        }
        do throws(AdResponseParsingError) {
            return try parse(json: body, url: url, limits: limits)
        } catch {
            if let syntax = error.syntaxError {
                let kind = syntax.exceedsLimit ? "over a limit" : "not JSON"
                throw .invalidResponseBody(
                    url: url.absoluteString,
                    reason: "\(kind): \(syntax.reason) at \(syntax.path) (byte \(syntax.byteOffset))")
            }
            throw error.firstError
        }
    }
}
