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
            throw AdResponseParsingError(errors: parser.errors)
        }
        return response
    }

    /// Parses an already decoded JSON document; see ``parse(json:url:)``.
    public static func parse(_ document: JSONValue, url: URL? = nil, limits: AdResponseLimits = .default)
        throws(AdResponseParsingError) -> AdResponse
    {
        var parser = AdResponseParser(limits: limits)
        guard let response = parser.parse(document, url: url) else {
            throw AdResponseParsingError(errors: parser.errors)
        }
        return response
    }
}
