-- B51: from 18.0, a button in scrolling sheet content still fires when the
-- user starts a sheet drag on it; before, the drag takes the touch.
--
-- Covers: B51

for _, name in ipairs({ "iphone15-ios17", "iphone17-ios26" }) do
  reset(name)
  view {
    name = "ContentView",
    state = { show = false, bought = false },
    modifiers = { sheet { isPresented = "show",
      content = { text = "shop", presentationDetents = { "medium", "large" },
        buttons = { Buy = function() set("ContentView.bought", true) end } } } },
  }
  set("show", true)
  advance(500)
  drag(300, { button = "Buy" })
  release(0)
  expect_eq(get("bought"), os_at_least("18.0"), "B51: the button fires from 18.0 on " .. name)
end
