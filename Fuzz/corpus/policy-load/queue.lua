-- P01, seed 000: queue a reopen while the sheet is still closing.
--
-- Stock SwiftUI loses an item written while a sheet is dismissing: the
-- binding is overwritten with nil when the transition ends (B03). Seed 000's
-- `SheetItemState` keeps the request as "next" and presents it the moment
-- the sheet has closed. This policy does the same:
--   * nothing on screen from this modifier: stock (present now);
--   * something shown or closing, nothing held yet: hold it ("queue");
--   * one already held: drop the newcomer, as the seed's `nextItem` does.
-- The engine gives every held request its own identity, so tapping the same
-- item again reopens it (the seed's UUID `Wrapper`). When the dismissal
-- ends, the stock answer of `dismissed` presents the oldest held request.

return {
  -- `sheetlab check` holds this policy to its promise: no request is lost.
  invariants = { "no-request-lost" },

  request = function(ctx)
    if ctx.phase == nil then
      return nil
    end
    if ctx.held > 0 then
      return "drop"
    end
    return "queue"
  end,
}
