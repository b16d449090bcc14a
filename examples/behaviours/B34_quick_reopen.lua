-- B34: on iOS 18.0-18.3 a sheet presented again within the reopen window
-- (400 ms by default, the profile's `reopenWindow`) after the previous
-- dismissal ended opens at full height, ignoring `presentationDetents`.
-- The workaround from the report waits 0.4 s after onDismiss; as a policy
-- (policies/reopen_after_window.lua) it queues a request made while the
-- window is open, and the engine presents it as the window closes.
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

local function openCloseReopen()
  set("show", true)
  advance(500)
  swipe()
  advance(250) -- the dismissal ends
  advance(100) -- 100 ms later, inside the window
  set("show", true)
end

profile("iphone17-ios18.0")
contentView()
openCloseReopen()
expect_eq(top().detent, "large", "B34: the reopen ignores its detents")
expect_eq(top().height, 802, "B34: full height")
local ignored = timeline({ kind = "modifierIgnored" })
expect_eq(ignored[1].rule, "B34", "B34: the timeline names the bug")

-- After the window it opens at its detent.
reset()
contentView()
set("show", true)
advance(500)
swipe()
advance(250 + 400)
set("show", true)
expect_eq(top().detent, "medium", "B34: after the window the detents apply")

-- 18.4 fixed it.
reset("iphone17-ios18.4")
contentView()
openCloseReopen()
expect_eq(top().detent, "medium", "B34: fixed in 18.4")

-- The workaround policy on 18.0: the request waits for the window to close.
reset { profile = "iphone17-ios18.0", policies = { "policies/reopen_after_window.lua" } }
contentView()
openCloseReopen()
expect_eq(#stack(), 0, "B34 workaround: held while the window is open")
expect_eq(#timeline({ kind = "queued" }), 1, "B34 workaround: queued")
advance(300)
expect_eq(#stack(), 1, "B34 workaround: presented as the window closes")
expect_eq(top().detent, "medium", "B34 workaround: with its detents")
expect_eq(get("show"), true, "B34 workaround: the binding follows")
