-- B06: dismissing a presentation that has others above it removes them
-- all at once; only the top one animates (UIKit's dismiss(animated:)).
-- Three levels: ContentView -> Level1 -> Level2 -> "top"; then the first
-- sheet's binding is set to false.
--
-- Covers: B06, B02

local function level(name, slot, child)
  return {
    name = name,
    state = { [slot] = false },
    modifiers = { sheet { isPresented = slot, content = child } },
  }
end

view(level("ContentView", "showLevel1",
  { text = "level 1", view = level("Level1", "showLevel2",
    { text = "level 2", view = level("Level2", "showTop", "top") }) }))

set("ContentView.showLevel1", true)
advance(500)
set("Level1.showLevel2", true)
advance(500)
set("Level2.showTop", true)
advance(500)
expect_eq(#stack(), 3)

-- Close the bottom sheet: everything above goes with it.
set("ContentView.showLevel1", false)
for _, p in ipairs(stack()) do
  expect_eq(p.phase, "dismissing", "B06: level " .. p.level .. " is dismissed too")
  expect_eq(p.ends, now() + 500, "B06: all end together")
end
expect_eq(#timeline({ kind = "dismissing" }), 3, "B06")
local animated = {}
for _, p in ipairs(stack()) do animated[#animated + 1] = p.animated end
expect_eq(animated, { false, false, true }, "B06: only the top one (level 3) animates")
local events = {}
for _, e in ipairs(timeline({ kind = "dismissing" })) do events[#events + 1] = e.animated end
expect_eq(events, { false, false, true }, "B06: the dismissing events say so too")

advance(500)
expect_eq(#stack(), 0, "B06: all three are gone")
expect_eq(#timeline({ kind = "dismissed" }), 3, "B06: each is reported")
expect_eq(get("ContentView.showLevel1"), false, "B02: the binding agrees")
