/// One in-stream audio ad for one content item (`MTRGInstreamAudioAd`).
///
/// Rules for conformers: report through ``delegate`` as `MTRGInstreamAudioAdDelegate` does; play through ``player``;
/// clamp ``loadingTimeout`` to at least 5 s; after load, ``midpoints`` holds only the points with ads.
public protocol MyTargetInstreamAudioAdLoading: AnyObject, Sendable {
    /// The listener (`delegate`, weak in the SDK).
    var delegate: (any MyTargetInstreamAudioAdDelegate)? { get set }
    /// The player (`player`).
    var player: (any MyTargetInstreamAudioAdPlayer)? { get set }
    /// The loading timeout in seconds (`loadingTimeout`; default 10, minimum 5).
    var loadingTimeout: UInt { get set }
    /// The volume 0…1 (`volume`).
    var volume: Float { get set }
    /// Age, gender and language (`customParams`).
    var customParams: MyTargetCustomParams { get set }
    /// The midroll positions in seconds that have ads, after load (`midpoints`).
    var midpoints: [Double] { get }

    /// Midpoints in seconds (`configureMidpoints:forAudioDuration:`).
    func configureMidpoints(_ midpoints: [Double], forAudioDuration duration: Double)
    /// Midpoints in percent (`configureMidpointsP:forAudioDuration:`).
    func configureMidpointsP(_ percents: [Double], forAudioDuration duration: Double)
    /// The server's midpoints (`configureMidpointsForAudioDuration:`).
    func configureMidpoints(forAudioDuration duration: Double)
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
    /// `handleCompanionShow:`.
    func handleCompanionShow(_ companion: MyTargetInstreamAdCompanionBanner)
    /// `handleCompanionClick:withController:`.
    func handleCompanionClick(_ companion: MyTargetInstreamAdCompanionBanner)
}
