-- B39: a zoom-transition sheet in compact width. On iOS 26 it is a sheet;
-- it becomes a full-screen cover only with presentationSizing(.page) and
-- presentationCompactAdaptation(.fullScreen). Before 26 (a bug 26 fixed,
-- release notes 150455117) it presented as a full-screen cover.
--
-- Covers: B39

local function contentView(extra)
  local content = { text = "detail", navigationTransition = zoom { source = "photo" } }
  for k, v in pairs(extra or {}) do
    content[k] = v
  end
  view {
    name = "ContentView",
    state = { show = false },
    matchedTransitionSource = "photo",
    modifiers = { sheet { isPresented = "show", content = content } },
  }
end

profile("iphone17-ios26")
contentView()
set("show", true)
expect_eq(top().style, "sheet", "B39: on 26 a zoom sheet stays a sheet")

reset()
contentView { presentationSizing = "page", compactAdaptation = "fullScreen" }
set("show", true)
expect_eq(top().style, "fullScreen", "B39: page sizing + fullScreen adaptation: a cover")

reset("iphone17-ios18.4")
contentView()
set("show", true)
expect_eq(top().style, "fullScreen", "B39: before 26 it presented as a full-screen cover")
expect_eq(timeline({ kind = "presenting" })[1].rule, "B39", "B39: by this rule")
