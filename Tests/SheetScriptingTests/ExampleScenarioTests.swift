import Foundation
import SheetLabTestSupport
import Testing

@testable import SheetScripting

/// Every scenario in `examples/` passes through the scripting layer.
@Suite struct ExampleScenarioTests {
    static let root = ExampleScenarios.root

    /// Scenario files under `examples/`, skipping policy folders.
    static var scenarios: [String] { ExampleScenarios.all }

    @Test(arguments: scenarios)
    func exampleScenario_passes(path: String) throws {
        _ = FileManager.default.changeCurrentDirectoryPath(Self.root.path)
        let result = try ScenarioRunner(printHandler: { _ in }).run(path: path)
        #expect(result.error == nil, "\(result.error?.description ?? "")")
        for failure in result.failures { Issue.record("\(failure)") }
        #expect(result.expectations > 0, "an example checks something")
        for e in result.errorEvents.unexpected { Issue.record("unexpected error event: \(e.summary)") }
    }
}
