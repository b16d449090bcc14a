-- meeting-transcriber-332: an action writes two @State values, the text
-- and the flag that presents the sheet; the sheet's closure sees the text as
-- of the previous body evaluation, so the first open shows an empty sheet.
--
-- Source: pasrom/meeting-transcriber #332 (2026-05)
-- Reported: current iOS (stale capture, as seed 001 describes)
-- Affected: every profile (63 profiles)
-- Workaround: sheet(item:), which hands the value to the content
--
--   Button("Show") { transcript = latest; showTranscript = true }
--       .sheet(isPresented: $showTranscript) { Text(transcript) }
--
-- Covers: B13, B14

profile("iphone17-ios26")
view {
  name = "ContentView",
  state = { showTranscript = false, transcript = "" },
  modifiers = {
    sheet {
      isPresented = "showTranscript",
      content = function(c)
        return c.state.transcript
      end,
    },
  },
}
set { { "transcript", "notes" }, { "showTranscript", true } } -- one action, in this order
advance()
expect(top().text == "", "meeting-transcriber-332: the first open shows the value before the action (B13)")

-- The workaround: sheet(item:) passes the item to the content.
--
--   .sheet(item: $transcript) { t in Text(t.text) }
reset()
view {
  name = "ContentView",
  state = { "transcript" },
  modifiers = {
    sheet {
      item = "transcript",
      content = function(c)
        return c.item.text
      end,
    },
  },
}
set("transcript", { id = 1, text = "notes" })
advance()
expect_eq(top().text, "notes", "workaround: sheet(item:) shows the written value (B14)")

-- Closed, so that run --profiles compares the expectations, not each device's sizes.
dismiss()
advance()
