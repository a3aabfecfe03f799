extension ScaffoldTemplate {
    /// The generated adapter's own lock box. MediationKit's lock box is package infrastructure, not public API, so
    /// the generated adapter carries a small one of its own (an `NSLock` around a value) for the state its custom
    /// event, network surface and sandbox share across threads.
    static let lockBox = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/Locked.swift",
        text: #"""
            import Foundation

            /// A value guarded by a lock, for state that the network's threads and MediationKit's touch.
            ///
            /// Keep the closures short and never call out (to the network, a delegate, MediationKit) while holding the
            /// lock: compute what to do inside, do it after. `Sendable` only when `Value` is.
            final class Locked<Value> {
                private let lock = NSLock()
                private var value: Value

                /// Creates the box holding `value`.
                init(_ value: Value) {
                    self.value = value
                }

                /// Runs `body` with exclusive access to the value and returns what it returns.
                func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
                    lock.lock()
                    defer { lock.unlock() }
                    return try body(&value)
                }

                /// A copy of the current value.
                var current: Value {
                    withLock { $0 }
                }
            }

            extension Locked: @unchecked Sendable where Value: Sendable {}
            """#)
}
