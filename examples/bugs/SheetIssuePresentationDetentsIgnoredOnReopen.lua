-- SheetIssuePresentationDetentsIgnoredOnReopen: a sheet opened again soon
-- after its previous dismissal ended ignores presentationDetents and opens
-- at full height.
--
-- Source: VAndrJ/awesome-apple-bugs Bugs/SheetIssuePresentationDetentsIgnoredOnReopen
--   (reproduction, video, Solution.swift; PR #12)
-- Reported: iOS 18.0-18.3
-- Affected: ios18.0 on iphonese, iphone15, iphone17, iphone15promax, ipadsplit (5 profiles)
-- Workaround: present again only 0.4 s after onDismiss
-- Workaround policy: ../behaviours/policies/reopen_after_window.lua
--
--   .sheet(isPresented: $show) { Text("half").presentationDetents([.medium]) }
--   // swipe it down, tap "Open" again at once: it opens at full height
--
-- Covers: B34

local function contentView()
  view {
    name = "ContentView",
    state = { show = false },
    modifiers = {
      sheet { isPresented = "show", content = { text = "half", presentationDetents = { "medium" } } },
    },
  }
end

-- Opens the sheet, swipes it down and opens it again 100 ms after the
-- dismissal ended; returns the detent of the first opening.
local function openCloseReopen()
  set("show", true)
  advance(500)
  local first = top().detent
  swipe()
  advance() -- the dismissal ends
  advance(100)
  set("show", true)
  return first
end

profile("iphone17-ios18.0")
contentView()
local first = openCloseReopen()
expect(
  top().detent ~= first,
  "SheetIssuePresentationDetentsIgnoredOnReopen: the reopened sheet ignores its detents (B34)"
)

-- The workaround as a policy: a request made inside the reopen window waits
-- for it to close, then the sheet opens with its detents.
reset { policies = { "../behaviours/policies/reopen_after_window.lua" } }
contentView()
first = openCloseReopen()
advance()
expect_eq(top().detent, first, "workaround: the reopened sheet keeps its detents")

-- Closed, so that run --profiles compares the expectations, not each device's sizes.
dismiss()
advance()
