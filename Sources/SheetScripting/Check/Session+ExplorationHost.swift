import LuaRuntime
import SheetCheck
import SheetEngine

/// A session is what `sheetlab check` explores: its app holds the set-up,
/// its Lua state runs the views' content and the policies, and its Lua
/// policies claim and declare invariants.
extension Session: ExplorationHost {
    /// Points the scenario API (content functions, app actions calling
    /// `binding`, `set`, ...) at `app`: the checker's copy while it explores.
    package func adopt(_ app: SheetApp) { self.app = app }

    /// A step's Lua shares the whole-script budget, as a scenario's step.
    package var stepBudget: Int { runtime.limits.scriptBudgetMilliseconds }

    package func withBudget(milliseconds: Int, _ body: () -> Void) {
        _ = runtime.withBudget(milliseconds: milliseconds, run: body)
    }

    package var claimedInvariants: [Invariant] { luaPolicies.flatMap(\.claims) }

    package var declaredInvariants: [DeclaredInvariant] {
        luaPolicies.flatMap { policy in
            policy.invariants.map { name, function in
                DeclaredInvariant(name: name) { [unowned self] app in
                    self.invariantViolation(function, name: name, app: app)
                }
            }
        }
    }

    var luaPolicies: [LuaPolicy] { policies.compactMap { $0 as? LuaPolicy } }

    /// Runs a policy's invariant function on an app's state: `true`, or
    /// `false` and a message (an error counts as a violation).
    /// - Returns: nil when it holds; else what breaks it.
    func invariantViolation(_ f: LuaFunction, name: String, app: SheetApp) -> String? {
        do {
            let results = try runtime.call(f, [ScriptTables.state(app.state())])
            if results.first?.isTruthy == true { return nil }
            return results.dropFirst().first?.stringValue ?? "invariant '\(name)' returned \(results.first ?? .nil)"
        } catch {
            return "invariant '\(name)' failed: \(error)"
        }
    }
}
