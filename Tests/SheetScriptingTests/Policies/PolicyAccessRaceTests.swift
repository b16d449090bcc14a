import Foundation
import LuaRuntime
import Testing

@testable import SheetScripting

/// `policy(path)` judged on the file it opened: a name swapped between a
/// link out of the allowed folder and a real file while scripts load it
/// never loads the file outside.
@Suite struct PolicyAccessRaceTests {
    /// Runs `swap(n)` for n = 0, 1, 2, ... on its own thread, until
    /// stopped or `maximumSwaps` is reached.
    final class Swapper: @unchecked Sendable {
        private let swap: @Sendable (Int) -> Void
        private let lock = NSLock()
        private var stopped = false
        private var count = 0
        private let done = DispatchSemaphore(value: 0)

        init(_ swap: @escaping @Sendable (Int) -> Void) {
            self.swap = swap
        }

        var swaps: Int { lock.withLock { count } }

        func start(maximumSwaps: Int) {
            Thread { [self] in
                for n in 0..<maximumSwaps where !lock.withLock({ stopped }) {
                    swap(n)
                    lock.withLock { count += 1 }
                }
                done.signal()
            }.start()
        }

        func stop() {
            lock.withLock { stopped = true }
            done.wait()
        }
    }

    /// A session whose scripts may read policies only from `folder`.
    static func confinedSession(_ folder: String) throws -> Session {
        var limits = LuaLimits()
        limits.allowedPaths = []
        let session = try Session(limits: limits)
        session.printHandler = { _ in }
        session.baseDirectory = folder
        return session
    }

    /// Loads `name` `rounds` times while it is swapped; returns how many
    /// loads succeeded and every error message.
    static func loadWhileSwapping(_ name: String, in folder: String, swapper: Swapper, rounds: Int) throws -> (
        loaded: Int, messages: [String]
    ) {
        let session = try confinedSession(folder)
        swapper.start(maximumSwaps: 200_000)
        defer { swapper.stop() }
        var loaded = 0
        var messages: [String] = []
        for _ in 0..<rounds {
            do {
                try session.loadPolicy(namedByScript: name)
                loaded += 1
            } catch {
                messages.append(error.description)
            }
        }
        return (loaded, messages)
    }

    @Test func aFileSwappedWithALinkOut_isNeverLoadedFromOutside() throws {
        let root = temporaryFolder()
        let folder = root + "/project"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let outside = root + "/outside.lua"
        try "error('OUTSIDE LOADED')".write(toFile: outside, atomically: true, encoding: .utf8)
        let spare = folder + "/.spare"
        try "return {}".write(toFile: spare, atomically: true, encoding: .utf8)
        let path = folder + "/swap.lua"
        link(spare, path)
        // By renames, so the name always holds one or the other.
        let swapper = Swapper { n in
            let next = path + ".next"
            if n % 2 == 0 { symlink(outside, next) } else { link(spare, next) }
            rename(next, path)
        }
        let (loaded, messages) = try Self.loadWhileSwapping("swap.lua", in: folder, swapper: swapper, rounds: 4_000)
        #expect(swapper.swaps > 0, "the file was swapped while it was loaded")
        #expect(!messages.contains { $0.contains("OUTSIDE LOADED") }, "the file outside never ran")
        let unexpected = messages.filter {
            !$0.contains("a script reads policies only from") && !$0.contains("No such file or directory")
        }
        #expect(unexpected.isEmpty, "refused as outside, or caught mid-swap: \(unexpected.prefix(3))")
        #expect(loaded > 0)
    }

    @Test func aFolderSwappedWithALinkOut_isNeverLoadedFromOutside() throws {
        let root = temporaryFolder()
        let folder = root + "/project"
        let outsideFolder = root + "/outside"
        for dir in [folder + "/sub", outsideFolder] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
        try "error('OUTSIDE LOADED')".write(toFile: outsideFolder + "/p.lua", atomically: true, encoding: .utf8)
        try "return {}".write(toFile: folder + "/sub/p.lua", atomically: true, encoding: .utf8)
        let sub = folder + "/sub"
        let spare = folder + "/.spare"
        // A folder cannot be renamed over a link: for a moment nothing is there.
        let swapper = Swapper { n in
            if n % 2 == 0 {
                rename(sub, spare)
                symlink(outsideFolder, sub)
            } else {
                unlink(sub)
                rename(spare, sub)
            }
        }
        let (loaded, messages) = try Self.loadWhileSwapping("sub/p.lua", in: folder, swapper: swapper, rounds: 4_000)
        #expect(swapper.swaps > 0)
        #expect(!messages.contains { $0.contains("OUTSIDE LOADED") }, "the file outside never ran")
        #expect(loaded > 0)
    }
}
