extension MediationInspector {
    /// Each network's start-up (status, time to start, error, versions) and whether the host-wide test mode is
    /// on; empty when the mediator has no network configuration and the test mode is off.
    static func networkStartupSection(_ inspection: MediationInspection) -> String {
        guard !inspection.networks.isEmpty || inspection.isTestMode else { return "" }
        var html = ""
        if inspection.isTestMode {
            html +=
                "<p class=\"test-mode\"><strong>Test mode is on</strong>: every network started in test mode, ad "
                + "requests carry <code>test=1</code> and OpenRTB bid requests <code>\"test\": 1</code>. "
                + "Never ship it on.</p>\n"
        }
        if !inspection.networks.isEmpty {
            let rows = inspection.networks.map { record -> (cells: [Cell], rowClass: String?) in
                let failed = record.status.isFinal && !record.status.isReady
                return (
                    [
                        Cell(record.network), Cell(record.status.code),
                        Cell(record.startMilliseconds.map { "\($0) ms" } ?? "-"), Cell(record.errorDescription ?? "-"),
                        Cell(record.adapterVersion.isEmpty ? "-" : record.adapterVersion),
                        Cell(record.networkSDKVersion.isEmpty ? "-" : record.networkSDKVersion),
                    ], failed ? "unset" : nil
                )
            }
            html += table(
                ["Network", "Start-up", "Time to start", "Error", "Adapter", "SDK"], rows, tableClass: "adapters")
        }
        return section("Network start-up", id: "network-startup", html)
    }
}
