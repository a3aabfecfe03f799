import Foundation
import MediationSupport

extension MediationInspector {
    /// The heading and the run's summary line.
    static func header(_ inspection: MediationInspection, timeline: InspectorTimeline) -> String {
        let trace = inspection.trace
        var facts = ["outcome <b>\(text(trace.outcome))</b>"]
        if let winner = trace.winningEntry {
            facts.append(
                "winner <b>line \(winner.line): \(text(winner.network))</b> (\(text(winner.customEvent)), price "
                    + "\(text(price(winner.price))))")
        } else {
            facts.append("winner <b>none</b>")
        }
        facts.append("decided at <b>\(text(milliseconds(timeline.decision)))</b>")
        facts.append("lines attempted <b>\(trace.attemptedLineCount)</b>")
        if let strategy = inspection.strategy { facts.append("strategy <b>\(text(strategy))</b>") }
        if let bound = inspection.bound { facts.append("bound <b>\(text(milliseconds(bound)))</b>") }
        return "<h1>\(text(inspection.title))</h1>\n<div class=\"summary\">"
            + facts.map { "<span>\($0)</span>" }.joined() + "</div>\n"
    }

    /// Writes every trace entry, in the order things happened, to `page`: the rows of ``table(_:_:tableClass:)``
    /// written straight into the page, one per entry.
    static func writeLinesSection(_ trace: MediationTrace, to page: inout InspectorHTMLWriter) {
        guard !trace.entries.isEmpty else {
            page.markup(section("Lines", id: "lines", "<p class=\"muted\">No line ran.</p>\n"))
            return
        }
        page.markup("<section id=\"lines\"><h2>Lines</h2>\n<table class=\"lines\"><thead><tr>")
        for title in ["Line", "Custom event", "Network", "Price", "Start", "Took", "Outcome", "Detail"] {
            page.markup("<th>")
            page.text(title)
            page.markup("</th>")
        }
        page.markup("</tr></thead><tbody>\n")
        for entry in trace.entries {
            page.markup(entry.isWinner ? "<tr class=\"winner\"><td>" : "<tr><td>")
            page.number(entry.line)
            if entry.page != 0 {
                page.markup(" (page ")
                page.number(entry.page)
                page.markup(")")
            }
            page.markup("</td><td>")
            page.text(entry.customEvent)
            page.markup("</td><td>")
            page.text(entry.network)
            page.markup("</td><td>")
            page.text(price(entry.price))
            page.markup("</td><td>")
            page.number(entry.start.wholeMilliseconds)
            page.markup("ms</td><td>")
            if let duration = entry.duration {
                page.number(duration.wholeMilliseconds)
                page.markup("ms")
            } else {
                page.markup("-")
            }
            page.markup("</td><td>")
            let outcome = InspectorOutcome(entry)  // the markup of `badge(_:)`
            page.markup("<span class=\"badge o-")
            page.markup(outcome.cssClass)
            page.markup("\">")
            page.text(outcome.label)
            page.markup("</span></td><td>")
            switch (entry.errorCode, entry.detail) {
            case (let code?, let detail?):
                page.text(code)
                page.markup(": ")
                page.text(detail)
            case (let code?, nil): page.text(code)
            case (nil, let detail?): page.text(detail)
            case (nil, nil): break
            }
            page.markup("</td></tr>\n")
        }
        page.markup("</tbody></table>\n</section>\n")
    }

