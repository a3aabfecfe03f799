/// One in-stream video ad for one content item (`MTRGInstreamAd`).
///
/// Rules for conformers: report through ``delegate`` as `MTRGInstreamAdDelegate` does; play through ``player``;
/// clamp ``loadingTimeout`` to at least 5 s; after load, ``midpoints`` holds only the points with ads.
public protocol MyTargetInstreamAdLoading: AnyObject, Sendable {
    /// The listener (`delegate`, weak in the SDK).
    var delegate: (any MyTargetInstreamAdDelegate)? { get set }
    /// The player (`player`).
    var player: (any MyTargetInstreamAdPlayer)? { get set }
    /// The loading timeout in seconds (`loadingTimeout`; default 10, minimum 5).
    var loadingTimeout: UInt { get set }
    /// The volume 0…1 (`volume`).
    var volume: Float { get set }
    /// Age, gender and language (`customParams`).
    var customParams: MyTargetCustomParams { get set }
    /// The midroll positions in seconds that have ads, after load (`midpoints`).
    var midpoints: [Double] { get }

    /// Installs the SDK's own player (`useDefaultPlayer`).
    func useDefaultPlayer()
    /// Midpoints in seconds (`configureMidpoints:forVideoDuration:`).
    func configureMidpoints(_ midpoints: [Double], forVideoDuration duration: Double)
    /// Midpoints in percent (`configureMidpointsP:forVideoDuration:`).
    func configureMidpointsP(_ percents: [Double], forVideoDuration duration: Double)
    /// The server's midpoints (`configureMidpointsForVideoDuration:`).
    func configureMidpoints(forVideoDuration duration: Double)
    /// `load`.
    func load()
    /// `startPreroll`.
    func startPreroll()
    /// `startPostroll`.
    func startPostroll()
    /// `startPauseroll`.
    func startPauseroll()
    /// `startMidrollWithPoint:`.
    func startMidroll(point: Double)
    /// `pause`.
    func pause()
    /// `resume`.
    func resume()
    /// `stop`.
    func stop()
    /// `skip`.
    func skip()
    /// `skipBanner`.
    func skipBanner()
    /// `handleClickWithController:`: the SDK opens the destination and reports modal or leave events.
    func handleClick()
}
