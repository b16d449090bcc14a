// sheetlab-bench: the cost of a hook dispatch through LuaRuntime against the
// bare C API doing the same call, measured side by side in one run, and the
// cost of the loop protection. scripts/bench builds it in release, runs it,
// and adds instruction counts from callgrind.
//
//   sheetlab-bench                      all cases, a Markdown table
//   sheetlab-bench --case NAME -n N     only NAME, N calls (for callgrind);
//                                       more `-n N` run again, in order
//   sheetlab-bench --list               the case names
//   sheetlab-bench --check              only the `sheetlab check` figures
//   sheetlab-bench --check-targets      issue 27's check rows: before | now | target
//   sheetlab-bench --commutation [D]    pairs of steps that commute (what a
//                                       partial-order reduction could skip)
//   sheetlab-bench --events-per-second  only the engine's events per second with queue.lua
import LuaRuntime
import SheetScripting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum Benchmark {
    static let hookSource = """
        return function(ctx)
          if ctx.queue_length > 1 and ctx.interactive then return "queue" end
          return "present"
        end
        """
    static let loopSource = """
        return function(n)
          local x = 0
          for i = 1, n do x = x + i end
          return x
        end
        """
}

/// A named workload: `run(n)` does n units of work (calls, or loop iterations).
struct Case {
    let name: String
    let unit: String
    /// The case this one is compared with (nil: it is a reference).
    let baseline: String?
    /// Set-up before each timed run (not timed).
    var prepare: (@MainActor () -> Void)? = nil
    let run: @MainActor (Int) -> Void
}

/// The cases, with their states captured as locals (not globals) so the
/// loops touch them the same way.
@MainActor func makeCases() throws -> [Case] {
    let bare = BareLua()
    let runtime = try LuaRuntime()
    let policy = try runtime.call(try runtime.load(source: Benchmark.hookSource, chunkName: "bench/policy.lua"))
    let hook = policy[0].functionValue!
    let loop = try runtime.call(try runtime.load(source: Benchmark.loopSource, chunkName: "bench/loop.lua"))[0]
        .functionValue!

    // The answers the hook gives, read as an enum would be (`LuaChoices`).
    let answers = runtime.choices(["present", "queue"])
    func runtimeHook(_ n: Int, readOnly: Bool, asString: Bool = false) {
        for i in 0..<n {
            let length = try! runtime.call(
                hook,
                arguments: { args throws(LuaError) in
                    try args.pushTable(readOnly: readOnly, fieldCapacity: 4) { ctx in
                        ctx.set("presenter", "root")
                        ctx.set("queue_length", i & 3)
                        ctx.set("interactive", true)
                        ctx.set("height", 44.5)
                    }
                },
                results: { asString ? $0.string(at: 0)?.utf8.count ?? 0 : $0.choice(at: 0, in: answers) ?? -1 })
            sink &+= length
        }
    }

    return [
        Case(name: "bare-hook", unit: "call", baseline: nil) { n in
            for i in 0..<n { sink &+= bare.callHook(queueLength: i & 3) }
        },
        Case(name: "runtime-hook", unit: "call", baseline: "bare-hook") { n in runtimeHook(n, readOnly: false) },
        // The same with the answer read as a Swift String (before issue 28's choices).
        Case(name: "runtime-hook-string", unit: "call", baseline: "bare-hook") { n in
            runtimeHook(n, readOnly: false, asString: true)
        },
        Case(name: "bare-hook-readonly", unit: "call", baseline: nil) { n in
            for i in 0..<n { sink &+= bare.callHookReadOnly(queueLength: i & 3) }
        },
        Case(name: "runtime-hook-readonly", unit: "call", baseline: "bare-hook-readonly") { n in
            runtimeHook(n, readOnly: true)
        },
        Case(name: "runtime-hook-values", unit: "call", baseline: "bare-hook") { n in
            for i in 0..<n {
                let context = LuaValue.table(
                    LuaTable(fields: [
                        "presenter": "root", "queue_length": .integer(i & 3), "interactive": true, "height": 44.5,
                    ]))
                let results = try! runtime.call(hook, [context])
                sink &+= results.first?.stringValue?.utf8.count ?? 0
            }
        },
        Case(name: "bare-loop", unit: "iteration", baseline: nil) { n in
            bare.runLoop(iterations: n)
        },
        Case(name: "bare-loop-count-hook-1000", unit: "iteration", baseline: "bare-loop") { n in
            bare.setPermanentCountHook(count: 1000)
            bare.runLoop(iterations: n)
            bare.setPermanentCountHook(count: nil)
        },
        Case(name: "bare-loop-count-hook-1", unit: "iteration", baseline: "bare-loop") { n in
            bare.setPermanentCountHook(count: 1)
            bare.runLoop(iterations: n)
            bare.setPermanentCountHook(count: nil)
        },
        Case(name: "runtime-loop-watchdog", unit: "iteration", baseline: "bare-loop") { n in
            _ = try! runtime.call(loop, [.integer(n)], budgetMilliseconds: 60_000)
        },
    ]
}

