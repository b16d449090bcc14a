import SheetEngine

public struct Property { public var name: String }
public struct PropertyResult {
    public var name: String
    public var verdict: Verdict
    public enum Verdict { case holds, inconclusive(String), error(String) }
}
final class LivenessChecker {
    init(explorer: Explorer, worker: ExplorationWorker) {}
    func check(_ p: [Property]) -> [PropertyResult] { [] }
}
