/// The bytes of an inspector page as it is written, top to bottom, for the parts that grow with the trace (the
/// timeline's rows and the lines table): markup, numbers and escaped text go straight into one buffer, so a row
/// costs the same however long the trace is and no row is built as a string of its own first.
struct InspectorHTMLWriter {
    /// The UTF-8 bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// Creates an empty writer with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends markup the inspector made (its own text, or values it already escaped), as it is.
    mutating func markup(_ markup: String) {
        var markup = markup
        markup.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` in decimal, as `"\(value)"` writes it.
    mutating func number(_ value: Int) {
        number(Int64(value))
    }

    /// Appends `value` in decimal, as `"\(value)"` writes it.
    mutating func number(_ value: Int64) {
        // The digits are worked out backwards on the stack (20 hold any magnitude), then appended in one go.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
            var start = digits.count
            var magnitude = value.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends `value` made safe for HTML text and attribute values (``MediationInspector/text(_:)``).
    mutating func text(_ value: String) {
        markup(MediationInspector.text(value))
    }

    /// The page written so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}
