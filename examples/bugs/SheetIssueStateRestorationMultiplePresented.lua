-- SheetIssueStateRestorationMultiplePresented: nested sheets restored in one
-- update (@SceneStorage) are not all presented; the deeper one stays blocked,
-- its binding set, until the one below closes.
--
-- Source: VAndrJ/awesome-apple-bugs Bugs/SheetIssueStateRestorationMultiplePresented (reproduction, Solution.swift)
-- Reported: iOS 16.0-18.3
-- Affected: ios16 to ios18.0 on every device (28 profiles)
-- Workaround: present each level 500 ms after the one below
-- Workaround policy: ../behaviours/policies/present_nested_later.lua
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
expect(
  #stack() == 1 and get("second") == true,
  "SheetIssueStateRestorationMultiplePresented: the deeper sheet is not presented, its binding set (B35)"
)

-- The workaround as a policy: the nested request waits for the level below.
reset { policies = { "../behaviours/policies/present_nested_later.lua" } }
restoredViews()
set { first = true, second = true }
advance()
advance()
expect_eq(#stack(), 2, "workaround: both levels are presented")

-- Closed, so that run --profiles compares the expectations, not each device's sizes.
dismiss("FirstView")
advance()
