import Foundation
import Testing

@testable import MediationNetworking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The journal directory's lock when a child process being spawned by another thread still shares the lock's
/// open file description (between its `fork` and its `exec`): the lock is waited for briefly, not refused; a
/// second journal of this process is still refused at once.
@Suite(.serialized) struct JournalLockTests {
    private static func temporaryLockPath() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("journal-lock-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("tracker-pings.lock").path
    }

    /// A copy of the descriptor (what a child inherits) keeps the `flock` after the journal released it; the next
    /// lock waits until the copy is closed and then succeeds. The copy is closed from another thread 50 ms later:
    /// a real wait, because the lock's own wait is real time; the wait allowed here is 60 s, so that a loaded
    /// machine that runs the closing thread late cannot fail the test.
    @Test func aLockStillSharedWithASpawningChildIsWaitedFor() throws {
        let path = try Self.temporaryLockPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let first = try JournalFileSystem.lock(path)
        let inheritedCopy = dup(first)
        #expect(inheritedCopy >= 0)
        JournalFileSystem.unlock(first)

        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { _ = close(inheritedCopy) }
        let started = ContinuousClock.now
        let second = try JournalFileSystem.lock(path, inheritedWait: .seconds(60))
        #expect(ContinuousClock.now - started < .seconds(60))
        JournalFileSystem.unlock(second)
    }

    /// A copy that is never closed is given up on after the bounded wait, with the holder named.
    @Test func aCopyThatStaysOpenIsRefusedAfterTheBoundedWait() throws {
        let path = try Self.temporaryLockPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let first = try JournalFileSystem.lock(path)
        let inheritedCopy = dup(first)
        JournalFileSystem.unlock(first)
        defer { _ = close(inheritedCopy) }

        let error = #expect(throws: JournalFileSystem.Failure.self) { _ = try JournalFileSystem.lock(path) }
        #expect(error?.description.contains("process \(getpid())") == true)
    }

    /// A lock this process holds through a journal is refused at once, without the wait (60 s here, so that only a
    /// wait, never a loaded machine, can take half of it).
    @Test func aLockHeldByThisProcessIsRefusedAtOnce() throws {
        let path = try Self.temporaryLockPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let first = try JournalFileSystem.lock(path)
        defer { JournalFileSystem.unlock(first) }

        let started = ContinuousClock.now
        let error = #expect(throws: JournalFileSystem.Failure.self) {
            _ = try JournalFileSystem.lock(path, inheritedWait: .seconds(60))
        }
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(error?.description.contains("locked by another tracker pinger (process \(getpid()))") == true)
    }
}
