---@meta
-- SheetLab's Lua API, for lua-language-server (LuaCATS annotations).
-- Scenario files, the REPL and `sheetlab serve` share these functions.
-- Declarations mirror SwiftUI's spelling (isPresented, onDismiss, ...);
-- data handed to scripts (stack entries, events, policy contexts) uses
-- Lua's snake_case.

---A state slot: "View.slot", or a bare "slot". In a modifier (isPresented, item), a content table's
---`selection` and `c.binding`, a bare name is the presenting view's own slot; in `set`, `get` and
---`binding` outside content, it must name a slot that exactly one view has.
---@alias sheetlab.Slot string

---A detent in text form: "medium", "large", "fraction(0.75)", "height(200)", "custom(bar)".
---@alias sheetlab.Detent string

---A value in state: nil, a boolean, a number, a UTF-8 string, or a table that is a list or has
---string keys, of such values, nested at most 64 levels. Copied as a tree: a table that appears
---several times counts each time against the memory limit.
---@alias sheetlab.Value nil|boolean|number|string|table

---@class sheetlab.ContentContext
---@field item sheetlab.Value The item of a `sheet(item:)` presentation (fresh, B14).
---@field state table<string, sheetlab.Value> The presenter's state as captured by its last `body` evaluation (may be stale, B13).
---@field presenter string The view whose modifier presents this content.
---@field detent sheetlab.Detent|nil The presentation's current detent.
---@field binding fun(slot: sheetlab.Slot): sheetlab.Value Reads a slot live, as a `Binding` passed to a child view does (B14).

---What a content function returns (or just a string: the text).
---@class sheetlab.Content
---@field text? string What the sheet shows.
---@field view? sheetlab.View A view inside the sheet, with its own state and modifiers (nesting, B05).
---@field presentationDetents? sheetlab.Detent[] Detents (B17); needs iOS 16 (B28).
---@field selection? sheetlab.Slot Detent selection binding (B23, B24).
---@field placement? "root"|"container"|"navigationStack"|"notLoaded" Where presentationDetents is applied (B21). Default "root".
---@field interactiveDismissDisabled? boolean (B08)
---@field dismissDisabledPlacement? "root"|"container"|"navigationStack"|"notLoaded" Where interactiveDismissDisabled is applied; from iOS 18 only "root" works (B33). Default "root".
---@field backgroundInteraction? sheetlab.Detent `.enabled(upThrough:)` (B27, iOS 16.4).
---@field compactAdaptation? "automatic"|"sheet"|"fullScreen" `presentationCompactAdaptation` (B20, iOS 16.4; B39).
---@field presentationSizing? "form"|"page"|"fitted" Size in regular width (B30, iOS 18); default form from 18, page before.
---@field fittedHeight? number The height the content asks for, for `presentationSizing = "fitted"` and popovers (B30).
---@field sticky? {vertical: boolean} `.form.sticky(vertical: true)` (18+): the form sheet grows with `fittedHeight` and never shrinks (B47).
---@field textField? boolean The content has a text field `focus_text_field()` can focus (B48).
---@field buttons? table<string, fun()> Buttons by label with their actions; a drag can start on one, `drag(h, { button = "Buy" })` (B51).
---@field navigationTransition? "crossFade"|"automatic"|table `zoom{ source = "id" }` (B38, 18+) or "crossFade" (B45, 27).
---@field presentationPlacement? "automatic"|"center"|"leading"|"trailing" Where a sheet sits (B44, iOS 27).
---@field onDisappear? fun() Runs when the dismiss transition ends (B46).
---@field environmentObject? string[] Environment object types passed explicitly (B16).
---@field uses? string[] Environment object types the content reads (B16).
---@field onAppear? fun() Runs when the present transition ends.

---@class sheetlab.Modifier
---@field isPresented? sheetlab.Slot A Boolean binding.
---@field item? sheetlab.Slot An optional item binding; items are tables with an `id`, or strings/numbers.
---@field onDismiss? fun() Runs when the dismissal has finished (B02).
---@field content? fun(c: sheetlab.ContentContext): (sheetlab.Content|string)|sheetlab.Content|string
---@field attach? string Attach to a separate EmptyView with this name instead of the view (B11).
---@field toolbarItem? string Attach to the view's toolbar item with this name (B38, B40).

