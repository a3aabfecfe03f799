/// The one allocation behind a ``Locked`` box: the value as the buffer's header and the platform's lock primitive as
/// its single element, at a stable address for the box's whole life.
///
/// Like swift-nio's lock storage, a `ManagedBuffer` subclass: a box costs one allocation, where a class with a
/// separately allocated primitive costs two.
final class LockedStorage<Value>: ManagedBuffer<Value, LockPrimitive> {
    /// A box holding `value`, its lock unlocked.
    static func make(_ value: Value) -> LockedStorage<Value> {
        let buffer = create(minimumCapacity: 1) { _ in value }
        // `create` on a subclass makes an instance of that subclass.
        let storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { $0.initializeLock() }
        return storage
    }

    deinit {
        // The header (the value) is destroyed by `ManagedBuffer`; the element is this class's to destroy.
        withUnsafeMutablePointerToElements { $0.deinitializeLock() }
    }
}
