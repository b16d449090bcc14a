#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches files (and folders, for files added or removed) for changes by
/// polling what `stat` says about them: portable, and enough for the few
/// files a scenario loads. A change is reported once the files have been
/// quiet for `debounce`, so an editor that writes in several steps causes
/// one run, not three.
struct FileWatcher {
    /// What `stat` says about a path that tells a change: device, inode,
    /// size and modification time; nil when nothing is there.
    struct Stamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    /// The paths watched, in order.
    let paths: [String]
    /// How often to look, and how long the files must stay unchanged.
    var interval: Duration = .milliseconds(100)
    var debounce: Duration = .milliseconds(200)

    init(_ paths: [String]) {
        var seen: Set<String> = []
        self.paths = paths.filter { seen.insert($0).inserted }
    }

    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Glibc)
            let (s, ns) = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        #else
            let (s, ns) = (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
        #endif
        return Stamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: s,
            nanoseconds: ns)
    }

    /// Every path's stamp now.
    func stamps() -> [Stamp?] { paths.map(Self.stamp) }

    /// Waits until a path differs from `before`, then until nothing has
    /// changed for `debounce`.
    /// - Parameters:
    ///   - before: the stamps the last run saw (`stamps()` taken before it).
    ///   - stop: asked at every look; true ends the wait.
    /// - Returns: the paths that changed, or nil when `stop` ended the wait.
    func waitForChange(since before: [Stamp?], stop: () -> Bool) -> [String]? {
        var current = stamps()
        while current == before {
            if stop() { return nil }
            sleep(interval)
            current = stamps()
        }
        var quietSince = ContinuousClock.now
        while ContinuousClock.now - quietSince < debounce {
            if stop() { return nil }
            sleep(interval / 2)
            let next = stamps()
            if next != current {
                current = next
                quietSince = .now
            }
        }
        return zip(paths, zip(before, current)).filter { $1.0 != $1.1 }.map(\.0)
    }

    private func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        // A signal (Ctrl-C) ends the nap early; the caller then asks `stop`.
        _ = nanosleep(&request, nil)
    }
}
