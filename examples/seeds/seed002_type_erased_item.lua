-- Seed 002: one sheet(item:) slot fed by several view models through a
-- type-erased item, AnyIdentifiableView, whose id is the id of the view it
-- wraps.
--
--   @State var presentation: AnyIdentifiableView? = nil
--   .sheet(item: $presentation) { $0 }
--   viewModel1.$presentation.map { AnyIdentifiableView(view: $0) }.assign(to: \.presentation, on: self)
--   viewModel2.$presentation.map { AnyIdentifiableView(view: $0) }.assign(to: \.presentation, on: self)
--
-- The last write wins; identity decides what happens next: the same id
-- updates the sheet in place, another id closes it (onDismiss runs) and then
-- presents the new one.
--
-- Covers: B12, B04

-- AnyIdentifiableView(view:): keeps the wrapped view's id and body.
local function AnyIdentifiableView(v)
  return { id = v.id, body = v.body }
end

local dismissals = 0
view {
  name = "ContentView",
  state = { "presentation" },
  modifiers = {
    sheet {
      item = "presentation",
      onDismiss = function() dismissals = dismissals + 1 end,
      content = function(c) return c.item.body end, -- { $0 }
    },
  },
}

-- Both view models publish in the same update: the writes land in order.
set {
  { "presentation", AnyIdentifiableView { id = "ProfileView", body = "Profile (viewModel1)" } },
  { "presentation", AnyIdentifiableView { id = "SettingsView", body = "Settings (viewModel2)" } },
}
expect_eq(#stack(), 1, "B12: one presentation, not two")
expect_eq(top().item_id, "SettingsView", "B12: the last write wins")
expect_eq(#timeline({ kind = "presenting" }), 1, "B12: the first write never shows")
advance(500)

-- viewModel1 now publishes a view with the same id: updated in place.
set("presentation", AnyIdentifiableView { id = "SettingsView", body = "Settings (viewModel1)" })
expect_eq(top().phase, "presented", "B04: same id, no transition")
expect_eq(top().text, "Settings (viewModel1)", "B04: the content is updated in place")
expect_eq(#timeline({ kind = "contentUpdated" }), 1, "B04: reported as a content update")
expect_eq(#timeline({ kind = "dismissing" }), 0, "B04: nothing was dismissed")

-- viewModel2 publishes another view: the sheet closes, then the new one opens.
set("presentation", AnyIdentifiableView { id = "ProfileView", body = "Profile (viewModel2)" })
expect_eq(top().phase, "dismissing", "B04: a different id dismisses the current sheet first")
expect_eq(top().item_id, "SettingsView")
advance(500)
expect_eq(dismissals, 1, "B04: onDismiss runs for the old sheet")
expect_eq(top().phase, "presenting", "B04: then the new item is presented")
expect_eq(top().item_id, "ProfileView", "B12: the id is the wrapped view's id")
advance(500)
expect_eq(top().text, "Profile (viewModel2)")
expect_eq(get("presentation"), { id = "ProfileView", body = "Profile (viewModel2)" },
  "B04: the binding holds the new item")
