import Testing

@testable import SheetLabCLI

/// Tab completion: reading the query, deciding what may be evaluated, and
/// the candidates for globals, fields and methods.
@Suite struct REPLCompletionTests {
    @Test(arguments: [
        ("ti", CompletionQuery(base: nil, separator: nil, partial: "ti")),
        ("", CompletionQuery(base: nil, separator: nil, partial: "")),
        ("x = top().ph", CompletionQuery(base: "top()", separator: ".", partial: "ph")),
        ("top().", CompletionQuery(base: "top()", separator: ".", partial: "")),
        ("s:up", CompletionQuery(base: "s", separator: ":", partial: "up")),
        ("print(state().views[1].st", CompletionQuery(base: "state().views[1]", separator: ".", partial: "st")),
        (
            "expect_eq(get(\"selectedItem\").i",
            CompletionQuery(base: "get(\"selectedItem\")", separator: ".", partial: "i")
        ),
        ("a .. b", CompletionQuery(base: nil, separator: nil, partial: "b")),
        ("x ..ti", CompletionQuery(base: nil, separator: nil, partial: "ti")),
    ])
    func parse_readsTheQueryAtTheCursor(text: String, expected: CompletionQuery) {
        #expect(CompletionQuery.parse(text) == expected)
    }

    @Test(arguments: ["set(\"sel", "x = 'to", "-- a comment ti", "x = [[long ti", "--[[ block ti", "x = 1."])
    func parse_insideStringsCommentsAndNumbers_completesNothing(text: String) {
        #expect(CompletionQuery.parse(text) == nil)
    }

    @Test(arguments: [
        ("top()", true), ("stack()[1]", true), ("state().views[1].state", true), ("get('selectedItem')", true),
        ("profile()", true), ("string", true), ("(\"abc\")", true), ("timeline(3)", true), ("math.pi", true),
        ("profile('iphonese-ios16')", false), ("reset()", false), ("swipe()", false), ("f()", false),
        ("top():x()", false), ("t[k]", false), ("top(", false), ("a + b", false), ("", false),
        ("x.y()", false), ("get(x)", false),
    ])
    func isSafe_allowsOnlyReadingCalls(base: String, safe: Bool) {
        #expect(CompletionQuery.isSafe(base) == safe)
    }

    @Test func resolve_insertsTheCommonBeginning_orListsTheCandidates() {
        #expect(CompletionQuery.resolve(partial: "ti", candidates: ["timeline("]) == ("meline(", []))
        #expect(
            CompletionQuery.resolve(partial: "p", candidates: ["phase", "presenter"]) == ("", ["phase", "presenter"]))
        #expect(CompletionQuery.resolve(partial: "s", candidates: ["set(", "setmetatable(", "x"]) == ("et", []))
        #expect(CompletionQuery.resolve(partial: "zz", candidates: ["set("]) == ("", []))
    }

    @Test func globals_includeTheAPI_theLibraries_userGlobals_andKeywords() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "myCounter = 1")
        #expect(repl.complete("tim").insert == "e", "timeline( and time_passes(")
        #expect(repl.complete("timel").insert == "ine(")
        #expect(repl.complete("myC").insert == "ounter")
        #expect(repl.complete("sho").insert == "w(")
        #expect(repl.complete("str").insert == "ing")
        #expect(repl.complete("fun").insert == "ction")
        #expect(repl.candidates(for: "t").contains("top("))
    }

    @Test func fields_ofWhatAReadingCallReturns() throws {
        let (repl, out) = try makeRepl()
        #expect(repl.complete("profile().max").insert == "_detent_value")
        #expect(repl.candidates(for: "top().").isEmpty, "nothing is shown yet: top() is nil")
        feed(repl, out, "set('selectedItem', { id = 0 })")
        #expect(repl.complete("top().p") == ("", ["phase", "placement", "presenter"]))
        #expect(repl.complete("top().item.").insert == "id")
        #expect(repl.complete("state().views[1].na").insert == "me")
    }

    @Test func methods_ofStringsAndTables() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "s = 'abc'", "obj = { name = 'x', greet = function(self) return self.name end }")
        #expect(repl.complete("s:up").insert == "per(")
        #expect(repl.complete("obj:").insert == "greet(")
        #expect(repl.complete("obj.n").insert == "ame")
        #expect(repl.complete("string.fo").insert == "rmat(")
    }

    @Test func completion_neverCallsFunctionsThatChangeTheApp() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "calls = 0", "function bump() calls = calls + 1 return {a = 1} end")
        #expect(repl.candidates(for: "bump().").isEmpty)
        #expect(repl.candidates(for: "swipe().").isEmpty)
        #expect(feed(repl, out, "=calls").out == "0\n")
    }

    @Test func columns_fitTheWidth() {
        let text = EditLineReader.columns(["phase", "presenter", "presentation", "text"], width: 30)
        #expect(text == "phase         presenter\npresentation  text")
    }
}

