import Foundation
import MediationSupport

/// The mediation inspector: one self-contained HTML page about a finished run, for a person debugging "why
/// did this slot show nothing" or "why did this network win".
///
/// The page holds a timeline (one row per line or bid, a bar from start to end coloured by outcome, hedge
/// starts, late and duplicate callbacks, the decision instant, the bound and the winner's own latency), the
/// lines table, the frequency caps' refusals (the trace JSON's `frequencyCaps`), the requests the load made (the ad request and each bid request: URL, method, status, bytes,
/// time), the auction order with prices, loss reasons and the notices as sent, the trackers fired, what was sent
/// (privacy and targeting after redaction, which bid signals went to whom, never their content, and the device and
/// attribution data of each bid request as the privacy state let it go), the winner's
/// ad card with its marking slots, and the adapters table. It is inline CSS and inline SVG only: no script,
/// no network requests, no links (URLs are shown as text), and a Content-Security-Policy that forbids loading
/// anything. Every string from a network, a server or a host is HTML-escaped, with control and bidirectional
/// characters made visible.
///
/// ```swift
/// func inspectorPage(for result: MediationRunResult, of mediator: Mediator) -> String {
///     MediationInspector.htmlPage(for: MediationInspection(result: result, mediator: mediator))
/// }
/// ```
public enum MediationInspector {
    /// The complete HTML page for `inspection`.
    public static func htmlPage(for inspection: MediationInspection) -> String {
        let timeline = InspectorTimeline(inspection)
        // One buffer written from top to bottom: the timeline's rows and the lines table, which grow with the
        // trace, go straight into it, and no section is copied from one string into another.
        var page = InspectorHTMLWriter(capacity: 32_768 + inspection.trace.entries.count * 768)
        page.markup(
            """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(text("Mediation inspector: " + inspection.title))</title>
            <style>\(stylesheet)</style></head><body>

            """)
        page.markup(header(inspection, timeline: timeline))
        page.markup("<section id=\"timeline\"><h2>Timeline</h2>\n")
        timeline.writeSVG(to: &page)
        page.markup(timeline.legend())
        page.markup("</section>\n")
        writeLinesSection(inspection.trace, to: &page)
        page.markup(frequencyCapsSection(inspection.trace))
        page.markup(requestsSection(inspection.trace.requests))
        if let auction = inspection.trace.auction {
            page.markup(auctionSection(auction, trackers: inspection.trackers))
        }
        page.markup(trackersSection(inspection.trackers))
        page.markup(sentSection(inspection))
        page.markup(winnerSection(inspection))
        page.markup(networkStartupSection(inspection))
        page.markup(adaptersSection(inspection.adapters))
        page.markup(notesSection(inspection.trace))
        page.markup("</body></html>\n")
        return page.string
    }

    /// `value` made safe for HTML text and attribute values: control, line-breaking and bidirectional characters
    /// shown as `\u{…}`, then `&`, `<`, `>`, `"` and `'` as entities (``HTMLNativeAdRenderer/escape(_:)``, the
    /// same function the ad card uses).
    static func text(_ value: String) -> String {
        printableASCIIText(value) ?? HTMLNativeAdRenderer.escape(value)
    }

