/// The lock serialises every access to the value, so the box may cross threads when the value itself may.
extension Locked: @unchecked Sendable where Value: Sendable {}
