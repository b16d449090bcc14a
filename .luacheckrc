-- luacheck configuration for SheetLab's Lua: scenarios and policies.
-- Run `luacheck examples`. Scripts run on Lua 5.4; the SheetLab globals
-- below are documented in docs/api/sheetlab.lua and are read-only in
-- scripts (the host's globals cannot be assigned).

std = "lua54"

read_globals = {
  -- building
  "sheet", "fullScreenCover", "popover", "zoom", "view", "remove", "profile", "reset", "policy", "unload", "profile_flag", "os_at_least",
  -- acting
  "set", "get", "swipe", "drag", "release", "dismiss", "rotate", "tap_background", "tap_grabber", "focus_text_field", "advance",
  -- reading
  "binding", "now", "stack", "top", "state", "timeline", "events",
  -- reading, for sheetlab check
  "state_key", "oscillation_guard",
  -- expecting
  "invariant", "expect", "expect_eq", "expect_error",
  -- liveness properties (sheetlab check)
  "happens", "holds", "user_acts", "time_passes", "negate", "all_of", "any_of", "implies",
  "always", "eventually", "holds_until", "unless", "leads_to", "each",
}
