-- Seed 001: a sheet(isPresented:) shows a stale @State value.
--
--   @State private var isPresented = false
--   var body: some View {
--       Button("Button") { isPresented = true }
--           .sheet(isPresented: $isPresented) {
--               Text(isPresented ? "表示中" : "表示してないよ")
--           }
--   }
--
-- body reads isPresented only inside the sheet's content closure, so setting
-- it does not evaluate body again: the closure still sees the value of the
-- last evaluation (false). Self._printChanges() prints nothing. Splitting
-- the text into a second @State written in the same action does not help.
-- seed001_fixes.lua shows what does.
--
-- Covers: B13, B15

view {
  name = "ContentView",
  state = { isPresented = false },
  -- no `reads`: body uses isPresented only inside the sheet content
  modifiers = {
    sheet {
      isPresented = "isPresented",
      -- c.state is what the content closure captured at the last body evaluation
      content = function(c) return c.state.isPresented and "表示中" or "表示してないよ" end,
    },
  },
}

set("isPresented", true) -- Button("Button")
advance(500)
expect_eq(top().text, "表示してないよ", "B13: the content sees the value body last saw")
expect_eq(get("isPresented"), true, "B13: although the state itself is true")
expect_eq(#timeline({ kind = "bodyEvaluated" }), 0, "B15: _printChanges() prints nothing")

-- Split into two @State properties, written together in one action.
--
--   @State private var isPresented = false
--   @State private var text = "初期値"
--   Button("Button") { text = "表示中"; isPresented = true }
--       .sheet(isPresented: $isPresented) { Text(text) }
reset()
view {
  name = "ContentView",
  state = { isPresented = false, text = "初期値" },
  modifiers = {
    sheet {
      isPresented = "isPresented",
      content = function(c) return c.state.text end,
    },
  },
}

set { { "text", "表示中" }, { "isPresented", true } } -- one action, in this order
advance(500)
expect_eq(top().text, "初期値", "B13: a second @State does not help")
expect_eq(#timeline({ kind = "bodyEvaluated" }), 0, "B15: still no body evaluation")
