extension ScaffoldTemplate {
    /// The VAST-SDK network surface: the SDK's request object (a tag call, a markup load) and its factory.
    static let vastAdLoading = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}VASTAdLoading.swift",
        text: #"""
            import Foundation
            import MediationBridge

            /// The {{Name}} SDK's ad request object, as the custom event uses it: it answers with VAST (its tag call) or
            /// takes a bid's VAST markup, and never plays an ad (MediationKit's VAST playback does). FILL IN: rename the
            /// members after the real SDK and write a thin wrapper over it that conforms (behind `#if canImport(...)`).
            ///
            /// Rules for conformers (the real SDK's wrapper and the test stand-in alike): answer each request exactly
            /// once through its completion, from the SDK's own thread (no hop to the main queue); an answer after
            /// ``cancel()`` is allowed (SDKs do answer late) and the custom event drops it.
            public protocol {{Name}}VASTAdLoading: AnyObject, Sendable {
                /// The SDK's tag call: the ad breaks the slot has, one VAST document each; `midpoints` in seconds, `nil`
                /// for the server's.
                func requestBreaks(
                    midpoints: [Double]?, contentDuration: TimeInterval,
                    completion: @escaping @Sendable (Result<[{{Name}}VASTBreak], {{Name}}VASTError>) -> Void)
                /// The SDK's markup load: takes a bid's VAST markup (its `adm`), unchanged, and answers with the break it
                /// plays in (as generated: one break, for the first section the host starts).
                func loadBid(
                    markup: String, completion: @escaping @Sendable (Result<[{{Name}}VASTBreak], {{Name}}VASTError>) -> Void)
                /// Gives up the request.
                func cancel()
                /// Tells the SDK the host showed a companion, by its identifier. FILL IN: the SDK's call; the session
                /// fires the companion's VAST trackers itself, so never fire them here.
                func reportCompanionShow(identifier: String)
                /// Tells the SDK the user clicked a companion, by its identifier.
                func reportCompanionClick(identifier: String)
            }

            /// Makes the SDK's request objects: the real SDK's, or the test stand-in's.
            public protocol {{Name}}VASTAdFactory: Sendable {
                /// A request object for `slotID` and `format`.
                func makeVASTAd(slotID: String, format: InstreamAdFormat) -> any {{Name}}VASTAdLoading
            }
            """#)

    /// The VAST-SDK network surface: one ad break as the SDK returns it.
    static let vastBreak = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}VASTBreak.swift",
        text: #"""
            import MediationBridge

            /// One ad break as the {{Name}} SDK returns it: where it plays and its VAST document, raw (MediationKit's
            /// VAST parser checks it). FILL IN after the real SDK (a VMAP's `AdBreak`, a break list, one tag per break).
            public struct {{Name}}VASTBreak: Sendable, Hashable {
                /// The section the break plays in; `nil`: the first section the host starts (a bid's ad).
                public var section: InstreamAdSection?
                /// A midroll's position in seconds.
                public var midpoint: Double?
                /// The VAST document, as the SDK returned it.
                public var vast: String

                /// Creates a break.
                public init(section: InstreamAdSection?, midpoint: Double? = nil, vast: String) {
                    self.section = section
                    self.midpoint = midpoint
                    self.vast = vast
                }
            }
            """#)

    /// The VAST-SDK network surface: the SDK's load error.
    static let vastError = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}VASTError.swift",
        text: #"""
            /// The {{Name}} SDK's load error: its own code and message, which the custom event passes on unchanged.
            /// FILL IN after the real SDK's error type.
            public struct {{Name}}VASTError: Error, Sendable, Hashable {
                /// The SDK's code.
                public var code: Int
                /// The SDK's message.
                public var message: String

                /// Creates an error.
                public init(code: Int, message: String) {
                    self.code = code
                    self.message = message
                }
            }
            """#)
}
