import Foundation

/// Opens the destination of an in-stream click: an in-app browser, a store sheet or another app.
///
/// Rules for conformers: tell `observer` what happened: `willPresentModal` then `didDismissModal` for content shown
/// inside the app, `willLeaveApplication` when leaving it. The session has already checked the URL against its
/// ``MediationURLPolicy``.
public protocol InstreamURLOpening: Sendable {
    /// Opens `url`, reporting to `observer`.
    func open(_ url: URL, observer: any InstreamURLOpeningObserver)
}

/// What an ``InstreamURLOpening`` reports while opening a click URL.
///
/// Rules for conformers: accept calls from any thread.
public protocol InstreamURLOpeningObserver: AnyObject, Sendable {
    /// Content is about to show inside the app.
    func willPresentModal()
    /// That content was dismissed.
    func didDismissModal()
    /// The click is leaving the app.
    func willLeaveApplication()
}
