/// What one destination does with one privacy input: the personal fields it withholds while the input
/// restricts (``PrivacyInput/restriction``), the signals it forwards, and a note.
package struct PrivacyMatrixCell: Sendable, Hashable {
    /// The personal fields withheld while the input's restriction holds.
    package var withheld: Set<PrivacyPersonalField>
    /// The signals forwarded, each when its condition holds.
    package var forwarded: [PrivacySignal]
    /// A remark for docs/privacy.md, or `nil`.
    package var note: String?

    /// Creates a cell.
    package init(withheld: Set<PrivacyPersonalField> = [], forwarded: [PrivacySignal] = [], note: String? = nil) {
        self.withheld = withheld
        self.forwarded = forwarded
        self.note = note
    }
}