nonisolated(unsafe) var sink = 0
let cases = try makeCases() + makeEngineCases()
/// Cases only `--case` runs (for callgrind), not timed in the table.
let countedOnly = CheckBench.cases
/// The case `--case` selected, run by `measured`.
nonisolated(unsafe) var selected: Case?

/// The counted part of `--case`: scripts/bench has callgrind count only the
/// instructions executed inside this function (--toggle-collect).
@MainActor @inline(never)
func measured(_ count: Int) {
    selected!.run(count)
}

func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

@MainActor func nanosecondsPerUnit(_ benchmark: Case, units: Int) -> Double {
    benchmark.prepare?()
    let start = now()
    benchmark.run(units)
    return Double(now() - start) / Double(units)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func format(_ value: Double, decimals: Int) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    guard decimals > 0 else { return String(scaled) }
    var fraction = String(scaled % scale)
    while fraction.count < decimals { fraction = "0" + fraction }
    return "\(scaled / scale).\(fraction)"
}

// MARK: Command line

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--memory", arguments.count >= 2, let count = Int(arguments[1]) {
    let m = memoryFigure(count: count)
    print(m.perApp, m.lua)
    exit(0)
}
if arguments.first == "--check" {
    print("| figure | value | notes |")
    print("|---|---:|---|")
    for (name, value, notes) in checkFigures() { print("| \(name) | \(value) | \(notes) |") }
    exit(0)
}
if arguments.first == "--commutation" {
    let setups: [(String, [String], String)] = [
        ("seed 000, stock", [], ""),
        ("seed 000, queue.lua", ["examples/policies/queue.lua"], ""),
        ("two sheets on one root, stock", [], CommutationProbe.twoSheets),
        ("two sheets on one root, queue.lua", ["examples/policies/queue.lua"], CommutationProbe.twoSheets),
    ]
    let depth = arguments.count >= 2 ? Int(arguments[1]) ?? 6 : 6
    print("| set-up | states | pairs of steps | commuting | share | steps | a sleep set would skip |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for (name, policies, setup) in setups {
        let session = try! Session()
        session.printHandler = { _ in }
        for p in policies { try! session.loadPolicy(path: p) }
        if setup.isEmpty { try! session.evaluate(EngineBench.luaContentView) } else { try! session.evaluate(setup) }
        let c = CommutationProbe.count(session, itemIDs: [0, 1], depth: depth)
        let share = format(100 * Double(c.commuting) / Double(max(1, c.pairs)), decimals: 1)
        print("| \(name) | \(c.states) | \(c.pairs) | \(c.commuting) | \(share)% | \(c.steps) | \(c.sleeping) |")
        if arguments.count >= 3 {
            for (k, v) in c.kinds.sorted(by: { $0.key < $1.key }) { print("    \(k): \(v.1) of \(v.0)") }
        }
    }
    exit(0)
}
if arguments.first == "--check-targets" {
    for (name, before, now, target) in checkTargets() { print("| \(name) | \(before) | \(now) | \(target) |") }
    exit(0)
}
if arguments.first == "--events-per-second" {
    // Only the engine's events per second with queue.lua (median of 9
    // rounds), for `BENCH_ENGINE_ONLY=1 scripts/bench`.
    let queue = cases.first { $0.name == "events-queue.lua" }!
    queue.prepare?()
    queue.run(5000)
    let rate = 1e9 / median((0..<9).map { _ in nanosecondsPerUnit(queue, units: 100_000) })
    print("Engine events per second with queue.lua: \(Int(rate))")
    exit(0)
}
if arguments.first == "--list" {
    for benchmark in cases + countedOnly { print(benchmark.name) }
    exit(0)
}
if arguments.first == "--case" {
    guard arguments.count >= 2, let benchmark = (cases + countedOnly).first(where: { $0.name == arguments[1] }) else {
        print("unknown case; --list shows them")
        exit(2)
    }
    // Each `-n N` is one counted run, in order, of the same prepared state
    // (scripts/bench has callgrind dump the counts after each, so that the
    // difference of two runs comes from one Lua state and one string-hash
    // seed; two processes differ by up to a few hundred instructions a call).
    var counts: [Int] = []
    var rest = arguments.dropFirst(2)
    while rest.count >= 2, rest.first == "-n", let n = Int(rest.dropFirst().first!) {
        counts.append(n)
        rest = rest.dropFirst(2)
    }
    if counts.isEmpty { counts = [100_000] }
    benchmark.prepare?()
    benchmark.run(min(counts[0], 1000))  // warm up the same paths before the counted ones
    benchmark.prepare?()
    selected = benchmark
    for count in counts { measured(count) }
    print("sink \(sink)")
    exit(0)
}

