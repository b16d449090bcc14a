-- B36: on iOS 26 (Liquid Glass) a sheet below full height is inset from the
-- screen's edges, 8 pt left, right and bottom, with a glass background; at
-- full height it is edge-attached and opaque, and the change animates with
-- the detent. top() and the JSON timeline report `placement` and `frame`.
-- The 8 pt come from one measured view tree: an assumption of the profile.
--
-- Covers: B36

local function contentView()
  view {
    name = "ContentView",
    state = { show = false, detent = "medium" },
    modifiers = {
      sheet {
        isPresented = "show",
        content = { text = "glass", presentationDetents = { "medium", "large" }, selection = "detent" },
      },
    },
  }
end

profile("iphone17-ios26") -- 402 x 874, maxDetentValue 812
contentView()
set("show", true)
advance(500)
expect_eq(top().placement, "inset", "B36: below full height: inset")
expect_eq(top().frame, { x = 8, y = 874 - 406 - 8, width = 386, height = 406 }, "B36: 8 pt from the edges")
local presented = timeline({ kind = "presented" })[1]
expect_eq(presented.placement, "inset", "B36: the timeline reports the placement")
expect_eq(presented.frame.width, 386, "B36: and the frame")

set("detent", "large")
expect_eq(top().placement, "edgeAttached", "B36: at full height: edge-attached")
expect_eq(top().frame, { x = 0, y = 62, width = 402, height = 812 }, "B36: from the top safe area down")
local changed = timeline({ kind = "placementChanged" })
expect_eq(#changed, 1, "B36: the change is reported")
expect(changed[1] ~= nil and changed[1].detail:find("inset -> edgeAttached", 1, true), "B36: inset to edge-attached")

-- Before 26 every sheet is edge-attached.
reset("iphone17-ios18.4")
contentView()
set("show", true)
expect_eq(top().placement, "edgeAttached", "B36: before 26 edge-attached")
expect_eq(top().frame.x, 0, "B36: across the whole width")
