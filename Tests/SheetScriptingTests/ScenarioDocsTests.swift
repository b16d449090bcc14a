import Foundation
import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// `docs/scenarios.md` shows every function a scenario can call, every
/// field a view, a modifier or a content table takes, and every field of
/// the tables `stack()` and `timeline()` return, so nothing the API gains
/// goes undocumented.
@Suite struct ScenarioDocsTests {
    static func page() throws -> String {
        try String(contentsOfFile: repoPath("docs/scenarios.md"), encoding: .utf8)
    }

    /// Whether the page shows a call of `name`: `name(` or `name {`, not as
    /// the end of a longer name (`reset(` is no call of `set`).
    static func showsCall(_ name: String, in text: String) -> Bool {
        var rest = text[...]
        while let found = rest.range(of: name) {
            let before = found.lowerBound == text.startIndex ? " " : text[text.index(before: found.lowerBound)]
            let after = text[found.upperBound...].drop { $0 == " " }.first
            if !(before.isLetter || before.isNumber || "_.:".contains(before)), after == "(" || after == "{" {
                return true
            }
            rest = text[found.upperBound...]
        }
        return false
    }

    /// Whether the page names a field: `` `field` `` or `field = ` in code.
    static func namesField(_ field: String, in text: String) -> Bool {
        text.contains("`\(field)`") || text.contains(" \(field) = ") || text.contains("{ \(field) = ")
    }

    @Test func everyScenarioFunction_isShownBeingCalled() throws {
        let text = try Self.page()
        for name in try Session().registeredGlobals where !PropertyAPI.names.contains(name) {
            let shown = Self.showsCall(name, in: text)
            #expect(shown, "\(name) is not shown in docs/scenarios.md")
        }
    }

    /// The property language is `docs/check.md`'s: each of its functions is registered and shown there.
    @Test func everyPropertyFunction_isRegistered_andShownInCheckMd() throws {
        let text = try String(contentsOfFile: repoPath("docs/check.md"), encoding: .utf8)
        let registered = Set(try Session().registeredGlobals)
        for name in PropertyAPI.names {
            #expect(registered.contains(name), "\(name) is not registered")
            #expect(Self.showsCall(name, in: text), "\(name) is not shown in docs/check.md")
        }
    }

    @Test func everyDeclarationField_isNamed() throws {
        let text = try Self.page()
        // `kind` is set by the builders (sheet{}, fullScreenCover{}, popover{}), not written.
        let fields =
            ViewDeclaration.viewFields + ViewDeclaration.modifierFields.filter { $0 != "kind" }
            + ViewDeclaration.contentFields
        for field in fields {
            let named = Self.namesField(field, in: text)
            #expect(named, "\(field) is not named in docs/scenarios.md")
        }
    }

    /// The keys of the tables a scenario reads, over presentations that
    /// between them have every optional field: a form sheet with sizing and
    /// a placement on 27, a zoom sheet on 26 (placement, transition source),
    /// both under a view that sets an environment value.
    static func readKeys() throws -> (presentation: Set<String>, event: Set<String>) {
        var presentation: Set<String> = []
        var event: Set<String> = []
        func keys(_ value: LuaValue) -> Set<String> {
            guard case .table(let t) = value else { return [] }
            return Set(t.fields.keys.compactMap(\.string))
        }
        for (profile, content) in [
            ("ipadpro11-ios27", #"{ text = "x", presentationSizing = "page", presentationPlacement = "leading" }"#),
            ("iphone17-ios26", #"{ text = "x", navigationTransition = zoom{ source = "p" } }"#),
        ] {
            let session = try Session()
            session.printHandler = { _ in }
            _ = try session.evaluate(
                """
                profile("\(profile)")
                view { name = "V", state = { show = false, item = false }, matchedTransitionSource = "p",
                  environment = { tint = "orange" },
                  modifiers = { sheet { isPresented = "show", content = \(content) } } }
                set("show", true)
                advance()
                """)
            for p in session.app.state().presentations { presentation.formUnion(keys(ScriptTables.presentation(p))) }
            for (i, e) in session.app.timeline.events.enumerated() {
                event.formUnion(keys(ScriptTables.event(e, index: i + 1)))
            }
        }
        return (presentation, event)
    }

    @Test func everyFieldOfStackEntriesAndEvents_isNamed() throws {
        let text = try Self.page()
        let (presentation, event) = try Self.readKeys()
        #expect(presentation.isSuperset(of: ["sizing", "placement", "frame", "transition_source", "environment"]))
        #expect(event.isSuperset(of: ["rule", "confidence", "placement", "frame", "source"]))
        for key in presentation.union(event).sorted() {
            let named = Self.namesField(key, in: text)
            #expect(named, "\(key) is not named in docs/scenarios.md")
        }
    }

    @Test func everyEventKind_isNamed() throws {
        let text = try Self.page()
        for kind in EventKind.allCases {
            let named = text.contains("`\(kind.rawValue)`")
            #expect(named, "\(kind.rawValue) is not named in docs/scenarios.md")
        }
    }
}
