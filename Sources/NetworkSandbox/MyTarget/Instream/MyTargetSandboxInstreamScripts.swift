import Foundation
import InstreamSimulation
import MediationBridge
import MediationSupport

/// Ready-made in-stream content for the sandbox: a preroll of two ads, midrolls at 30 s and 90 s of a two-minute
/// item, a pauseroll and a postroll; the audio ads carry a companion banner.
public enum MyTargetSandboxInstreamScripts {
    /// Video content.
    public static func video(misbehaviors: Set<InstreamSimulationScript.Misbehavior> = []) -> InstreamSimulationScript {
        InstreamSimulationScript(
            sections: [
                .preroll: [videoAd("pre-1", duration: 3, allowClose: true, delay: 1), videoAd("pre-2", duration: 2)],
                .pauseroll: [videoAd("pause-1", duration: 2)],
                .postroll: [videoAd("post-1", duration: 2, allowClose: true, delay: 0)],
            ],
            midrolls: [30: [videoAd("mid-30", duration: 2)], 90: [videoAd("mid-90", duration: 2)]],
            misbehaviors: misbehaviors)
    }

    /// Audio content.
    public static func audio(misbehaviors: Set<InstreamSimulationScript.Misbehavior> = []) -> InstreamSimulationScript {
        InstreamSimulationScript(
            sections: [
                .preroll: [audioAd("pre-1", duration: 3, allowSkip: true), audioAd("pre-2", duration: 2)],
                .pauseroll: [audioAd("pause-1", duration: 2)],
                .postroll: [audioAd("post-1", duration: 2, allowSkip: true)],
            ],
            midrolls: [30: [audioAd("mid-30", duration: 2)], 90: [audioAd("mid-90", duration: 2)]],
            misbehaviors: misbehaviors)
    }

    /// The media URL of a scripted ad, for players that need durations: `https://media.sandbox.mytarget/<id>.<ext>`.
    public static func mediaURL(_ id: String, format: InstreamAdFormat) -> URL {
        URL(string: "https://media.sandbox.mytarget/\(id).\(format == .video ? "mp4" : "mp3")")!
    }

    /// The media durations of both scripts, to give a ``SimulatedInstreamAdPlayer``.
    public static func mediaDurations() -> [URL: Duration] {
        var durations: [URL: Duration] = [:]
        for script in [video(), audio()] {
            for ad in Array(script.sections.values.joined()) + Array(script.midrolls.values.joined()) {
                durations[ad.mediaURL] = .milliseconds(Int64(saturating: ad.banner.duration * 1000))
            }
        }
        return durations
    }

    private static func videoAd(_ id: String, duration: Double, allowClose: Bool = false, delay: Double = 0)
        -> SimulatedInstreamBanner
    {
        SimulatedInstreamBanner(
            banner: InstreamAdBanner(
                identifier: "video-\(id)", format: .video, duration: duration, allowClose: allowClose,
                allowCloseDelay: delay, width: 1280, height: 720, ctaText: "Learn more"),
            mediaURL: mediaURL("video-\(id)", format: .video))
    }

    private static func audioAd(_ id: String, duration: Double, allowSkip: Bool = false) -> SimulatedInstreamBanner {
        SimulatedInstreamBanner(
            banner: InstreamAdBanner(
                identifier: "audio-\(id)", format: .audio, duration: duration, allowSeek: false, allowSkip: allowSkip,
                allowTrackChange: false, adText: "Listen to the sponsor",
                companionBanners: [InstreamCompanionBanner(identifier: "companion-\(id)", width: 300, height: 250)]),
            mediaURL: mediaURL("audio-\(id)", format: .audio))
    }
}
