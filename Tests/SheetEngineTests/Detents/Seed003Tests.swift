import Testing

@testable import SheetEngine

/// Seed 003's examples, written with the engine's Swift API.
@Suite struct Seed003Tests {
    static let sheet = Views.ref("sheet", "SheetExtraView")
    static let detent = Views.ref("presentationDetent", "SheetExtraView")

    /// `SheetExtraView`: a close button, `onDismiss` resetting to
    /// `.height200`, the five detents through `compatibleDetents`.
    static func sheetExtraView() -> ViewSpec {
        ViewSpec(
            name: "SheetExtraView", state: [("sheet", false), ("presentationDetent", "height(200)")],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .isPresented(sheet),
                    onDismiss: { app in try app.set(detent, "height(200)") },
                    content: { ctx in
                        // switch presentationDetent { case .bar: ... } reads the live binding.
                        let label: String
                        switch ctx.binding("presentationDetent").asDetent {
                        case .custom("bar")?: label = "BarDetent"
                        case .height(200)?: label = "height(200)"
                        case .medium?: label = "medium"
                        case .fraction(0.75)?: label = "fraction(0.75)"
                        case .large?: label = "large"
                        default: label = ""
                        }
                        return SheetContent(
                            text: label,
                            view: ViewSpec(name: "CloseButton"),
                            // compatibleDetents: the engine ignores detents before iOS 16 (B28).
                            detents: DetentsModifier(
                                [.custom("bar"), .height(200), .medium, .fraction(0.75), .large], selection: detent,
                                placement: .root))
                    })
            ])
    }

    @Test func sheetExtraView_onIOS17_followsTheSelectionAndResetsOnDismiss() throws {
        let app = SheetApp(profile: try Profile.named("iphone15-ios17"), policies: [BarDetentPolicy()])
        try app.addView(Self.sheetExtraView())
        try app.set(Self.sheet, true)
        try app.advance(by: 500)
        #expect(app.stack.last?.text == "height(200)")
        #expect(app.stack.last?.height == 200)
        try app.set(Self.detent, "custom(bar)")  // the "Change" button
        #expect(app.stack.last?.text == "BarDetent")
        #expect(abs((app.stack.last?.height ?? 0) - 78.3) < 1e-9)
        try app.drag(to: 783)
        try app.release()
        #expect(app.stack.last?.text == "large")
        try app.dismiss(from: "CloseButton")  // Button("Close") { sheet.toggle() }
        try app.advance(by: 500)
        #expect(app.value(Self.detent) == "height(200)")
    }

    @Test func sheetExtraView_onIOS15_isAFullHeightSheet() throws {
        let app = SheetApp(profile: try Profile.named("iphone15-ios15"), policies: [BarDetentPolicy()])
        try app.addView(Self.sheetExtraView())
        try app.set(Self.sheet, true)
        #expect(app.stack.last?.detent == "large")
        #expect(app.stack.last?.height == 783)
    }
}
