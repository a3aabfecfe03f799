/// One privacy signal forwarded to a destination: its name there (a query item, an SDK setter or extra) and
/// when it is sent.
package struct PrivacySignal: Sendable, Hashable {
    /// The signal's name at the destination, such as `gpp_sid` or `MTRGPrivacy.userConsent`.
    package var name: String
    /// When the signal is sent.
    package var condition: PrivacyCondition
    /// What it carries, for docs/privacy.md.
    package var value: String

    /// Creates a signal.
    package init(_ name: String, _ condition: PrivacyCondition, value: String) {
        self.name = name
        self.condition = condition
        self.value = value
    }
}
