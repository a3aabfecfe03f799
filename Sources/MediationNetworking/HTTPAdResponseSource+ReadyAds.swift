import MediationCore

/// An HTTP source feeds a ``ReadyAdCache``: each load fetches the ad unit's response with the mediator's privacy
/// and the demand's targeting, as ``HTTPAdResponseSource/fetchAdResponse(forAdUnit:privacy:targeting:completion:)``
/// does.
extension HTTPAdResponseSource: ReadyAdResponseSource {}
