extension MediationInspector {
    /// For an ad a ``ReadyAdCache`` handed out: when it loaded in its run and how long it waited; empty otherwise.
    static func readyAdNote(_ trace: MediationTrace) -> String {
        guard let record = trace.readyAd else { return "" }
        return "<p class=\"ready-ad\">From the ready-ad cache: loaded \(milliseconds(record.loadedAt)) into its run, "
            + "waited \(milliseconds(record.waited)) before it was handed out.</p>\n"
    }
}
