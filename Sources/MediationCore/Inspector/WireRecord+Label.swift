extension WireRecord.Kind {
    /// How the inspector's request rows name the kind.
    var label: String {
        switch self {
        case .adRequest: "ad request"
        case .bidRequest: "bid request"
        case .vastRequest: "VAST request"
        }
    }
}
