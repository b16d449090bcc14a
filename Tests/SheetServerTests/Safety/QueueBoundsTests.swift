import Foundation
import SheetJSON
import SheetLabTestSupport
import SheetScripting
import Testing

@testable import SheetServer

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 32, item 7: what a client can make the server hold while a request
/// runs is bounded: pending cancels by count and bytes, messages by count.
@Suite struct QueueBoundsTests {
    final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    @Test func cancels_areKeptUpToTheirCount() {
        let warnings = Warnings()
        let control = RequestControl(warn: warnings.append)
        for i in 0..<5000 { control.cancel(.int(i)) }
        #expect(control.waitingCancels.count == RequestControl.maximumWaitingCancels)
        #expect(control.droppedCancels == 5000 - RequestControl.maximumWaitingCancels)
        // One warning at the first drop and at each power of two: a dozen, not thousands.
        #expect(warnings.all.count <= 13 && !warnings.all.isEmpty, "\(warnings.all)")
        #expect(warnings.all.first?.contains("1024 cancels are already waiting") == true, "\(warnings.all)")
        // A kept one still refuses its request.
        #expect(control.begin(.int(3), message: 0) == false)
    }

    @Test func aLongId_isDropped_withAWarning_andIdsAreBoundedInBytes() {
        let warnings = Warnings()
        let control = RequestControl(warn: warnings.append)
        control.cancel(.string(String(repeating: "x", count: 1 << 20)))
        #expect(control.waitingCancels.count == 0)
        #expect(warnings.all.first?.contains("its id is 1048576 bytes long (at most 4096 are kept)") == true)
        for i in 0..<1000 { control.cancel(.string(String(repeating: "y", count: 4000) + "\(i)")) }
        let (count, bytes) = control.waitingCancels
        #expect(bytes <= RequestControl.maximumWaitingCancelBytes)
        #expect(count < 1000 && count > 200, "\(count)")
        #expect(warnings.all.contains { $0.contains("the waiting cancels' ids take") }, "\(warnings.all)")
    }

    @Test func aRunningRequest_isCancelled_evenWhenNothingMoreIsKept() {
        let control = RequestControl(warn: { _ in })
        for i in 0..<2000 { control.cancel(.int(10_000 + i)) }
        #expect(control.begin(.int(7), message: 1))
        control.cancel(.int(7))
        #expect(control.isCancelled)
        #expect(control.end())
    }

    @Test func theMessageQueue_holdsAtMostItsCount_ofEvenEmptyMessages() throws {
        let queue = MessageQueue(capacity: 1 << 20, maximumCount: 16)
        let pushed = ManagedCounter()
        let thread = Thread {
            for i in 0..<100 {
                queue.push(MessageQueue.Item(frame: .text([]), number: i))
                pushed.increment()
            }
            queue.finish()
        }
        thread.start()
        var waited = 0
        while pushed.value < 16, waited < 2000 {
            usleep(1000)
            waited += 1
        }
        usleep(50_000)
        #expect(queue.count == 16, "the reader waits at the bound")
        #expect(pushed.value == 16)
        var popped = 0
        while queue.pop() != nil { popped += 1 }
        #expect(popped == 100)
    }

    final class ManagedCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func increment() { lock.withLock { n += 1 } }
        var value: Int { lock.withLock { n } }
    }

    /// A batch whose CPU ran out tells the client to raise --max-request-budget, not --script-budget.
    @Test func aScenarioCutByTheBatchBudget_namesMaxRequestBudget() throws {
        var limits = ServerLimits()
        limits.maximumRequestBudgetMilliseconds = 400
        var defaults = SessionConfiguration()
        defaults.limits.scriptBudgetMilliseconds = 400
        let client = ServeTestClient(defaults: defaults, limits: limits)
        let batch = """
            [{"jsonrpc":"2.0","id":1,"method":"run_scenario","params":{"source":"local x = 0 for i = 1, 1e6 do x = x + i end expect(true)","timeline":false}},
             {"jsonrpc":"2.0","id":2,"method":"run_scenario","params":{"source":"while true do end","timeline":false}}]
            """.replacingOccurrences(of: "\n", with: "")
        let answers = try #require(client.send(batch)?.array)
        let error = answers.last?["result"]?["error"]?["message"]
        guard case .string(let message)? = error else {
            Issue.record("no script error: \(answers)")
            return
        }
        #expect(message.contains("raise it with --max-request-budget"), "\(message)")
        #expect(!message.contains("--script-budget"), "\(message)")
    }
}