---@class sheetlab.View
---@field name string Unique view name, e.g. "ContentView".
---@field parent? string Add under this view instead of as a root view.
---@field state? table Slots: array entries are names starting as nil; `name = value` entries set an initial value.
---@field reads? string[] Slots `body` reads outside any sheet content (B13).
---@field onChange? table `{ "slot" }` or `{ slot = function(value) end }` (B14).
---@field environmentObject? string[] Environment object types this view provides (B16).
---@field modifiers? sheetlab.Modifier[] Presentation modifiers, in the order applied (B10).
---@field children? sheetlab.View[] Child views.
---@field environment? table<string, sheetlab.Value> Environment values this view sets for its subtree, e.g. `{ controlSize = "large" }` (B43).
---@field observable? table<string, string> Slots that are properties of an `@Observable` model, by the model's type name: `{ count = "Model" }` (B15).
---@field matchedTransitionSource? string|string[]|table Ids this view is marked with as a zoom source (B38, 18+); `{ id = "photo", after = "drawingGroup" }` (or `"hoverEffect"`) marks it after a modifier that, on 26, leaves the zoom nothing to match, as two views marked with one id do (B52).
---@field toolbarTransitionSource? string|string[] Ids its toolbar items are marked with as zoom sources (B38, 26+).

---@class sheetlab.Presentation
---@field level integer 1 at the bottom of the stack.
---@field presenter string
---@field modifier string e.g. "sheet(item:)"
---@field kind "sheet"|"fullScreenCover"|"popover"
---@field phase "presenting"|"presented"|"dismissing"
---@field ends integer|nil When the running transition ends (ms).
---@field item sheetlab.Value
---@field item_id string|nil
---@field style "sheet"|"formSheet"|"popover"|"fullScreen"
---@field detent sheetlab.Detent|nil
---@field height number Points.
---@field detents {detent: sheetlab.Detent, height: number}[] Active detents, smallest first.
---@field text string What the content shows.
---@field animated boolean Whether its dismiss transition animates: only the top one of a dismissed group does (B06).
---@field sizing "form"|"page"|"fitted"|nil A form sheet's size (B30).
---@field placement "inset"|"edgeAttached"|nil A sheet's placement: inset with glass below full height on 26+ (B36, B37).
---@field frame {x: number, y: number, width: number, height: number} Where it is drawn, in points from the top left.
---@field transition "standard"|"zoom"|"crossFade" How it presents (B38, B45).
---@field transition_source string|nil The zoom source's id.
---@field presentation_placement string|nil `presentationPlacement` as the content asks (B44).
---@field environment table<string, sheetlab.Value> Environment values the content sees (B43).
---@field interactive_dismiss_disabled boolean Whether interactiveDismissDisabled takes effect (B08, B33).

---@class sheetlab.Event
---@field index integer Position on the timeline, from 1.
---@field time integer ms
---@field kind string e.g. "presenting", "requestLost"
---@field severity "info"|"warning"|"error"
---@field presenter string|nil
---@field modifier string|nil
---@field item string|nil
---@field phase string|nil
---@field detent string|nil
---@field height number|nil
---@field source string|nil Who decided: "stock" or a policy's name.
---@field rule string|nil The behaviour rule that produced it, e.g. "B05".
---@field confidence string|nil That rule's confidence: "apple-doc", "field", "single", "seed" or "assumption".
---@field placement "inset"|"edgeAttached"|nil A sheet's placement after the event (B36, B37).
---@field frame {x: number, y: number, width: number, height: number}|nil Where the presentation is drawn after the event.
---@field animated boolean|nil Whether the change animates, on events that move or change a sheet (presenting, dismissing, removed, detent, height, placement changes); false where the rule says it does not (B06, B09, B41).
---@field detail string

---Focuses a text field in the top sheet's content (`textField = true`): on 26 a sheet at a smaller detent moves to its largest, animated, as a user change (B48).
function focus_text_field() end

---Builds a `sheet` modifier.
---@param m sheetlab.Modifier
---@return sheetlab.Modifier
function sheet(m) end

---Builds a `fullScreenCover` modifier.
---@param m sheetlab.Modifier
---@return sheetlab.Modifier
function fullScreenCover(m) end

---Builds a `popover` modifier: a popover in regular width, a sheet in compact width (B40).
---@param m sheetlab.Modifier
---@return sheetlab.Modifier
function popover(m) end

---A zoom transition for `navigationTransition`: `zoom{ source = "id" }` (B38).
---@param t {source: string}
---@return table
function zoom(t) end

---Adds a view (and its children) to the app.
---@param v sheetlab.View
---@return string name
function view(v) end

