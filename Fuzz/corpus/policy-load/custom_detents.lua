-- Custom detents for B17_custom_detents.lua (not a seed policy).
--
--   struct TallDetent: CustomPresentationDetent {
--       static func height(in context: Context) -> CGFloat? {
--           context.verticalSizeClass == .compact ? nil : context.maxDetentValue * 0.6
--       }
--   }

return {
  detents = {
    -- nil in compact height: the detent is inactive there.
    tall = function(ctx)
      if ctx.vertical_size_class == "compact" then
        return nil
      end
      return ctx.max_detent_value * 0.6
    end,
    -- taller than the screen: clamped to maxDetentValue.
    huge = function(ctx)
      return ctx.max_detent_value * 2
    end,
  },
}
