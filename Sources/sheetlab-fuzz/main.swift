// sheetlab-fuzz: the long runs of the fuzzers, for scripts/fuzz.
//
//   sheetlab-fuzz [--minutes N] [--seed S] [--engine | --lua] [--case N] [--out DIR] [--examples DIR]
//
// Runs the engine fuzzer and the Lua boundary fuzzer in turns until the
// time is up (default 1 minute), prints the numbers, and writes each
// failure's replayable scenario to DIR (default /tmp/sheetlab-fuzz).
// Exit code 0 when nothing failed, 1 otherwise, 2 for a usage error.
import Foundation
import SheetFuzzing

var options = FuzzCommand.Options()
do {
    options = try FuzzCommand.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("sheetlab-fuzz: \(error)\n\(FuzzCommand.usage)\n".utf8))
    exit(2)
}
exit(FuzzCommand(options: options).run() ? 0 : 1)