---Removes a view and its subtree (B09).
---@param name string
function remove(name) end

---Chooses the device and OS, e.g. "iphone15-ios17"; before the first view. With no argument, returns the current profile's numbers.
---Under `sheetlab run --profiles` the compared profile wins: the name is checked but not used (reset(name) still switches).
---@param name? string
---@return {name: string, device: string, os: string, orientation: string, width: number, height: number, max_detent_value: number}
function profile(name) end

---Starts a fresh app (on another profile if given), keeping the loaded policies.
---With a table, `policies` replaces the loaded policies (`{}`: stock SwiftUI), so one
---scenario can compare stock and a policy: `reset{ policies = { "../policies/queue.lua" } }`.
---@param options? string|{profile?: string, policies?: string[]}
function reset(options) end

---Loads (or reloads) a policy file; relative paths are relative to the scenario file.
---Two files with the same name in different folders are two policies.
---Only a regular file of at most 1 MiB (--max-source), from the scenario's folder and below, the current
---folder when the scenario is in it, or the paths the command line allows (--policy, --allow-path DIR).
---@param path string
---@return string name
function policy(path) end

---Switches a profile flag: a rule whose sources are thin or disagree (`sheetlab profiles --rules` lists
---them: strict_environment, dismiss_disabled_at_root_only, restored_nested_blocked,
---popover_dismiss_hides_sheet). Before the first view, like profile(); `on` defaults to true.
---@param name string
---@param on? boolean
---@return {name: string, device: string, os: string, orientation: string, width: number, height: number, max_detent_value: number}
function profile_flag(name, on) end

---Unloads a loaded policy, by its path (as given to policy) or by its name when only one has it.
---@param path_or_name string
function unload(path_or_name) end

---Whether the profile's OS version is at least `version` (for compatibility wrappers, B28).
---@param version string
---@return boolean
function os_at_least(version) end

---Sets state as a button's action does. `set{ a = 1, b = 2 }` writes several slots in one update
---(in alphabetical order of their names); `set{ {"a", 1}, {"a", 2} }` writes them in the order given,
---so the last write to a slot wins (B12).
---@overload fun(writes: table<sheetlab.Slot, sheetlab.Value>)
---@param slot sheetlab.Slot
---@param value sheetlab.Value
function set(slot, value) end

---Reads a slot.
---@param slot sheetlab.Slot
---@return sheetlab.Value
function get(slot) end

---Swipes the top presentation down (B08).
function swipe() end

---Drags the top sheet to a height in points (B25 with one detent, B26 with several).
---@param height number
---`options.button`: the label of a content button (`buttons = { Buy = function() ... end }`) the drag starts on; from 18.0 its action still runs when the drag ends (B51).
---@param options {button: string}|nil
function drag(height, options) end

---Releases a drag with a velocity in points per second, positive downwards (B26).
---@param velocity? number
function release(velocity) end

---Calls the DismissAction of the presentation `view` is in; the top one when omitted (B07).
---@param view? string
function dismiss(view) end

---Rotates the device.
---@param orientation "portrait"|"landscape"
function rotate(orientation) end

---Taps the presenter behind the top sheet (B27).
---@return boolean reached
function tap_background() end

---Taps the top sheet's drag indicator: it moves to the next larger detent (from the largest to
---the smallest), animated, as the user's change (B42).
function tap_grabber() end

---Lets `ms` milliseconds pass; with no argument, until no transition is running.
---@param ms? integer
function advance(ms) end

---Reads a slot live. Inside a content function, a bare name is the presenter's slot and
---the content updates when it changes, as with a `Binding` passed to a child view (B14);
---elsewhere it is the same as `get`.
---@param slot sheetlab.Slot
---@return sheetlab.Value
function binding(slot) end

---Virtual time in ms.
---@return integer
function now() end

---The modal stack, bottom first.
---@return sheetlab.Presentation[]
function stack() end

---The top presentation, or nil.
---@return sheetlab.Presentation|nil
function top() end

---Everything observable: time, profile, orientation, presentations, views, held requests.
---@return table
function state() end

