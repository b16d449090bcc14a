-- A queue policy with two bugs, for `sheetlab check` to catch (P05):
-- instead of holding a request it replaces what is shown, and after a sheet
-- closes it "restores" the one that closed. Two items then replace each
-- other forever with no user input: the oscillation seed 000 reports.
return {
  request = function(ctx)
    if ctx.phase ~= nil then
      return "replace"
    end
  end,
  dismissed = function(ctx)
    return { set = { [ctx.binding] = ctx.item } }
  end,
  invariants = { "no-request-lost" },
}
