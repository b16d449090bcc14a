-- P03, seed 003 and Apple's documentation: the custom detent "bar".
--
--   struct BarDetent: CustomPresentationDetent {
--       static func height(in context: Context) -> CGFloat? {
--           max(44, context.maxDetentValue * 0.1)
--       }
--   }
--
-- Use it in a sheet's content as detents = { "custom(bar)", ... }.

return {
  detents = {
    bar = function(ctx)
      return math.max(44, ctx.max_detent_value * 0.1)
    end,
  },
}
