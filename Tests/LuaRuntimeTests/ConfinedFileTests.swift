import Testing

@testable import LuaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one reader of named files: what it opens is what it checks.
@Suite struct ConfinedFileTests {
    /// A new folder, its real path (so roots compare), with an `inside` and an `outside` folder.
    static func folders() throws -> (inside: String, outside: String) {
        var template = Array("/tmp/confined-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let base = try #require(made.map { String(cString: $0) })
        let real = try #require(ConfinedFile.realPath(of: base))
        for name in ["inside", "outside"] { mkdir(real + "/" + name, 0o700) }
        return (real + "/inside", real + "/outside")
    }

    /// Writes `text` to a new file at `path`.
    static func write(_ text: String, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { writeSome(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @Test func aRegularFile_isRead_withWhereItReallyIs() throws {
        let (inside, _) = try Self.folders()
        Self.write("hello", to: inside + "/a.txt")
        symlink(inside + "/a.txt", inside + "/link.txt")
        let file = try ConfinedFile.read(inside + "/link.txt", within: [inside], maximumBytes: 100)
        #expect(file.bytes == Array("hello".utf8))
        #expect(file.path == inside + "/link.txt")
        #expect(file.realPath == inside + "/a.txt")
    }

    @Test func aLinkLeadingOut_isRefused_namingWhereItLeads() throws {
        let (inside, outside) = try Self.folders()
        Self.write("secret", to: outside + "/s.txt")
        symlink(outside + "/s.txt", inside + "/leak.txt")
        symlink(outside, inside + "/sub")
        #expect(throws: ConfinedFile.Refusal.outside(realPath: outside + "/s.txt")) {
            try ConfinedFile.read(inside + "/leak.txt", within: [inside], maximumBytes: 100)
        }
        #expect(throws: ConfinedFile.Refusal.outside(realPath: outside + "/s.txt")) {
            try ConfinedFile.read(inside + "/sub/s.txt", within: [inside], maximumBytes: 100)
        }
        #expect(throws: ConfinedFile.Refusal.outside(realPath: outside + "/s.txt")) {
            try ConfinedFile.read(inside + "/../outside/s.txt", within: [inside], maximumBytes: 100)
        }
        // A root may be a file: that file only.
        #expect(
            try ConfinedFile.read(inside + "/leak.txt", within: [outside + "/s.txt"], maximumBytes: 100).bytes.count
                == 6)
    }

