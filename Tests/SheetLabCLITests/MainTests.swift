import Foundation
import SheetLabTestSupport
import SheetServer
import Testing

@testable import SheetLabCLI

/// The top-level command: help, version, unknown commands, exit codes.
@Suite struct MainTests {
    func run(_ args: [String]) -> (ExitCode, String, String) {
        let out = Output(capturing: true)
        let code = sheetLabMain(args, out: out)
        return (code, out.captured!.out, out.captured!.err)
    }

    @Test func noArguments_printsHelpToStderr_usageError() {
        let (code, out, err) = run([])
        #expect(code == .usage)
        #expect(out.isEmpty)
        #expect(err.contains("Usage: sheetlab COMMAND"))
    }

    @Test func help_andVersion() {
        #expect(run(["--help"]).0 == .ok)
        #expect(run(["--help"]).1.contains("Commands:"))
        #expect(run(["--version"]).1 == "sheetlab \(sheetLabVersion)\n")
        #expect(run(["help", "profiles"]).1.contains("Usage: sheetlab profiles"))
    }

    /// `sheetlab run /dev/null` printed `profile iphone17-ios26` before saying nothing could be read.
    @Test func run_aScenarioThatCannotBeRead_printsNoTimeline() {
        let (code, out, err) = run(["run", "/dev/null"])
        #expect(code == .ioError)
        #expect(out.isEmpty, "\(out)")
        #expect(err.contains("cannot load /dev/null: it is a character device, not a regular file"), "\(err)")
    }

    @Test func unknownCommand_isAUsageError() {
        let (code, _, err) = run(["frobnicate"])
        #expect(code == .usage)
        #expect(err.contains("unknown command 'frobnicate'; expected one of"))
    }

    @Test func profiles_listsDevicesAndVersions() {
        let (code, out, _) = run(["profiles"])
        #expect(code == .ok)
        for name in [
            "iPhone SE", "iPhone 15 Pro Max", "iPhone 17", "iPad Pro", "Mac", "14.4", "16.4", "18.0", "18.4 (also 18)",
            "26", "27", "top 62, bottom 34",
        ] {
            #expect(out.contains(name), "\(name)")
        }
    }

    @Test func subcommandHelp_andBadFlag() {
        #expect(run(["profiles", "--help"]).1.contains("Usage: sheetlab profiles"))
        let (code, _, err) = run(["profiles", "--bogus"])
        #expect(code == .usage)
        #expect(err.contains("unknown option '--bogus'"))
    }

    @Test func checkEmitSuite_intoAFile_isOneLine_beforeExploring() throws {
        let folder = try makeTemporaryFolder()
        let file = folder + "/suite"
        #expect(FileManager.default.createFile(atPath: file, contents: Array("x".utf8).withUnsafeBytes { Data($0) }))
        for target in [file, file + "/deeper"] {
            let (code, out, err) = run(["check", "examples/policies/queue.lua", "--emit-suite", target, "--depth", "1"])
            #expect(code == .ioError)
            #expect(err == "sheetlab check: --emit-suite needs a folder; \(file) is a file\n")
            #expect(out.isEmpty, "nothing was explored")
        }
    }
}