    /// The auction order and the notices as sent: each notice's URL as the pinger got it (macros expanded), when
    /// it was handed to the pinger and how it is doing, matched with `trackers` by event and URL (billing, whose
    /// `${AUCTION_IMP_TS}` is filled at the impression, by order).
    static func auctionSection(_ auction: AuctionRecord, trackers: [MediationInspection.Tracker]) -> String {
        var html = "<p>Rule <b>\(text(auction.rule.rawValue))</b>"
        if let floor = auction.floor { html += ", floor <b>\(text(price(floor)))</b>" }
        html += "</p>\n"
        let order = auction.order.map { entry -> (cells: [Cell], rowClass: String?) in
            let loss = entry.lossReason.map { "\($0.rawValue) \($0.name)" } ?? (entry.result == "won" ? "-" : "")
            return (
                [
                    Cell("\(entry.place)"), Cell(entry.kind.rawValue), Cell(entry.line.map { "\($0)" } ?? "not run"),
                    Cell(entry.customEvent), Cell(entry.network),
                    Cell(price(entry.price, currency: entry.currencyCode)),
                    Cell(entry.bidID ?? "-"), Cell(entry.result), Cell(loss), Cell(entry.detail ?? ""),
                ],
                entry.result == "won" ? "winner" : nil
            )
        }
        html += table(
            ["Place", "Kind", "Line", "Custom event", "Network", "Price", "Bid ID", "Result", "Loss reason", "Detail"],
            order, tableClass: "auction")
        html += "<h3>Notices</h3>\n"
        if auction.notices.isEmpty {
            html += "<p class=\"muted\">No notice.</p>\n"
        } else {
            let sent = sentNotices(auction.notices, trackers: trackers)
            let notices = zip(auction.notices, sent).map { notice, tracker -> (cells: [Cell], rowClass: String?) in
                let unsent =
                    trackers.isEmpty
                    ? "not recorded" : notice.firesAtImpression ? "not yet: at the first impression" : "not sent"
                let handed = tracker.map { $0.at.map(milliseconds) ?? "yes" } ?? unsent
                return (
                    [
                        Cell(notice.kind.rawValue), Cell("\(notice.place)"), Cell(notice.line.map { "\($0)" } ?? "-"),
                        Cell(html: "<span class=\"url\">\(text((tracker?.url ?? notice.url).absoluteString))</span>"),
                        Cell(notice.firesAtImpression ? "at the first impression" : "when the run ended"),
                        Cell(handed),
                        Cell(tracker?.result ?? ""),
                    ], nil
                )
            }
            html += table(
                ["Notice", "Place", "Line", "URL as sent", "Fires", "Handed to the pinger", "Pinger's result"], notices,
                tableClass: "notices")
        }
        return section("Auction", id: "auction", html)
    }

    /// The tracker of each of `notices` that was handed to the pinger, or `nil`: a win or loss notice is matched
    /// by event and URL, a billing notice by event and order; each tracker matches one notice at most.
    static func sentNotices(
        _ notices: [AuctionNoticeRecord], trackers: [MediationInspection.Tracker]
    ) -> [MediationInspection.Tracker?] {
        var used = Set<Int>()
        return notices.map { notice in
            let event = notice.kind.pingEvent
            let index = trackers.indices.first { index in
                !used.contains(index) && trackers[index].event == event
                    && (notice.kind == .billing || trackers[index].url == notice.url)
            }
            guard let index else { return nil }
            used.insert(index)
            return trackers[index]
        }
    }

    /// The HTTP requests the load made before its run: the ad request and each bid request.
    static func requestsSection(_ requests: [WireRecord]) -> String {
        guard !requests.isEmpty else {
            return section(
                "Requests", id: "requests",
                "<p class=\"muted\">None recorded: the run's response was handed to the mediator.</p>\n")
        }
        let rows = requests.map { request -> (cells: [Cell], rowClass: String?) in
            (
                [
                    Cell(request.kind.label), Cell(request.method),
                    Cell(html: "<span class=\"url\">\(text(request.url))</span>"),
                    Cell(request.status.map { "\($0)" } ?? "-"), Cell(request.responseBytes.map { "\($0)" } ?? "-"),
                    Cell(milliseconds(request.duration)), Cell(request.outcome),
                ], nil
            )
        }
        return section(
            "Requests", id: "requests",
            table(["Request", "Method", "URL", "Status", "Bytes", "Took", "Outcome"], rows, tableClass: "requests"))
    }