---Which events to return: each field must equal the event's; `since = N` keeps only events
---after index N. Unknown fields, unknown kinds, severities or phases, and values of the wrong
---type are errors at the call (`item = 0` is one: item ids are strings, `item = "0"`).
---@class sheetlab.EventFilter
---@field since? integer Only events after this index (1-based, on the current app's timeline).
---@field index? integer
---@field time? integer ms
---@field kind? string An event kind, e.g. "requestLost".
---@field severity? "info"|"warning"|"error"
---@field presenter? string
---@field modifier? string
---@field item? string
---@field phase? "presenting"|"presented"|"dismissing"
---@field detent? string
---@field height? number
---@field source? string
---@field rule? string A behaviour id, e.g. "B05".
---@field detail? string

---Events on the timeline: all of them, those after index `since`, or those a filter
---matches, e.g. `timeline{ kind = "requestLost" }`, `timeline{ kind = "set", since = 4 }`.
---@param since_or_filter? integer|sheetlab.EventFilter
---@return sheetlab.Event[]
function timeline(since_or_filter) end

---Events since the previous call of `events()` (or the start), those a filter matches when given.
---@param filter? sheetlab.EventFilter
---@return sheetlab.Event[]
function events(filter) end

---Checks a built-in invariant ("one-per-presenter", "binding-agrees", "no-oscillation",
---"no-request-lost", "detent-in-range", "no-hook-error") or one a loaded policy declares,
---on the state now and the whole timeline. `expect(invariant("no-request-lost"))`.
---@param name string
---@return boolean ok
---@return string|nil message What breaks it.
function invariant(name) end

---Records a failure (file:line, message) when `condition` is false; the scenario goes on.
---@param condition any
---@param message? string
function expect(condition, message) end

---Records a failure when `seen` and `expected` differ (deep comparison), showing both.
---@param seen any
---@param expected any
---@param message? string
function expect_eq(seen, expected, message) end

---Expects an error event (`policyError`, `contentError` or `actionError`) that the filter
---matches, since the start of the run, across `reset()`, or since the previous `expect_error`.
---Records a failure (file:line, message, the error events seen) when none happened; marks the
---matched ones as expected, so `sheetlab test --strict` does not count them.
---`expect_error{ kind = "contentError" }`. A kind that is no error kind is an error.
---@param filter sheetlab.EventFilter
---@param message? string
---@return sheetlab.Event[] matched The matched events (indices on the timeline of their app).
function expect_error(filter, message) end

---What `sheetlab check` tells states apart by (the clock aside), as text: two readings are
---equal when the app is in the same situation. Liveness counterexamples use it to show that a
---cycle comes back to where it started.
---@return string
function state_key() end

---Turns the engine's oscillation guard (P05) off (`false`) or back on (`true`). Liveness
---counterexamples of `sheetlab check` turn it off, as liveness is checked without it.
---@param on boolean
function oscillation_guard(on) end

---A liveness formula, made by the functions below; where one is expected, `true`, `false`
---and a function of the state (as `holds`) are accepted too. A position of a run is a step
---and the state it reaches (the first: the set-up, no step).
---@class sheetlab.Formula
---@field ltl string

---True at steps that produce an event the filter matches (`since`, `index` and `time` are
---not allowed: a property reads every step).
---@param filter sheetlab.EventFilter
---@return sheetlab.Formula
function happens(filter) end

---True at positions whose state (the table `state()` gives) the function finds truthy.
---@param predicate fun(state: table): any
---@return sheetlab.Formula
function holds(predicate) end

---True at steps that are user actions (not waits).
---@return sheetlab.Formula
function user_acts() end

---True at steps in which time passes (waits).
---@return sheetlab.Formula
function time_passes() end

---Not `f`.
---@param f sheetlab.Formula|boolean|function
---@return sheetlab.Formula
function negate(f) end

---All of the formulas.
---@param ... sheetlab.Formula|boolean|function
---@return sheetlab.Formula
function all_of(...) end

---Any of the formulas.
---@param ... sheetlab.Formula|boolean|function
---@return sheetlab.Formula
function any_of(...) end

---`a` is false, or `b` is true.
---@param a sheetlab.Formula|boolean|function
---@param b sheetlab.Formula|boolean|function
---@return sheetlab.Formula
function implies(a, b) end

---`f` holds here and at every later position.
---@param f sheetlab.Formula|boolean|function
---@return sheetlab.Formula
function always(f) end

---`f` holds here or at some later position.
---@param f sheetlab.Formula|boolean|function
---@return sheetlab.Formula
function eventually(f) end

---`b` holds eventually, and `a` holds at every position before it (strong until).
---@param a sheetlab.Formula|boolean|function
---@param b sheetlab.Formula|boolean|function
---@return sheetlab.Formula
function holds_until(a, b) end

---`a` holds until `b` does, or forever (weak until).
---@param a sheetlab.Formula|boolean|function
---@param b sheetlab.Formula|boolean|function
---@return sheetlab.Formula
function unless(a, b) end

---Whenever `p` holds, `q` holds then or later: `always(implies(p, eventually(q)))`. With a
---function for `q` and `happens{...}` for `p`, each distinct matching event gets its own
---goal: `leads_to(happens{ kind = "request" }, function(e) return happens{ kind = "presenting", item = e.item } end)`.
---@param p sheetlab.Formula|boolean|function
---@param q sheetlab.Formula|boolean|fun(event: sheetlab.Event): sheetlab.Formula
---@return sheetlab.Formula
function leads_to(p, q) end

---For each distinct event of a run that `pattern` matches, the formula `f` makes from it, read
---from the start of the run (all of them must hold).
---@param pattern sheetlab.Formula A `happens{...}`.
---@param f fun(event: sheetlab.Event): sheetlab.Formula
---@return sheetlab.Formula
function each(pattern, f) end

---A policy file returns a table of hooks; every hook is optional.
---@class sheetlab.Policy
---@field request? fun(ctx: sheetlab.RequestContext): ("present"|"queue"|"drop"|"replace"|nil)
---@field dismissed? fun(ctx: sheetlab.DismissedContext): ("present_next"|"hold"|"drop_held"|{held?: string, set?: table<sheetlab.Slot, sheetlab.Value>}|nil)
---@field settle? fun(ctx: sheetlab.SettleContext): (sheetlab.Detent|"dismiss"|nil)
---@field should_dismiss? fun(ctx: sheetlab.ShouldDismissContext): boolean|nil
---@field detents? table<string, fun(ctx: sheetlab.DetentContext): number|nil>
---@field invariants? table Functions by name `fun(state: table): (boolean, string?)` checked by `sheetlab check`; array entries name built-in invariants the policy claims, e.g. `{ "no-request-lost" }`.
---@field properties? table<string, sheetlab.Formula> Liveness properties by name that `sheetlab check` checks (docs/check.md).

---Readable during the hook's call only: a `ctx` kept and read later raises an error (copy the fields you need).
---@class sheetlab.RequestContext
---@field time integer
---@field presenter string
---@field kind "sheet"|"fullScreenCover"|"popover"
---@field modifier string
---@field binding string
---@field item sheetlab.Value
---@field item_id string|nil
---@field phase "presenting"|"presented"|"dismissing"|nil What this modifier shows now, if anything.
---@field current_item_id string|nil
---@field held integer Requests this modifier holds.
---@field busy_with string|nil Another presentation occupying the presenter (B05).
---@field blocked "last_modifier_wins"|"empty_view_host"|"restored_nested"|nil Why stock SwiftUI would not present at all (B10, B11, B35; "queue" waits for a restored_nested block to pass).
---@field reopen_window_left integer|nil ms left of the window after this modifier's last dismissal in which a reopen ignores detents (18.0-18.3, B34); "queue" waits for it.
---@field stock "present"|"replace" What stock SwiftUI does.
---@field os string

---@class sheetlab.DismissedContext
---@field time integer
---@field presenter string
---@field kind "sheet"|"fullScreenCover"|"popover"
---@field modifier string
---@field binding string
---@field item sheetlab.Value
---@field item_id string|nil
---@field cause "interactive"|"binding"|"dismissAction"|"replaced"|"nested"
---@field held sheetlab.Value[] Requests still held, oldest first.
---@field detent sheetlab.Detent|nil
---@field selection sheetlab.Slot|nil The detent selection binding, "View.slot".
---@field os string

---@class sheetlab.SettleContext
---@field presenter string
---@field height number
---@field velocity number
---@field projected number
---@field detents {detent: sheetlab.Detent, height: number}[]
---@field current sheetlab.Detent|nil
---@field can_dismiss boolean
---@field stock string A detent or "dismiss".

---@class sheetlab.ShouldDismissContext
---@field presenter string
---@field kind "sheet"|"fullScreenCover"|"popover"
---@field item sheetlab.Value
---@field item_id string|nil
---@field detent sheetlab.Detent|nil

---@class sheetlab.DetentContext
---@field max_detent_value number
---@field sheet_height number The sheet's own height now (its maximum while it opens), for a detent that depends on it (B32).
---@field horizontal_size_class "compact"|"regular"
---@field vertical_size_class "compact"|"regular"
