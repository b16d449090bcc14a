-- woocommerce-ios-16836: interactiveDismissDisabled() applied below the
-- root of the sheet's content (inside a NavigationStack) does not stop the
-- swipe down.
--
-- Source: woocommerce/woocommerce-ios #16836 (one report, 2026-03)
-- Reported: iOS 18 and later
-- Affected: ios18.0 to ios27 on every device (28 profiles)
-- Workaround: apply interactiveDismissDisabled() to the direct content of the .sheet closure
--
--   .sheet(isPresented: $show) {
--       NavigationStack { Form { ... }.interactiveDismissDisabled() }
--   }
--
-- Covers: B33

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
swipe()
advance()
expect(#stack() == 0, "woocommerce-ios-16836: the swipe dismisses a sheet that disables it below its root (B33)")

-- The workaround: the modifier on the content's root.
reset()
contentView("root")
set("show", true)
advance(500)
swipe()
advance()
expect_eq(#stack(), 1, "workaround: at the content's root it keeps the sheet up")

-- Closed, so that run --profiles compares the expectations, not each device's sizes.
dismiss()
advance()
