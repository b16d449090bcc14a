-- B33: from iOS 18 `interactiveDismissDisabled` takes effect only at the
-- root of the sheet's content, as presentationDetents does (B21). One report
-- (woocommerce/woocommerce-ios #16836), so it is a profile flag:
-- `profile_flag("dismiss_disabled_at_root_only", false)` turns it off.
--
--   .sheet(isPresented: $show) {
--       NavigationStack { Form { ... }.interactiveDismissDisabled() }   // not the root
--   }
--
-- Covers: B33, B08

local function contentView(placement)
  view {
    name = "ContentView",
    state = { show = false },
    modifiers = {
      sheet {
        isPresented = "show",
        content = { text = "form", interactiveDismissDisabled = true, dismissDisabledPlacement = placement },
      },
    },
  }
end

profile("iphone17-ios18.4")
contentView("navigationStack")
set("show", true)
advance(500)
expect_eq(top().interactive_dismiss_disabled, false, "B33: below the root it has no effect on 18+")
expect(timeline({ kind = "modifierIgnored" })[1].detail:find("B33", 1, true), "B33: said when it opens")
swipe()
advance()
expect_eq(#stack(), 0, "B33: the swipe dismisses")

-- At the root it works.
reset()
contentView("root")
set("show", true)
advance(500)
swipe()
expect_eq(#timeline({ kind = "dismissPrevented" }), 1, "B08: at the root it prevents the swipe")

-- Before 18 it works wherever it is applied.
reset("iphone15-ios17")
contentView("navigationStack")
set("show", true)
advance(500)
swipe()
expect_eq(#timeline({ kind = "dismissPrevented" }), 1, "B33: before 18 placement does not matter")

-- The flag turns the rule off.
reset("iphone17-ios26")
profile_flag("dismiss_disabled_at_root_only", false)
contentView("navigationStack")
set("show", true)
advance(500)
swipe()
expect_eq(#timeline({ kind = "dismissPrevented" }), 1, "B33: with the flag off it works below the root")