    /// ``text(_:)`` worked out on the bytes of printable ASCII (almost every string of a trace), where there is
    /// nothing to make visible and each byte is a scalar; `nil` for any other string.
    static func printableASCIIText(_ value: String) -> String? {
        var value = value
        let extra = value.withUTF8 { bytes -> Int? in
            var extra = 0
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"), UInt8(ascii: "'"): extra += 4
                case UInt8(ascii: "<"), UInt8(ascii: ">"): extra += 3
                case UInt8(ascii: "\""): extra += 5
                case 0x20..<0x7F: continue
                default: return nil
                }
            }
            return extra
        }
        guard let extra else { return nil }
        guard extra > 0 else { return value }
        return value.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count + extra) { output in
                var written = 0
                func write(_ replacement: StaticString) {
                    for offset in 0..<replacement.utf8CodeUnitCount {
                        output[written] = replacement.utf8Start[offset]
                        written += 1
                    }
                }
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "&"): write("&amp;")
                    case UInt8(ascii: "<"): write("&lt;")
                    case UInt8(ascii: ">"): write("&gt;")
                    case UInt8(ascii: "\""): write("&quot;")
                    case UInt8(ascii: "'"): write("&#39;")
                    default:
                        output[written] = byte
                        written += 1
                    }
                }
                return written
            }
        }
    }

    /// A duration as whole milliseconds (`300ms`), `-` for none.
    static func milliseconds(_ duration: Duration?) -> String {
        duration.map { "\($0.wholeMilliseconds)ms" } ?? "-"
    }

    /// A price with its currency, `-` for none.
    static func price(_ value: Double?, currency: String? = nil) -> String {
        guard let value else { return "-" }
        return "\(value)" + (currency.map { " \($0)" } ?? "")
    }

    /// A `<section>` with a heading.
    static func section(_ title: String, id: String, _ content: String) -> String {
        "<section id=\"\(id)\"><h2>\(text(title))</h2>\n\(content)</section>\n"
    }

    /// A table cell: escaped text, or HTML the inspector made itself.
    struct Cell {
        var html: String

        /// A cell showing `value` as escaped text.
        init(_ value: String) { html = MediationInspector.text(value) }

        /// A cell of the inspector's own markup.
        init(html: String) { self.html = html }
    }

    /// A table with `header` and `rows`; each row may carry a CSS class (`o-won`, …).
    static func table(_ header: [String], _ rows: [(cells: [Cell], rowClass: String?)], tableClass: String) -> String {
        var html = "<table class=\"\(tableClass)\"><thead><tr>"
        html += header.map { "<th>\(text($0))</th>" }.joined()
        html += "</tr></thead><tbody>\n"
        for row in rows {
            html += row.rowClass.map { "<tr class=\"\($0)\">" } ?? "<tr>"
            html += row.cells.map { "<td>\($0.html)</td>" }.joined()
            html += "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// A coloured badge for an outcome.
    static func badge(_ outcome: InspectorOutcome) -> Cell {
        Cell(html: "<span class=\"badge o-\(outcome.cssClass)\">\(text(outcome.label))</span>")
    }

    /// The page's styles: constants only, never a value from a run.
    static var stylesheet: String {
        var css = """
            body{font-family:-apple-system,"Segoe UI",Roboto,sans-serif;font-size:13px;color:#1f2328;\
            background:#f6f8fa;margin:0;padding:16px 20px}
            h1{font-size:20px;margin:0 0 4px}h2{font-size:15px;margin:0 0 8px;color:#24292f}
            section{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:12px 14px;margin:0 0 14px}
            .summary{display:flex;flex-wrap:wrap;gap:6px 18px;margin:6px 0 14px;color:#424a53}
            .summary b{color:#1f2328}
            table{border-collapse:collapse;width:100%;font-size:12px}
            th{text-align:left;background:#f6f8fa;border-bottom:1px solid #d0d7de;padding:4px 6px;font-weight:600}
            td{border-bottom:1px solid #eaeef2;padding:4px 6px;vertical-align:top;overflow-wrap:anywhere}
            .badge{display:inline-block;padding:1px 6px;border-radius:9px;color:#fff;font-size:11px;white-space:nowrap}
            .url{font-family:ui-monospace,Menlo,monospace;font-size:11px;word-break:break-all}
            .lines td,.auction td,.adapters td,.trackers td,.notices td,.requests td,.caps td{white-space:nowrap}
            .lines td:last-child,.auction td:last-child,.trackers td:nth-child(2),.notices td:nth-child(4),\
            .notices td:last-child,.requests td:nth-child(3),.requests td:last-child{white-space:normal}
            .pair{display:flex;flex-wrap:wrap;gap:0 20px}.pair>div{flex:1;min-width:300px}
            h3{font-size:13px;margin:10px 0 6px}
            .muted{color:#6e7781}.timeline{width:100%;height:auto;max-width:980px}
            .test-mode{background:#fff8c5;border:1px solid #d4a72c;border-radius:4px;padding:6px 8px}
            .legend{display:flex;flex-wrap:wrap;gap:4px 12px;margin-top:6px;font-size:11px;color:#424a53}
            .legend span{display:inline-flex;align-items:center;gap:4px}
            .legend i{display:inline-block;width:12px;height:10px;border-radius:2px}
            .card-row{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
            .card-row>table{flex:1;min-width:280px}
            .native-ad{background:#fff;width:320px;padding:14px;border-radius:8px;border:1px solid #d0d7de}
            .marking{display:flex;gap:6px;align-items:center;margin-bottom:8px;min-height:16px}
            .ad-badge{background:#f5c518;color:#000;font-size:11px;font-weight:bold;padding:2px 6px;border-radius:3px}
            .age-restriction{border:1px solid #777;color:#444;font-size:11px;padding:1px 4px;border-radius:3px}
            .marking>.privacy,.marking>.privacy-icon{margin-left:auto}
            .image-box{display:block;background:#d8dde6;overflow:hidden}
            .image-box img,.image-box svg{display:block;width:100%;height:100%;object-fit:cover}
            .icon{width:48px;height:48px;float:left;margin-right:12px;border-radius:8px}.privacy-icon{width:16px;height:16px}
            .main-image{width:100%;margin-top:8px;clear:both}.title{margin:0;font-size:17px}
            .advertiser,.sponsored{color:#777;font-size:12px;margin:4px 0}
            .cta{display:inline-block;background:#07f;color:#fff;padding:7px 14px;border-radius:4px}
            .disclaimer{color:#555;font-size:11px;margin:10px 0 0}

            """
        for outcome in InspectorOutcome.allCases {
            css += ".o-\(outcome.cssClass){background:\(outcome.colour)}\n"
        }
        css += "tr.winner td{background:#dafbe1}\n"
        return css
    }
}
