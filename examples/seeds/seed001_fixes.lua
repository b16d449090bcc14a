-- Seed 001's four fixes: each makes the sheet show "表示中".
--   1. read the state elsewhere in body (Text(isPresented.description));
--   2. observe it with .onChange(of: isPresented) {};
--   3. use sheet(item:), which hands the item to the content;
--   4. pass a Binding to a child view used as the content.
-- In 1 and 2 body is evaluated again, and _printChanges() prints
-- "ContentView: _isPresented changed.".
--
-- Covers: B14, B15

local function label(on) return on and "表示中" or "表示してないよ" end

-- 1. VStack { Button(...); Text(isPresented.description) }.sheet(...)
view {
  name = "ContentView",
  state = { isPresented = false },
  reads = { "isPresented" }, -- Text(isPresented.description)
  modifiers = {
    sheet {
      isPresented = "isPresented",
      content = function(c) return label(c.state.isPresented) end,
    },
  },
}
set("isPresented", true)
advance(500)
expect_eq(top().text, "表示中", "B14 fix 1: body reads the state elsewhere")
local changes = timeline({ kind = "bodyEvaluated" })
expect_eq(#changes, 1, "B15: body was evaluated once")
expect_eq(changes[1].detail, "ContentView: _isPresented changed.", "B15: the _printChanges() line")

-- 2. .onChange(of: isPresented, initial: false) {}
reset()
view {
  name = "ContentView",
  state = { isPresented = false },
  onChange = { "isPresented" }, -- an empty action is enough
  modifiers = {
    sheet {
      isPresented = "isPresented",
      content = function(c) return label(c.state.isPresented) end,
    },
  },
}
set("isPresented", true)
advance(500)
expect_eq(top().text, "表示中", "B14 fix 2: onChange(of:) makes body depend on the state")
expect_eq(#timeline({ kind = "onChange" }), 1, "B14: the observer ran")
expect_eq(timeline({ kind = "bodyEvaluated" })[1].detail, "ContentView: _isPresented changed.",
  "B15: _printChanges() reports it")

-- 3. .sheet(item: $item) { item in Text(item.text) }
reset()
view {
  name = "ContentView",
  state = { "item" },
  modifiers = {
    sheet {
      item = "item",
      content = function(c) return c.item.text end, -- the item is passed in, fresh
    },
  },
}
set("item", { id = "E621E1F8", text = "表示中" }) -- Item(text: "表示中"), a UUID id
advance(500)
expect_eq(top().text, "表示中", "B14 fix 3: sheet(item:) passes the item to the content")
expect_eq(#timeline({ kind = "bodyEvaluated" }), 0, "B14: without evaluating body again")

-- 4. .sheet(isPresented: $isPresented) { SheetView(isPresented: $isPresented) }
reset()
view {
  name = "ContentView",
  state = { isPresented = false },
  modifiers = {
    sheet {
      isPresented = "isPresented",
      -- @Binding var isPresented: c.binding reads the slot live
      content = function(c) return label(c.binding("isPresented")) end,
    },
  },
}
set("isPresented", true)
advance(500)
expect_eq(top().text, "表示中", "B14 fix 4: a Binding passed to the child view reads the live value")
expect_eq(#timeline({ kind = "bodyEvaluated" }), 0, "B14: again without evaluating body")
