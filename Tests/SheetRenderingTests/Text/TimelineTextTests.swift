import SheetEngine
import Testing

@testable import SheetRendering

/// The text timeline: a header, one line per event, colour only when asked.
@Suite struct TimelineTextTests {
    @Test func oneLinePerEvent_underAProfileHeader() throws {
        let app = try Runs.seed000()
        let text = TimelineText(profile: app.profile.name).render(app.timeline.events)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "profile iphone15-ios17")
        #expect(lines.last == "", "the text ends with a newline")
        #expect(lines.dropFirst().dropLast().map(String.init) == app.timeline.events.map(\.description))
    }

    @Test func severalParts_eachUnderItsOwnHeader() throws {
        let app = try Runs.twoParts()
        let text = TimelineText().render(parts: app.parts)
        let sections = text.components(separatedBy: "\n\n")
        #expect(sections.count == 2)
        for (section, part) in zip(sections, app.parts) {
            let lines = section.split(separator: "\n").map(String.init)
            #expect(lines.first == "part \(part.part): profile \(part.profile.name)")
            #expect(Array(lines.dropFirst()) == part.events.map(\.description))
        }
        #expect(sections[1].hasPrefix("part 2: profile iphonese-ios17\n"))
    }

    @Test func onePart_readsAsBefore() throws {
        let app = try Runs.seed000()
        #expect(
            TimelineText().render(parts: app.parts)
                == TimelineText(profile: "iphone15-ios17").render(app.timeline.events))
    }

    @Test func noProfile_noHeader() throws {
        let app = try Runs.seed000()
        let text = TimelineText().render(app.timeline.events)
        #expect(text == app.timeline.text + "\n")
        #expect(TimelineText().render([]) == "")
    }

    @Test func noColour_unlessAsked() throws {
        let app = try Runs.nested()
        #expect(!TimelineText().render(app.timeline.events).contains("\u{1B}"))
    }

    @Test func colour_warningsYellow_errorsRed_userActionsBold() throws {
        let text = TimelineText(colour: true)
        let warning = Event(time: 1, kind: .alreadyPresenting, presenter: "V", detail: "busy")
        let error = Event(time: 1, kind: .policyError, source: "p.lua", detail: "boom")
        let user = Event(time: 1, kind: .swipe, presenter: "V", detail: "down")
        let plain = Event(time: 1, kind: .presented, presenter: "V")
        #expect(text.line(warning) == "\u{1B}[33m\(warning.description)\u{1B}[0m")
        #expect(text.line(error) == "\u{1B}[31m\(error.description)\u{1B}[0m")
        #expect(text.line(user) == "\u{1B}[1m\(user.description)\u{1B}[0m")
        #expect(text.line(plain) == plain.description)
    }

    @Test func controlCharactersInDetails_stayOnOneLine() {
        let event = Event(time: 5, kind: .contentError, presenter: "V", detail: "line one\nline two\u{1B}[2J")
        let line = TimelineText(colour: true).line(event)
        #expect(!line.dropFirst(5).dropLast(4).contains("\u{1B}"), "only our own escapes remain")
        #expect(!line.contains("\n"))
        #expect(TimelineText().render([event, event]).split(separator: "\n").count == 2)
    }
}
