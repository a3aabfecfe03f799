extension InstreamAdEvent: CustomStringConvertible {
    /// One line naming the event and its values, such as `banner start video-pre-1 (3.0 s)`.
    public var description: String {
        switch self {
        case .loaded(let midpoints): "loaded, midpoints \(midpoints)"
        case .noAd(let reason): "no ad: \(reason)"
        case .bannerStarted(let banner): "banner start \(banner.identifier) (\(banner.duration) s)"
        case .timeLeftChanged(let timeLeft, let duration): "time left \(timeLeft) of \(duration) s"
        case .bannerCompleted(let banner): "banner complete \(banner.identifier)"
        case .error(let reason): "error: \(reason)"
        case .sectionCompleted(let section): "section complete \(section.rawValue)"
        case .willPresentModal: "show modal"
        case .didDismissModal: "dismiss modal"
        case .willLeaveApplication: "leave application"
        case .revenueRecorded(let revenue):
            "revenue \(revenue.value) \(revenue.currencyCode) (\(revenue.precision.rawValue), \(revenue.networkName))"
        }
    }
}