/// Tab completion of commands, their files, slot names and `:help` names.
@Suite struct REPLCommandCompletionTests {
    @Test(arguments: [
        (":po", CompletionQuery.Context.command("po")),
        (":", .command("")),
        (":policy examples/po", .file("examples/po", luaOnly: true)),
        (":load  examples/", .file("examples/", luaOnly: true)),
        (":save out/s", .file("out/s", luaOnly: false)),
        (":timeline svg run", .file("run", luaOnly: false)),
        (":timeline json", .lua),
        (":help se", .help("se")),
        (":break req", .breakpoint("req")),
        ("set(\"sel", .slot("sel")),
        ("x = get( 'Content", .slot("Content")),
        ("binding(\"", .slot("")),
        ("policy(\"examples/pol", .file("examples/pol", luaOnly: true)),
        ("t.set(\"sel", .lua),
        ("print(\"sel", .lua),
        ("set(\"a\", \"b", .lua),
        ("ti", .lua),
    ])
    func context_readsWhatIsBeingTyped(text: String, expected: CompletionQuery.Context) {
        #expect(CompletionQuery.context(of: text) == expected)
    }

    @Test func commands_complete() throws {
        let (repl, _) = try makeRepl()
        #expect(repl.complete(":po").insert == "licy ")
        #expect(repl.complete(":lo").insert == "ad ")
        #expect(repl.complete(":s").list == ["show ", "save ", "step "])
        #expect(repl.complete(":ba").insert == "ck ")
    }

    @Test func filesAfterPolicyAndLoad_areLuaFilesAndFolders() throws {
        let (repl, _) = try makeRepl()
        #expect(repl.complete(":policy examples/pol").insert == "icies/")
        #expect(repl.complete(":policy examples/policies/qu").insert == "eue.lua")
        let listed = repl.complete(":load examples/").list
        #expect(listed.contains("seeds/") && listed.contains("behaviours/"))
        #expect(!repl.complete(":load examples/seeds/seed000_lost").list.contains { $0.hasSuffix(".timeline") })
        #expect(repl.complete("policy(\"examples/policies/bar").insert == "_detent.lua")
        #expect(repl.complete(":save READ").insert == "ME.md", "any file after :save")
    }

    @Test func slotNames_insideSetAndGet_closeTheString() throws {
        let (repl, out) = try makeRepl()
        #expect(repl.complete("set(\"sel").insert == "ectedItem\"")
        #expect(repl.complete("get(\"ContentView.sh").insert == "owSettings\"")
        #expect(repl.complete("set(\"").list.contains("selectedItem"))
        feed(repl, out, "view { name = 'Other', state = { selectedItem = 1 } }")
        // Two views have it now: only the qualified names complete it.
        #expect(repl.complete("set(\"sel").insert == "")
        #expect(repl.complete("set(\"Other.").insert == "selectedItem\"")
    }

    @Test func helpNames_complete() throws {
        let (repl, _) = try makeRepl()
        #expect(repl.complete(":help tap_b").insert == "ackground")
        #expect(repl.complete(":help Presen").insert == "tation")
    }
}
