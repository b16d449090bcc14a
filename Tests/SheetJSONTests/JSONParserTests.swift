import SheetJSON
import Testing

/// The JSON reader is strict and cannot be made to recurse without bound;
/// the writer gives one line with sorted keys.
@Suite struct JSONParserTests {
    @Test(arguments: [
        ("null", JSON.null), ("true", .bool(true)), (" false ", .bool(false)), ("0", .int(0)), ("-12", .int(-12)),
        ("1.5", .double(1.5)), ("3.0", .double(3)), ("1e3", .double(1000)),
        ("\"a\\nb\\u00e9\\ud83d\\ude00\"", .string("a\nbé😀")),
        ("[1, [2], {}]", .array([.int(1), .array([.int(2)]), .object([:])])),
        ("{\"a\": {\"b\": []}, \"a\": 1}", .object(["a": .int(1)])),
        ("92233720368547758070", .double(Double("92233720368547758070")!)),
    ])
    func validText_parses(text: String, expected: JSON) throws {
        #expect(try JSONParser.parse(Array(text.utf8)) == expected)
    }

    @Test(arguments: [
        ("", "unexpected end of input"), ("{", "expected a string key"), ("[1,]", "unexpected character ']'"),
        ("{\"a\" 1}", "expected ':'"), ("nul", "invalid literal"), ("01", "leading zero"), ("1.", "invalid number"),
        ("\"abc", "unterminated string"), ("\"a\u{01}\"", "control character"), ("\"\\x\"", "invalid escape"),
        ("\"\\ud800\"", "unpaired surrogate"), ("1 2", "unexpected data after the value"),
        ("1e999", "number out of range"),
        ("{'a': 1}", "expected a string key"), ("[1] // comment", "unexpected data"),
    ])
    func invalidText_isRejected_withWhere(text: String, message: String) {
        #expect {
            try JSONParser.parse(Array(text.utf8))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func invalidUTF8_isRejected() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func deepNesting_isAnError_notACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            try JSONParser.parse(Array(deep.utf8))
        } throws: { error in
            "\(error)".contains("nested deeper than \(JSONParser.maximumDepth)")
        }
        let ok =
            String(repeating: "[", count: JSONParser.maximumDepth)
            + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: Never.self) { try JSONParser.parse(Array(ok.utf8)) }
    }

    /// As the JSON timeline writes them (`TimelineJSON`), never `null`.
    @Test func text_writesNonFiniteNumbers_asTheTimelineDoes() {
        let value: JSON = [.double(.nan), .double(.infinity), .double(-.infinity), .double(1.5)]
        #expect(value.text == #"["nan","inf","-inf",1.5]"#)
    }

    @Test func text_withALimit_stopsOnceItIsPassed() {
        let value: JSON = .array(Array(repeating: .string(String(repeating: "x", count: 1000)), count: 1000))
        #expect(value.text(limit: 10_000) == nil)
        #expect(value.text(limit: 2_000_000) == value.text)
        #expect(JSON.string(String(repeating: "y", count: 5000)).text(limit: 4000) == nil)
    }

    @Test func text_isOneLine_keysSorted_controlsEscaped() throws {
        let value: JSON = ["b": [1, 2.5, .null, true], "a": "x\"\n\u{01}é"]
        #expect(value.text == #"{"a":"x\"\n\u0001é","b":[1,2.5,null,true]}"#)
        #expect(try JSONParser.parse(Array(value.text.utf8))["a"] == .string("x\"\n\u{01}é"))
    }
}
