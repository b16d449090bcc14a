import LuaRuntime
import Testing

@testable import SheetLabCLI

/// Lua's REPL conventions: expressions, statements, `=expr`, and inputs
/// that continue on the next line.
@Suite struct REPLInputClassifierTests {
    enum Kind: Equatable { case expression(String), statement, incomplete, syntaxError }

    func kind(_ source: String) throws -> Kind {
        let runtime = try LuaRuntime()
        let result = InputClassifier.classify(source) { (text: String) throws(LuaError) -> LuaFunction in
            try runtime.load(source: text, chunkName: "=stdin")
        }
        switch result {
        case .expression(_, let expression): return .expression(expression)
        case .statement: return .statement
        case .incomplete: return .incomplete
        case .syntaxError: return .syntaxError
        }
    }

    @Test(arguments: [
        ("1 + 1", Kind.expression("1 + 1")),
        ("top()", .expression("top()")),
        ("=top()", .expression("top()")),
        ("= 1, 2", .expression(" 1, 2")),
        ("x = 1", .statement),
        ("local t = {}", .statement),
        ("for i = 1, 3 do print(i) end", .statement),
        ("return 5", .statement),
        ("function f()", .incomplete),
        ("view {", .incomplete),
        ("for i = 1, 3 do", .incomplete),
        ("1 +", .incomplete),
        ("x = ", .incomplete),
        ("s = [[two", .incomplete),
        ("=", .expression("")),
        ("x = = 1", .syntaxError),
        ("end", .syntaxError),
        ("=x = 1", .syntaxError),
        ("function f()\n  return 1\nend", .statement),
        ("{\n1,\n2}", .expression("{\n1,\n2}")),
    ])
    func classify(source: String, expected: Kind) throws {
        #expect(try kind(source) == expected)
    }

    @Test func syntaxError_carriesFileAndLine() throws {
        let runtime = try LuaRuntime()
        let result = InputClassifier.classify("x = = 1") { (text: String) throws(LuaError) -> LuaFunction in
            try runtime.load(source: text, chunkName: "=stdin")
        }
        guard case .syntaxError(let error) = result else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(error.description.hasPrefix("stdin:1: "))
    }

    @Test(arguments: [
        ("swipe()", true, SavedInputForm.statements),
        ("top().phase", true, .expressionOnly),
        ("1 + 1", true, .expressionOnly),
        ("x = 1", false, .statements),
        ("return 5", false, .topLevelReturn),
        ("x = 1 return x", false, .topLevelReturn),
        ("f = function() return 1 end", false, .statements),
    ])
    func savedForm(source: String, wasExpression: Bool, expected: SavedInputForm) throws {
        let runtime = try LuaRuntime()
        let form = InputClassifier.savedForm(of: source, wasExpression: wasExpression) { text in
            (try? runtime.load(source: text, chunkName: "=check")) != nil
        }
        #expect(form == expected)
    }
}
