-- B47: with sticky vertical sizing a form sheet grows with its content and
-- keeps its largest height when the content shrinks.
--
-- Covers: B47

profile("ipadpro11-ios18.4")
view {
  name = "ContentView",
  state = { show = false, rows = 300 },
  modifiers = { sheet { isPresented = "show",
    content = function(c)
      return { text = "list", presentationSizing = "form", sticky = { vertical = true },
        fittedHeight = c.binding("rows") }
    end } },
}
set("show", true)
advance(500)
local opened = top().height
set("rows", 900)
local grown = top().height
expect(grown > opened, "B47: grows with its content")
expect_eq(timeline({ kind = "heightChanged" })[1].rule, "B47", "B47: the growth cites it")
set("rows", 200)
expect_eq(top().height, grown, "B47: keeps its largest height")
