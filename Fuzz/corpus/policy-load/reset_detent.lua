-- P02, seed 003: reopen a sheet at height(200) every time.
--
-- With a selection binding, a sheet reopens at the detent it had when it
-- was closed (B24). The seed puts it back in `onDismiss`; this policy does it
-- for every sheet with a selection binding, once the sheet has closed.

local RESET_TO = "height(200)"

return {
  dismissed = function(ctx)
    if ctx.selection == nil then
      return nil
    end
    return { set = { [ctx.selection] = RESET_TO } }
  end,
}
