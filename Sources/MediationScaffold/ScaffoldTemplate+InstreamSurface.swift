extension ScaffoldTemplate {
    /// The in-stream network surface: the SDK's ad object and the factory that makes it.
    static let instreamAdLoading = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}InstreamAdLoading.swift",
        text: #"""
            import Foundation
            import MediationBridge

            /// The {{Name}} SDK's in-stream ad object, as the custom event uses it. FILL IN: rename the members after the
            /// real SDK and write a thin wrapper over it that conforms (behind `#if canImport(...)`).
            ///
            /// Rules for conformers (the real SDK's wrapper and the test stand-in alike): report to ``delegate`` only,
            /// hold it weakly, report nothing after ``cancel()`` or ``stop()``; play through the player it was made with.
            public protocol {{Name}}InstreamAdLoading: AnyObject, Sendable {
                /// Where the SDK reports.
                var delegate: (any {{Name}}InstreamAdDelegate)? { get set }
                /// Loads; `midpoints` in seconds, `nil` for the server's.
                func load(midpoints: [Double]?, contentDuration: TimeInterval)
                /// Loads a bid's markup (the SDK's markup load, such as `loadFromBid:`), unchanged; answers as ``load``.
                /// FILL IN: without a markup load in the SDK, set the custom event's `supportsBidding` to `false`.
                func loadBid(markup: String, midpoints: [Double]?, contentDuration: TimeInterval)
                /// Gives up loading.
                func cancel()
                /// Plays the preroll.
                func startPreroll()
                /// Plays the midroll at `point` seconds (one of the midpoints reported at load).
                func startMidroll(at point: Double)
                /// Plays the pauseroll.
                func startPauseroll()
                /// Plays the postroll.
                func startPostroll()
                /// Pauses the playing banner.
                func pause()
                /// Resumes the paused banner.
                func resume()
                /// Ends the playing section.
                func stop()
                /// The user ends the playing section.
                func skip()
                /// The user moves on to the next banner.
                func skipBanner()
                /// Sets the volume, 0…1.
                func setVolume(_ volume: Double)
                /// Counts a click on the playing banner.
                func handleClick()
                /// Counts a companion show, by the companion's identifier.
                func handleCompanionShow(identifier: String)
                /// Counts a companion click, by the companion's identifier.
                func handleCompanionClick(identifier: String)
            }

            /// Makes the SDK's in-stream ad objects: the real SDK's, or the test stand-in's.
            public protocol {{Name}}InstreamAdFactory: Sendable {
                /// An ad for `slotID` that plays `format` through `player`.
                func makeInstreamAd(slotID: String, format: InstreamAdFormat, player: any InstreamAdPlayer)
                    -> any {{Name}}InstreamAdLoading
            }
            """#)

    /// The in-stream network surface: the SDK's callbacks and its banner.
    static let instreamAdDelegate = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}InstreamAdDelegate.swift",
        text: #"""
            import Foundation

            /// The {{Name}} SDK's in-stream callbacks. FILL IN: rename after the real SDK's delegate.
            public protocol {{Name}}InstreamAdDelegate: AnyObject, Sendable {
                /// The data loaded; `midpoints` are the midroll positions (seconds) it has ads for.
                func onLoad(midpoints: [Double])
                /// No ad, or a load error.
                func onNoAd(reason: String)
                /// A banner started.
                func onBannerStart(_ banner: {{Name}}InstreamBanner)
                /// The playing banner's time left changed.
                func onBannerTimeLeftChange(timeLeft: Double, duration: Double)
                /// A banner completed.
                func onBannerComplete(_ banner: {{Name}}InstreamBanner)
                /// Playback failed; section complete follows.
                func onError(reason: String)
                /// A section ended; the SDK names it (`"preroll"`, `"Midroll"`, …).
                func onComplete(section: String)
                /// The SDK showed content inside the app.
                func onShowModal()
                /// That content was dismissed.
                func onDismissModal()
                /// The SDK is leaving the app.
                func onLeaveApplication()
            }

            /// One ad as the {{Name}} SDK describes it, raw: its strings are not checked yet. FILL IN after the real SDK.
            public struct {{Name}}InstreamBanner: Sendable, Hashable {
                /// One companion banner (mostly audio).
                public struct Companion: Sendable, Hashable {
                    /// Unique within its banner.
                    public var identifier: String
                    /// The slot size in points.
                    public var width: Int, height: Int
                    /// The image, raw.
                    public var imageURL: String?
                    /// The click destination, raw.
                    public var clickURL: String?
                    /// Show and click trackers, raw.
                    public var showTrackers: [String], clickTrackers: [String]

                    /// Creates a companion.
                    public init(
                        identifier: String, width: Int, height: Int, imageURL: String? = nil, clickURL: String? = nil,
                        showTrackers: [String] = [], clickTrackers: [String] = []
                    ) {
                        self.identifier = identifier
                        self.width = width
                        self.height = height
                        self.imageURL = imageURL
                        self.clickURL = clickURL
                        self.showTrackers = showTrackers
                        self.clickTrackers = clickTrackers
                    }
                }

                /// The banner's identifier.
                public var identifier: String
                /// Seconds.
                public var duration: Double
                /// The click destination, raw (may be anything the network sends, `javascript:` included).
                public var clickURL: String?
                /// Video: closable, and after how many seconds; audio: skippable.
                public var allowClose: Bool, allowCloseDelay: Double, allowSkip: Bool
                /// Video: media size in pixels.
                public var width: Double, height: Double
                /// The call-to-action (video) or advertising text (audio).
                public var text: String?
                /// Companion banners.
                public var companions: [Companion]

                /// Creates a banner.
                public init(
                    identifier: String, duration: Double, clickURL: String? = nil, allowClose: Bool = false,
                    allowCloseDelay: Double = 0, allowSkip: Bool = false, width: Double = 0, height: Double = 0,
                    text: String? = nil, companions: [Companion] = []
                ) {
                    self.identifier = identifier
                    self.duration = duration
                    self.clickURL = clickURL
                    self.allowClose = allowClose
                    self.allowCloseDelay = allowCloseDelay
                    self.allowSkip = allowSkip
                    self.width = width
                    self.height = height
                    self.text = text
                    self.companions = companions
                }
            }
            """#)
}