// MARK: Timing, side by side

let rounds = 9
let callUnits = 200_000
let loopUnits = 5_000_000
var samples: [String: [Double]] = [:]
/// Units per timed run: calls, loop iterations or engine events.
func units(_ benchmark: Case) -> Int {
    switch benchmark.unit {
    case "call": return callUnits
    case "event": return eventUnits
    default: return loopUnits
    }
}
let eventUnits = 100_000
for benchmark in cases {
    benchmark.prepare?()
    benchmark.run(units(benchmark) / 20)
}
for _ in 0..<rounds {
    for benchmark in cases {
        let units = units(benchmark)
        samples[benchmark.name, default: []].append(nanosecondsPerUnit(benchmark, units: units))
    }
}

print("| case | ns per unit | vs baseline |")
print("|---|---:|---:|")
for benchmark in cases {
    let value = median(samples[benchmark.name]!)
    var ratio = "—"
    if let baseline = benchmark.baseline {
        ratio = format(value / median(samples[baseline]!), decimals: 2) + "x " + baseline
    }
    print("| \(benchmark.name) (per \(benchmark.unit)) | \(format(value, decimals: value < 10 ? 2 : 1)) | \(ratio) |")
}
print("")
print(
    "Median of \(rounds) interleaved rounds; \(callUnits) calls, \(loopUnits) loop iterations or \(eventUnits) engine events per round."
)
let engineRate = 1e9 / median(samples["events-queue.lua"]!)
print("")
print("Engine events per second with queue.lua: \(Int(engineRate)) (target at least 1,000,000);")
print("with the app's content written in Lua too: \(Int(1e9 / median(samples["events-queue.lua-lua-content"]!))).")
print("")
print("| figure | value | notes |")
print("|---|---:|---|")
/// Runs this program again with `--memory count`: a fresh process.
func measureMemory(_ count: Int) -> (count: Int, perApp: Double, lua: Double)? {
    let command = "'\(CommandLine.arguments[0])' --memory \(count)"
    guard let pipe = popen(command, "r") else { return nil }
    defer { pclose(pipe) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let n = fread(&buffer, 1, 255, pipe)
    let fields = String(decoding: buffer.prefix(n), as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        .compactMap { Double($0) }
    return fields.count == 2 ? (count, fields[0], fields[1]) : nil
}
let memory = [100, 10_000].compactMap(measureMemory)
for (name, value, notes) in figures(memory: memory) { print("| \(name) | \(value) | \(notes) |") }
if sink == 42 { print("") }
