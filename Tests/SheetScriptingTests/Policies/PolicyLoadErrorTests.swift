import Foundation
import LuaRuntime
import Testing

@testable import SheetScripting

/// Where a policy file's problems are reported, and what files a script may
/// have loaded as policies.
@Suite struct PolicyLoadErrorTests {
    // MARK: Unknown hooks

    @Test(arguments: [
        (
            "a function value",
            """
            return {
              request = function(ctx) return nil end,
              reqest = function(ctx)
                return "queue"
              end,
            }
            """, 3
        ),
        ("a value that is not a function", "return {\n  request = nil,\n  invariants = {},\n  setle = 'medium',\n}", 4),
        ("a key in brackets", "return {\n  [\"should-dismiss\"] = function() end,\n}", 2),
        (
            "a function defined elsewhere",
            "local function f() end\nlocal t = {}\nt.dismissd = f\nreturn t", 3
        ),
    ])
    func unknownHook_isReportedAtTheLineThatDefinesIt(_ name: String, source: String, line: Int) throws {
        let path = temporaryPolicy(source)
        let session = try Session()
        #expect {
            try session.loadPolicy(path: path)
        } throws: { error in
            guard let e = error as? LuaError else { return false }
            return e.file == path && e.line == line && e.message.hasPrefix("unknown hook '")
        }
    }

    @Test func unknownHook_givenAsSource_isReportedAtItsLine() throws {
        let session = try Session()
        #expect {
            try session.loadPolicy(
                source: "return {\n  request = function() end,\n  reqest = 1,\n}", name: "inline.lua")
        } throws: { error in
            (error as? LuaError)?.description.hasPrefix("inline.lua:3: unknown hook 'reqest'") == true
        }
    }

    @Test func unknownHook_thatNoLineAssigns_namesTheFile() throws {
        // Two lines could be it (and it is no function): no line is guessed.
        let path = temporaryPolicy("local t = {}\nt.x = 1\nif false then t.x = 2 end\nreturn t")
        let session = try Session()
        #expect {
            try session.loadPolicy(path: path)
        } throws: { error in
            (error as? LuaError).map { $0.file == path && $0.line == nil } == true
        }
    }

    // MARK: Files that are not plain files

    /// Runs `policy(path)` from a scenario chunk in `folder`, with the command
    /// line's rules: only the scenario's folder and `allowed`.
    func policyCall(_ path: String, folder: String, allowed: [String] = []) throws -> LuaError? {
        var limits = LuaLimits()
        limits.allowedPaths = allowed
        let session = try Session(limits: limits)
        session.baseDirectory = folder
        do {
            try session.evaluate("policy(\(LuaSyntax.quote(path)))", chunkName: "@" + folder + "/scenario.lua")
            return nil
        } catch {
            return error
        }
    }

    @Test func fifo_isRefused_withoutBlocking() throws {
        let folder = temporaryFolder()
        let fifo = folder + "/pipe.lua"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader would block in open(2) until a writer comes; none will.
        let error = try policyCall(fifo, folder: folder)
        #expect(
            error?.message == "cannot load \(fifo): it is a FIFO, not a regular file", "\(String(describing: error))")
        #expect(error?.line == 1)
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom", "/dev/stdin", "/dev/null"])
    func deviceFile_isRefused(device: String) throws {
        let error = try policyCall(device, folder: temporaryFolder(), allowed: ["/"])
        #expect(error?.message.hasPrefix("cannot load \(device): it is a ") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix(", not a regular file") == true)
    }

    @Test func directory_isRefused() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        let error = try policyCall("sub", folder: folder)
        #expect(error?.message == "cannot load \(folder)/sub: it is a directory, not a regular file")
    }

    @Test func sparseFileOverTheLimit_isRefusedFromItsSize() throws {
        let folder = temporaryFolder()
        let path = folder + "/huge.lua"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 1 << 30) == 0)  // 1 GiB, no blocks
        let error = try policyCall(path, folder: folder)
        #expect(
            error?.message
                == "cannot load \(path): it is larger than the 1 MiB a Lua source may have (raise it with --max-source)"
        )
    }

    @Test func fileAtTheLimit_loads_andOneByteMore_doesNot() throws {
        let folder = temporaryFolder()
        let policy = "return {}"
        let padded = policy + String(repeating: " ", count: (1 << 20) - policy.utf8.count)
        try padded.write(toFile: folder + "/full.lua", atomically: true, encoding: .utf8)
        try (padded + " ").write(toFile: folder + "/over.lua", atomically: true, encoding: .utf8)
        #expect(try policyCall("full.lua", folder: folder) == nil)
        #expect(try policyCall("over.lua", folder: folder)?.message.contains("larger than the 1 MiB") == true)
    }

    // MARK: Where policies may be read from

    @Test func pathOutsideTheScenarioFolder_isRefused_namingThePathAndTheFlag() throws {
        let folder = temporaryFolder()
        let outside = temporaryPolicy("return {}")
        let error = try policyCall(outside, folder: folder)
        #expect(
            error?.message.hasPrefix("cannot load \(outside): a script reads policies only from")
                == true)
        #expect(
            error?.message.hasSuffix("allow another folder with --allow-path DIR") == true,
            "\(String(describing: error))")
    }

    @Test func dotDotAndSymbolicLinks_cannotLeadOut() throws {
        let folder = temporaryFolder()
        let outside = temporaryPolicy("return {}")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.lua", withDestinationPath: outside)
        let name = (outside as NSString).lastPathComponent
        let up = "../" + ((outside as NSString).deletingLastPathComponent as NSString).lastPathComponent + "/" + name
        #expect(try policyCall("link.lua", folder: folder)?.message.contains("a script reads policies only") == true)
        #expect(try policyCall(up, folder: folder)?.message.contains("a script reads policies only") == true)
    }

    @Test func pathBelowTheScenarioFolder_orAllowed_loads() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/policies", withIntermediateDirectories: true)
        try "return {}".write(toFile: folder + "/policies/p.lua", atomically: true, encoding: .utf8)
        #expect(try policyCall("policies/p.lua", folder: folder) == nil)
        let outside = temporaryPolicy("return {}")
        #expect(try policyCall(outside, folder: folder, allowed: [outside]) == nil)
        #expect(
            try policyCall(outside, folder: folder, allowed: [(outside as NSString).deletingLastPathComponent]) == nil)
    }

    @Test func missingFileOutside_isRefusedAsOutside_soScriptsLearnNothingOfIt() throws {
        let error = try policyCall("/etc/no-such-file.lua", folder: temporaryFolder())
        #expect(error?.message.contains("a script reads policies only") == true)
    }

    // MARK: What a syntax error quotes

    @Test func fileThatIsNotLua_isNotQuotedInItsSyntaxError() throws {
        let folder = temporaryFolder()
        let secret = "2a4f0e9c1b7d4e8f9a0b1c2d3e4f5a6b"
        try (secret + "\n").write(toFile: folder + "/machine-id", atomically: true, encoding: .utf8)
        try "55d0c6a1e000-55d0c6a42000 r--p 00000000 08:01 1234 /usr/bin/x\n".write(
            toFile: folder + "/maps", atomically: true, encoding: .utf8)
        for (file, fragment) in [("machine-id", secret), ("maps", "55d0c6a1e000")] {
            let error = try policyCall(file, folder: folder)
            #expect(error?.description.contains(fragment) == false, "\(String(describing: error))")
            #expect(
                error?.message.hasSuffix(
                    "(the file's text is not quoted: it does not parse as Lua from its first line)") == true)
        }
    }

    @Test func luaFile_withASyntaxErrorPastItsFirstLine_isQuotedAsUsual() throws {
        let folder = temporaryFolder()
        try "-- a policy\nreturn {\n  request = function(ctx) return 'queue' end\n  settle = nil,\n}\n".write(
            toFile: folder + "/typo.lua", atomically: true, encoding: .utf8)
        let error = try policyCall("typo.lua", folder: folder)
        #expect(error?.description == "\(folder)/typo.lua:4: '}' expected (to close '{' at line 2) near 'settle'")
    }

    @Test func keywordsAndSymbols_areQuotedEvenOnTheFirstLine() throws {
        let folder = temporaryFolder()
        try "return { request = = 1 }\n".write(toFile: folder + "/eq.lua", atomically: true, encoding: .utf8)
        let error = try policyCall("eq.lua", folder: folder)
        #expect(error?.message == "unexpected symbol near '='")
    }
}

/// A new empty folder under /tmp (short, so Lua does not abbreviate paths).
func temporaryFolder() -> String {
    let dir = "/tmp/sl-" + UUID().uuidString.prefix(8)
    try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}