    /// The trackers and notices fired, with when and how.
    static func trackersSection(_ trackers: [MediationInspection.Tracker]) -> String {
        guard !trackers.isEmpty else {
            return section("Trackers fired", id: "trackers", "<p class=\"muted\">None recorded.</p>\n")
        }
        let rows = trackers.map { tracker -> (cells: [Cell], rowClass: String?) in
            (
                [
                    Cell(tracker.event.rawValue),
                    Cell(html: "<span class=\"url\">\(text(tracker.url.absoluteString))</span>"),
                    Cell(milliseconds(tracker.at)), Cell(tracker.result),
                ], nil
            )
        }
        return section(
            "Trackers fired", id: "trackers", table(["Event", "URL", "When", "Result"], rows, tableClass: "trackers"))
    }

    /// What the run sent: the privacy signals, the targeting after redaction, and which networks got a bid
    /// signal (never the signal).
    static func sentSection(_ inspection: MediationInspection) -> String {
        var html = ""
        if let privacy = inspection.privacy {
            func flag(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "not known" }
            func opaque(_ value: String?) -> String {
                value.map { "set (\($0.count) characters; content not shown)" } ?? "not set"
            }
            let rows: [(String, String)] = [
                ("GDPR applies", flag(privacy.gdprApplies)),
                ("TCF consent string", opaque(privacy.tcfConsentString)),
                ("US Privacy string", opaque(privacy.usPrivacyString)),
                ("GPP string", opaque(privacy.gppString)),
                ("GPP section IDs", privacy.gppSectionIDs.isEmpty ? "none" : "\(privacy.gppSectionIDs.count) set"),
                ("Child-directed (COPPA)", flag(privacy.isChildDirected)),
                ("Under the age of consent", flag(privacy.isUnderAgeOfConsent)),
                ("Personalisation disallowed", flag(privacy.disallowsPersonalization)),
                ("May collect personal info", flag(privacy.canCollectPersonalInfo)),
                ("App Tracking Transparency", "\(privacy.trackingAuthorization)"),
                ("Opted out of sale", flag(privacy.optsOutOfSale)),
                ("Personal targeting allowed", flag(privacy.allowsPersonalTargeting)),
            ]
            html += "<div><h3>Privacy</h3>\n"
            html += table(["Signal", "Value"], rows.map { ([Cell($0.0), Cell($0.1)], nil) }, tableClass: "privacy")
            html += "</div>\n"
        }
        if let targeting = inspection.targeting {
            let sent = inspection.privacy.map { targeting.redacted(for: $0) } ?? targeting
            func row(_ name: String, _ given: String?, _ sent: String?) -> (cells: [Cell], rowClass: String?) {
                let shown = sent ?? (given == nil ? "not given" : "withheld by privacy")
                return ([Cell(name), Cell(shown)], nil)
            }
            html += "<div><h3>Targeting as sent (after redaction)</h3>\n"
            html += table(
                ["Field", "Sent"],
                [
                    row("Age", targeting.age.map { "\($0)" }, sent.age.map { "\($0)" }),
                    row("Gender", targeting.gender?.rawValue, sent.gender?.rawValue),
                    row("Language", targeting.language, sent.language),
                ], tableClass: "targeting")
            html += "</div>\n"
        }
        if !html.isEmpty { html = "<div class=\"pair\">\n\(html)</div>\n" }
        if let signals = inspection.trace.auction?.signals, !signals.isEmpty {
            html += "<h3>Bid signals: who got one (content never shown)</h3>\n"
            let rows = signals.map { signal -> (cells: [Cell], rowClass: String?) in
                (
                    [
                        Cell(signal.network), Cell(signal.customEvent),
                        Cell(signal.result == .collected ? "sent" : "left out: " + signal.result.rawValue),
                        Cell(milliseconds(signal.took)), Cell(signal.detail ?? ""),
                    ], nil
                )
            }
            html += table(["Network", "Custom event", "Signal", "Took", "Detail"], rows, tableClass: "signals")
        }
        for request in inspection.trace.requests where !request.sent.isEmpty {
            html += "<h3>Device and attribution in the bid request to \(text(request.url))</h3>\n"
            html += table(
                ["Field", "Sent"], request.sent.map { ([Cell($0.name), Cell($0.value)], nil) }, tableClass: "device")
        }
        if html.isEmpty { html = "<p class=\"muted\">Not recorded for this run.</p>\n" }
        return section("What was sent", id: "sent", html)
    }

