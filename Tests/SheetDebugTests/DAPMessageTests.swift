import SheetJSON
import XCTest

@testable import SheetDebug

final class DAPMessageTests: XCTestCase {
    func testARequestParses() throws {
        let body = Array(#"{"seq": 3, "type": "request", "command": "launch", "arguments": {"program": "a.lua"}}"#.utf8)
        let request = try DAPRequest.parse(body)
        XCTAssertEqual(request.seq, 3)
        XCTAssertEqual(request.command, "launch")
        XCTAssertEqual(request.arguments["program"], .string("a.lua"))
    }

    func testWhatIsNotARequestSaysWhy() {
        func problem(_ text: String) -> DAPRequest.Problem? {
            do {
                _ = try DAPRequest.parse(Array(text.utf8))
                return nil
            } catch { return error }
        }
        XCTAssertEqual(problem("{nope")?.message.hasPrefix("the message is not JSON"), true)
        XCTAssertEqual(problem("[1]")?.message, "the message is a JSON array, not an object")
        XCTAssertEqual(problem(#"{"seq": 1, "command": "x"}"#)?.message, #"the message has no "type""#)
        XCTAssertEqual(problem(#"{"seq": 1, "type": "request"}"#)?.message, #"the request has no "command""#)
        let wrongArguments = problem(#"{"seq": 7, "type": "request", "command": "next", "arguments": 3}"#)
        XCTAssertEqual(wrongArguments?.seq, 7)
        XCTAssertEqual(wrongArguments?.command, "next")
    }

    func testFramesCarryTheirLengthInBytes() {
        let bytes = DAPOutput.frame(["event": .string("é")])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(text, "Content-Length: 14\r\n\r\n{\"event\":\"é\"}")
    }

    func testOutputNumbersMessagesAndAnswersRequests() throws {
        final class Sink: @unchecked Sendable { var frames: [[UInt8]] = [] }
        let sink = Sink()
        let output = DAPOutput { sink.frames.append($0) }
        output.respond(to: DAPRequest(seq: 5, command: "threads"))
        output.fail(seq: 6, command: "launch", "no {such} file")
        XCTAssertEqual(sink.frames.count, 2)
        let second = String(decoding: sink.frames[1], as: UTF8.self)
        let json = try JSONParser.parse(Array(second.split(separator: "\r\n\r\n", maxSplits: 1)[1].utf8))
        XCTAssertEqual(json["seq"], .int(2))
        XCTAssertEqual(json["request_seq"], .int(6))
        XCTAssertEqual(json["success"], .bool(false))
        XCTAssertEqual(json["message"], .string("no {such} file"))
        XCTAssertEqual(json["body"]?["error"]?["format"], .string("no (such) file"))
    }

    func testHitConditions() throws {
        XCTAssertEqual(try HitCondition(parsing: "3"), HitCondition(parsing: "==3"))
        XCTAssertTrue(try HitCondition(parsing: ">=2").stops(atHit: 2))
        XCTAssertFalse(try HitCondition(parsing: ">2").stops(atHit: 2))
        XCTAssertTrue(try HitCondition(parsing: "%2").stops(atHit: 4))
        XCTAssertFalse(try HitCondition(parsing: "%2").stops(atHit: 3))
        XCTAssertThrowsError(try HitCondition(parsing: "often"))
        XCTAssertThrowsError(try HitCondition(parsing: ">=0"))
    }

    func testEventBreakpointNames() throws {
        XCTAssertEqual(try EventMatch(functionName: "B03"), .rule(.b03))
        XCTAssertEqual(try EventMatch(functionName: "@750ms"), .time(750))
        XCTAssertEqual(try EventMatch(functionName: "@750"), .time(750))
        XCTAssertEqual(try EventMatch(functionName: "requestLost"), .kind(.requestLost))
        XCTAssertThrowsError(try EventMatch(functionName: "requestLots")) { error in
            XCTAssertTrue((error as? DAPFailure)?.message.contains("requestLost") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try EventMatch(functionName: "@soon"))
    }
}
