import Foundation
import MediationBridge
import MyTargetAdapters

/// Downloads a sandbox banner's media on the sandbox clock, following the recovery policy and the timeout.
struct MyTargetSandboxMediaDownload: Sendable {
    var media: MyTargetSandboxMedia
    var recovery: MyTargetBannerMediaRecovery
    var timeout: Duration?
    var clock: MediationClock

    /// Runs attempts until one succeeds or the policy gives up; `onAttempt` runs as each attempt starts,
    /// `completion` once at the end. Attempts that take no time run synchronously.
    func start(
        onAttempt: @escaping @Sendable () -> Void, schedule: @escaping @Sendable (ScheduledAction) -> Void,
        completion: @escaping @Sendable (Bool) -> Void
    ) {
        attempt(0, onAttempt: onAttempt, schedule: schedule, completion: completion)
    }

    private func attempt(
        _ index: Int, onAttempt: @escaping @Sendable () -> Void,
        schedule: @escaping @Sendable (ScheduledAction) -> Void, completion: @escaping @Sendable (Bool) -> Void
    ) {
        onAttempt()
        let timesOut = timeout.map { media.latency > $0 } ?? false
        let duration = timesOut ? (timeout ?? media.latency) : media.latency
        let succeeds = !timesOut && !media.failures.failsAttempt(index)
        let finish: @Sendable () -> Void = {
            if succeeds {
                completion(true)
            } else if index + 1 < recovery.maximumAttempts {
                attempt(index + 1, onAttempt: onAttempt, schedule: schedule, completion: completion)
            } else {
                completion(false)
            }
        }
        if duration == .zero {
            finish()
        } else {
            schedule(clock.schedule(after: duration, finish))
        }
    }

    /// `banner` with its images' bytes filled in, as the SDK holds it after a download.
    static func loaded(_ banner: MyTargetNativeBanner) -> MyTargetNativeBanner {
        var loaded = banner
        loaded.icon = banner.icon.map(withBytes)
        loaded.adChoicesIcon = banner.adChoicesIcon.map(withBytes)
        return loaded
    }

    private static func withBytes(_ image: MyTargetImageData) -> MyTargetImageData {
        var image = image
        image.data = Data("mytarget-sandbox:\(image.url.absoluteString)".utf8)
        return image
    }
}