    /// The marking slots, in the order a reader meets them.
    static let markingSlots: [NativeAdSlot] = [
        .advertisingLabel, .ageRestriction, .privacyIcon, .sponsoredBy, .advertiser, .disclaimer,
    ]

    /// The winner's ad card (drawn by ``HTMLNativeAdRenderer`` with placeholders, no link) and its marking slots.
    static func winnerSection(_ inspection: MediationInspection) -> String {
        guard let properties = inspection.winner else {
            let reason = inspection.trace.winner == nil ? "No ad was delivered." : "The winning ad was not recorded."
            return section("Winning ad", id: "winner", "<p class=\"muted\">\(text(reason))</p>\n")
        }
        // The page loads and links nothing: the privacy link is left out of the card (it is listed below) and
        // the call to action gets no destination.
        var shown = properties
        try? shown.set(nil, for: .privacyClickURL)
        let card = HTMLNativeAdRenderer().htmlCard(for: shown, clickURL: nil, images: .placeholders)
        let contents = Dictionary(
            StaticNativeAdRenderer.contents(for: properties, slots: Set(markingSlots)),
            uniquingKeysWith: { _, last in last })
        var rows = markingSlots.map { slot -> (cells: [Cell], rowClass: String?) in
            let value: String
            switch contents[slot] {
            case .image(let image)?:
                value = image.url.map { "image " + $0.absoluteString } ?? "image (from the network)"
            case .text(nil)?, nil:
                value = "absent"
            case let content?:
                value = content.text ?? "absent"
            }
            return ([Cell(slot.rawValue), Cell(value)], nil)
        }
        if let privacyURL = properties.url(.privacyClickURL) {
            rows.append(
                (
                    [
                        Cell("privacy click URL"),
                        Cell(html: "<span class=\"url\">\(text(privacyURL.absoluteString))</span>"),
                    ], nil
                ))
        }
        let slots = table(["Marking slot", "Content"], rows, tableClass: "marking-slots")
        return section(
            "Winning ad", id: "winner",
            "<div class=\"card-row\">\n\(card)\(slots)</div>\n" + readyAdNote(inspection.trace))
    }

    /// The registered adapters.
    static func adaptersSection(_ adapters: [MediationAdapterStatus]) -> String {
        guard !adapters.isEmpty else {
            return section("Adapters", id: "adapters", "<p class=\"muted\">Not recorded for this run.</p>\n")
        }
        let rows = adapters.map { status -> (cells: [Cell], rowClass: String?) in
            let renderer = status.renderer.map { renderer in
                renderer + (status.rendererSettings.map { " (\($0))" } ?? "")
            }
            return (
                [
                    Cell(status.customEvent), Cell(status.network ?? "-"), Cell(status.adapterVersion ?? "-"),
                    Cell(status.networkSDKVersion ?? "-"),
                    Cell(status.supportsBidding ? (status.hasBidSignalProvider ? "yes, with signals" : "yes") : "no"),
                    Cell(
                        renderer
                            ?? (status.format == .instream
                                ? "in-stream: the host's player" : "none: lines fail with missing_adapter")),
                ], status.isSetUp ? nil : "unset"
            )
        }
        return section(
            "Adapters", id: "adapters",
            table(
                ["Custom event", "Network", "Adapter", "SDK", "Bidding", "Renderer"], rows, tableClass: "adapters"))
    }

    /// The dropped response entries and the run's notes.
    static func notesSection(_ trace: MediationTrace) -> String {
        guard !trace.droppedEntries.isEmpty || !trace.notes.isEmpty else { return "" }
        var html = "<ul>\n"
        for dropped in trace.droppedEntries { html += "<li>\(text(dropped.description))</li>\n" }
        for note in trace.notes { html += "<li>\(text(note))</li>\n" }
        return section("Notes", id: "notes", html + "</ul>\n")
    }
}
