-- P04, seed 004: one modifier pair for a sheet and a full-screen cover that
-- works on every OS version.
--
-- On iOS 14.4 and earlier only the last presentation modifier on a view
-- works (B10); from iOS 15 a modifier on a separate EmptyView never fires
-- (B11). The seed picks the attachment by OS version. This policy reaches
-- the same result whatever the attachment: a request that stock SwiftUI
-- would ignore because of where its modifier sits is presented anyway.

return {
  request = function(ctx)
    if ctx.blocked ~= nil then
      return "present"
    end
    return nil
  end,
}
