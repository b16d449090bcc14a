-- A custom detent that depends on the sheet's own height (B32): it asks for
-- 20 pt more than the sheet has, so it never settles where layouts repeat.
return {
  detents = {
    grow = function(ctx)
      return math.min(ctx.max_detent_value, ctx.sheet_height * 0.5 + 20)
    end,
  },
}
