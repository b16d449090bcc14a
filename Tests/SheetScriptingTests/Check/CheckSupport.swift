import Foundation
import LuaRuntime
import SheetEngine

@testable import SheetCheck
@testable import SheetScripting

/// A check of a set-up with policies (repository paths), with a session
/// maker for further workers.
func makeChecker(
    policies: [String], setup: String = Counterexample.defaultSetup, invariants: [Invariant] = [],
    baseline: [Invariant] = Invariant.defaults, jobs: Int = 1
) throws -> Checker {
    func session() throws -> Session {
        let s = try Session()
        s.printHandler = { _ in }
        for p in policies { try s.loadPolicy(path: p.hasPrefix("/") ? p : repoPath(p)) }
        try s.evaluate(setup, chunkName: "=setup")
        return s
    }
    let checker = Checker(host: try session(), invariants: invariants, baseline: baseline)
    checker.jobs = jobs
    checker.makeHost = session
    return checker
}

/// Everything a report says that does not depend on timing.
func digest(_ r: CheckReport) -> String {
    var parts = [
        "states \(r.states)", "without \(String(describing: r.statesWithoutSymmetry))", "steps \(r.steps)",
        "events \(r.events)", "depth \(r.depthReached)", "cut \(r.cut)",
    ]
    if let v = r.violation { parts.append("violation \(v.invariant) \(v.message) \(v.steps.map(\.lua))") }
    for p in r.properties {
        switch p.verdict {
        case .holds: parts.append("\(p.name) holds")
        case .violated(let l): parts.append("\(p.name) \(l.message) \(l.prefix.map(\.lua)) \(l.cycle.map(\.lua))")
        case .inconclusive(let why): parts.append("\(p.name) inconclusive \(why)")
        case .error(let e): parts.append("\(p.name) error \(e)")
        }
    }
    if let c = r.coverage { parts.append(c.json) }
    return parts.joined(separator: "\n")
}
