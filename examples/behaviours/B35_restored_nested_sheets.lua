-- B35: on iOS 16.0-18.3, when nested presentations are requested in one
-- update (state restoration sets both bindings at once), only the first is
-- presented; the deeper request stays blocked, its binding set, until the
-- first closes. A profile flag (`restored_nested_blocked`). The workaround
-- from the report presents each level 500 ms after the one below; as a
-- policy (policies/present_nested_later.lua) it queues a blocked request,
-- and the engine presents it once the level below has finished presenting.
--
-- Covers: B35

local function restoredViews()
  view {
    name = "ContentView",
    state = { first = false, second = false },
    modifiers = {
      sheet {
        isPresented = "first",
        content = {
          text = "first",
          view = {
            name = "FirstView",
            modifiers = { sheet { isPresented = "ContentView.second", content = "second" } },
          },
        },
      },
    },
  }
end

profile("iphone17-ios18.0")
restoredViews()
set { first = true, second = true } -- restored in one update
advance()
expect_eq(#stack(), 1, "B35: only the first is presented")
expect_eq(get("second"), true, "B35: the deeper binding stays set")
local ignored = timeline({ kind = "modifierIgnored" })
expect_eq(ignored[1].rule, "B35", "B35: the timeline names the bug")

-- 18.4 fixed it.
reset("iphone17-ios18.4")
restoredViews()
set { first = true, second = true }
advance()
expect_eq(#stack(), 2, "B35: fixed in 18.4")

-- The flag turns it off on 18.0.
reset("iphone17-ios18.0")
profile_flag("restored_nested_blocked", false)
restoredViews()
set { first = true, second = true }
advance()
expect_eq(#stack(), 2, "B35: with the flag off both present")

-- The workaround policy on 18.0: the nested request waits for the level below.
reset { profile = "iphone17-ios18.0", policies = { "policies/present_nested_later.lua" } }
restoredViews()
set { first = true, second = true }
expect_eq(#stack(), 1, "B35 workaround: held while the first presents")
advance(500)
expect_eq(#stack(), 2, "B35 workaround: presented once the first has")
