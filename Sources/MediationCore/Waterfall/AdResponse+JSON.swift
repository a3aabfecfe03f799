import Foundation

extension AdResponse {
    /// Parses MoPub's multi-ad-response JSON (`ad-responses`, `x-next-url`, `backoff_ms`, …; see
    /// docs/waterfall.md).
    ///
    /// Entries without metadata (and `x-adtype: clear` or `x-warmup` entries) are dropped and listed in
    /// ``droppedEntries``; zero usable entries is a valid, empty response.
    ///
    /// - Parameters:
    ///   - data: the JSON bytes.
    ///   - url: where the bytes came from, when they did; kept in ``url`` for the `x-next-url` loop guard.
    /// - Throws: ``AdResponseParsingError`` listing every problem with its JSON path, such as
    ///   `$.ad-responses[2].metadata.x-ad-timeout-ms: expected a non-negative integer, got "abc"`.
    public static func parse(json data: Data, url: URL? = nil) throws(AdResponseParsingError) -> AdResponse {
        var parser = AdResponseParser()
        guard let response = parser.parse(data, url: url) else {
            throw AdResponseParsingError(errors: parser.errors)
        }
        return response
    }

    /// Parses an already decoded JSON document; see ``parse(json:url:)``.
    public static func parse(_ document: JSONValue, url: URL? = nil) throws(AdResponseParsingError) -> AdResponse {
        var parser = AdResponseParser()
        guard let response = parser.parse(document, url: url) else {
            throw AdResponseParsingError(errors: parser.errors)
        }
        return response
    }
}
