import SheetJSON
import Testing

@testable import SheetDebug

/// What `sheetlab debug` reads and writes: requests, error responses, frames,
/// hit conditions and the names of event breakpoints.
@Suite struct DAPMessageTests {
    @Test func aRequestParses() throws {
        let body = Array(#"{"seq": 3, "type": "request", "command": "launch", "arguments": {"program": "a.lua"}}"#.utf8)
        let request = try DAPRequest.parse(body)
        #expect(request.seq == 3)
        #expect(request.command == "launch")
        #expect(request.arguments["program"] == .string("a.lua"))
    }

    static func problem(_ text: String) -> DAPRequest.Problem? {
        do {
            _ = try DAPRequest.parse(Array(text.utf8))
            return nil
        } catch { return error }
    }

    @Test func whatIsNotARequestSaysWhy() {
        #expect(Self.problem("{nope")?.message.hasPrefix("the message is not JSON") == true)
        #expect(Self.problem("[1]")?.message == "the message is a JSON array, not an object")
        #expect(Self.problem(#"{"seq": 1, "command": "x"}"#)?.message == #"the message has no "type""#)
        #expect(Self.problem(#"{"seq": 1, "type": "request"}"#)?.message == #"the request has no "command""#)
        #expect(
            Self.problem(#"{"seq": 2, "type": "event", "command": "x"}"#)?.message
                == "the adapter takes requests, got a message of type 'event'")
        let wrongArguments = Self.problem(#"{"seq": 7, "type": "request", "command": "next", "arguments": 3}"#)
        #expect(wrongArguments?.seq == 7)
        #expect(wrongArguments?.command == "next")
    }

    @Test func framesCarryTheirLengthInBytes() {
        let text = String(decoding: DAPOutput.frame(["event": .string("é")]), as: UTF8.self)
        #expect(text == "Content-Length: 14\r\n\r\n{\"event\":\"é\"}")
    }

    @Test func outputNumbersMessagesAndAnswersRequests() throws {
        final class Sink: @unchecked Sendable { var frames: [[UInt8]] = [] }
        let sink = Sink()
        let output = DAPOutput { sink.frames.append($0) }
        output.respond(to: DAPRequest(seq: 5, command: "threads"))
        output.fail(seq: 6, command: "launch", "no {such} file")
        #expect(sink.frames.count == 2)
        let second = String(decoding: sink.frames[1], as: UTF8.self)
        let body = try #require(second.split(separator: "\r\n\r\n", maxSplits: 1).last)
        let json = try JSONParser.parse(Array(body.utf8))
        #expect(json["seq"] == .int(2))
        #expect(json["request_seq"] == .int(6))
        #expect(json["success"] == .bool(false))
        #expect(json["message"] == .string("no {such} file"))
        #expect(json["body"]?["error"]?["format"] == .string("no (such) file"))
    }

    @Test func hitConditions() throws {
        #expect(try HitCondition(parsing: "3") == HitCondition(parsing: "==3"))
        #expect(try HitCondition(parsing: ">=2").stops(atHit: 2))
        #expect(try !HitCondition(parsing: ">2").stops(atHit: 2))
        #expect(try HitCondition(parsing: "%2").stops(atHit: 4))
        #expect(try !HitCondition(parsing: "%2").stops(atHit: 3))
        #expect(throws: DAPFailure.self) { try HitCondition(parsing: "often") }
        #expect(throws: DAPFailure.self) { try HitCondition(parsing: ">=0") }
    }

    @Test func eventBreakpointNames() throws {
        #expect(try EventMatch(functionName: "B03") == .rule(.b03))
        #expect(try EventMatch(functionName: "@750ms") == .time(750))
        #expect(try EventMatch(functionName: "@750") == .time(750))
        #expect(try EventMatch(functionName: "requestLost") == .kind(.requestLost))
        do {
            _ = try EventMatch(functionName: "requestLots")
            Issue.record("an unknown name was accepted")
        } catch {
            #expect(error.message.contains("requestLost"))
        }
        #expect(throws: DAPFailure.self) { try EventMatch(functionName: "@soon") }
    }
}