    @Test func specialFiles_areRefused_withoutBlockingOrReading() throws {
        let (inside, _) = try Self.folders()
        #expect(mkfifo(inside + "/fifo", 0o600) == 0)
        symlink(inside + "/fifo", inside + "/fifo-link")
        #expect(throws: ConfinedFile.Refusal.notRegular(.fifo)) {
            try ConfinedFile.read(inside + "/fifo-link", maximumBytes: 100)
        }
        #expect(throws: ConfinedFile.Refusal.notRegular(.characterDevice)) {
            try ConfinedFile.read("/dev/zero", maximumBytes: 100)
        }
        #expect(throws: ConfinedFile.Refusal.notRegular(.directory)) {
            try ConfinedFile.read(inside, maximumBytes: 100)
        }
        #expect(throws: ConfinedFile.Refusal.cannotOpen(errno: ENOENT)) {
            try ConfinedFile.read(inside + "/missing", maximumBytes: 100)
        }
    }

    @Test func aSparseFileOverTheLimit_isRefusedFromItsSize() throws {
        let (inside, _) = try Self.folders()
        let path = inside + "/sparse"
        Self.write("", to: path)
        #expect(truncate(path, 512 << 20) == 0)  // 512 MiB, no blocks
        let before = threadCPUTime()
        #expect(throws: ConfinedFile.Refusal.tooLarge(maximumBytes: 4 << 20)) {
            try ConfinedFile.read(path, within: [inside], maximumBytes: 4 << 20)
        }
        // Reading 512 MiB of zeros would take far longer than this.
        #expect(threadCPUTime() - before < .milliseconds(200), "refused from its size, not read")
    }

    @Test func inAFolder_aLinkIsNeverFollowed() throws {
        let (inside, outside) = try Self.folders()
        Self.write("secret", to: outside + "/s.txt")
        Self.write("mine", to: inside + "/a.timeline")
        symlink(outside + "/s.txt", inside + "/b.timeline")
        symlink(outside + "/missing", inside + "/c.timeline")
        #expect(
            try ConfinedFile.read(named: "a.timeline", inFolder: inside, maximumBytes: 10).bytes == Array("mine".utf8))
        for name in ["b.timeline", "c.timeline"] {
            #expect(throws: ConfinedFile.Refusal.notRegular(.symbolicLink)) {
                try ConfinedFile.read(named: name, inFolder: inside, maximumBytes: 10)
            }
        }
        #expect(throws: ConfinedFile.Refusal.cannotOpen(errno: EINVAL)) {
            try ConfinedFile.read(named: "../outside/s.txt", inFolder: inside, maximumBytes: 10)
        }
        #expect(throws: ConfinedFile.Refusal.tooLarge(maximumBytes: 3)) {
            try ConfinedFile.read(named: "a.timeline", inFolder: inside, maximumBytes: 3)
        }
    }

    // MARK: Odd file kinds, at random

    /// What can be at a name, and what reading it must give.
    enum Thing: CaseIterable {
        case smallFile, largeFile, sparseFile, emptyFile, linkInside, linkOutside, linkChainOutside, danglingLink
        case folder, linkToFolderOutside, fifo, linkToFIFO, socket, linkToDevice

        /// Makes it at `path`; `inside` and `outside` hold `target.txt` ("inside", "outside").
        func make(at path: String, inside: String, outside: String) {
            switch self {
            case .smallFile: ConfinedFileTests.write("small", to: path)
            case .largeFile: ConfinedFileTests.write(String(repeating: "x", count: 65), to: path)
            case .sparseFile:
                ConfinedFileTests.write("", to: path)
                truncate(path, 1 << 30)
            case .emptyFile: ConfinedFileTests.write("", to: path)
            case .linkInside: symlink(inside + "/target.txt", path)
            case .linkOutside: symlink(outside + "/target.txt", path)
            case .linkChainOutside:
                symlink(outside + "/target.txt", path + ".hop")
                symlink(path + ".hop", path)
            case .danglingLink: symlink(inside + "/nothing-here", path)
            case .folder: mkdir(path, 0o700)
            case .linkToFolderOutside: symlink(outside, path)
            case .fifo: mkfifo(path, 0o600)
            case .linkToFIFO:
                mkfifo(path + ".fifo", 0o600)
                symlink(path + ".fifo", path)
            case .socket: bindSocket(at: path)
            case .linkToDevice: symlink("/dev/zero", path)
            }
        }
    }

    /// A Unix socket bound at `path` (the socket file stays after closing).
    static func bindSocket(at path: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// A reproducible generator (xorshift64*).
    struct Numbers: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
    }

    /// Every kind, read following links within the inside folder and by
    /// name in the folder: the bytes read are only ever a regular file's
    /// inside the root, never more than the limit, and never the outside
    /// file's; nothing blocks.
    @Test func randomThings_readEitherTheFileInside_orARefusal() throws {
        let (inside, outside) = try Self.folders()
        Self.write("inside", to: inside + "/target.txt")
        Self.write("outside", to: outside + "/target.txt")
        var random = Numbers(state: 0x5EED)
        // Short names: a Unix socket's path has at most 107 bytes.
        let folder = inside + "/t"
        mkdir(folder, 0o700)
        for n in 0..<300 {
            let thing = Thing.allCases.randomElement(using: &random)!
            let name = "\(n)"
            let path = folder + "/" + name
            thing.make(at: path, inside: inside, outside: outside)
            let limit = 64
            let following = Result { () throws(ConfinedFile.Refusal) in
                try ConfinedFile.read(path, within: [inside], maximumBytes: limit)
            }
            let inFolder = Result { () throws(ConfinedFile.Refusal) in
                try ConfinedFile.read(named: name, inFolder: folder, maximumBytes: limit)
            }
            for result in [following, inFolder] {
                if case .success(let file) = result {
                    #expect(file.bytes.count <= limit)
                    #expect(file.bytes != Array("outside".utf8), "\(thing): the outside file is never read")
                    #expect(ConfinedFile.isWithin(file.realPath, inside), "\(thing) read from \(file.realPath)")
                }
            }
            switch thing {
            case .smallFile, .emptyFile:
                #expect((try? following.get())?.bytes == (try? inFolder.get())?.bytes)
                #expect((try? following.get()) != nil, "\(thing)")
            case .linkInside:
                #expect((try? following.get())?.bytes == Array("inside".utf8))
                #expect(inFolder.error == .notRegular(.symbolicLink))
            case .largeFile, .sparseFile:
                #expect(following.error == .tooLarge(maximumBytes: limit), "\(thing)")
                #expect(inFolder.error == .tooLarge(maximumBytes: limit), "\(thing)")
            case .linkOutside, .linkChainOutside:
                #expect(following.error == .outside(realPath: outside + "/target.txt"), "\(thing)")
                #expect(inFolder.error == .notRegular(.symbolicLink))
            case .danglingLink:
                #expect(following.error == .cannotOpen(errno: ENOENT))
                #expect(inFolder.error == .notRegular(.symbolicLink))
            case .folder:
                #expect(following.error == .notRegular(.directory))
                #expect(inFolder.error == .notRegular(.directory))
            case .linkToFolderOutside:
                #expect(following.error == .outside(realPath: outside), "nothing more is told of what is outside")
                #expect(inFolder.error == .notRegular(.symbolicLink))
            case .fifo:
                #expect(following.error == .notRegular(.fifo))
                #expect(inFolder.error == .notRegular(.fifo))
            case .linkToFIFO:
                #expect(following.error == .notRegular(.fifo))
                #expect(inFolder.error == .notRegular(.symbolicLink))
            case .socket:
                #expect(following.error == .notRegular(.socket))
                #expect(inFolder.error == .notRegular(.socket))
            case .linkToDevice:
                #expect(following.error == .outside(realPath: "/dev/zero"))
                #expect(inFolder.error == .notRegular(.symbolicLink))
            }
        }
    }
}

extension Result {
    /// The error, or nil on success.
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// write(2), out of reach of the tests' own `write`.
private func writeSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
