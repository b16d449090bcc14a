// The C half of LuaRuntime: what must not be Swift because it runs inside
// the Lua VM (allocator, budget hook, library replacements that raise Lua
// errors) or on another thread (the watchdog).
//
// Every function here that takes a lua_State is safe to call from Swift
// outside a protected call: none of them raises a Lua error (they report
// failure through their result instead).
#ifndef SHEETLAB_CLUASUPPORT_H
#define SHEETLAB_CLUASUPPORT_H

#include <stddef.h>
#include <stdint.h>

struct lua_State;

/// One sandboxed Lua state with its allocator, budget guard and host hooks.
typedef struct sl_runtime sl_runtime;

/// Why a guarded call was stopped from outside.
enum {
    SL_STOP_NONE = 0,
    SL_STOP_BUDGET = 1,
    SL_STOP_INTERRUPT = 2,
};

/// What a host dispatcher returns besides a result count (>= 0). In the
/// first two error cases the dispatcher has pushed the message; the
/// trampoline raises it once the Swift frames are gone.
enum {
    /// Raise the message, prefixed with the caller's position ("file:line: ").
    SL_HOST_ERROR = -1,
    /// Raise the message as it is (it already carries a position).
    SL_HOST_ERROR_RAW = -2,
    /// Raise Lua's memory error (nothing pushed): the host ran out of the
    /// script's memory while working for it (pushing its results, say).
    SL_HOST_ERROR_MEMORY = -3,
};

/// Called by the trampoline for a host function; `index` names the function.
/// Returns a result count, or SL_HOST_ERROR / SL_HOST_ERROR_RAW / SL_HOST_ERROR_MEMORY.
typedef int (*sl_host_dispatch)(struct lua_State *L, void *context, int index);
/// Receives a complete line of text (print output, a warning).
typedef void (*sl_text_sink)(void *context, const char *bytes, size_t length);

// MARK: Life cycle

/// Opens a sandboxed state. Returns NULL if the state cannot be created.
sl_runtime *sl_runtime_open(size_t memory_limit);
/// Closes the state (with the budget hook armed, so no script code runs) and
/// drops the opener's reference.
void sl_runtime_close(sl_runtime *rt);
/// Keeps the runtime's memory alive for another owner (an interrupt handle).
void sl_runtime_retain(sl_runtime *rt);
void sl_runtime_release(sl_runtime *rt);
struct lua_State *sl_runtime_main_state(sl_runtime *rt);
/// A number no other runtime of this process has (pointers are reused).
uint64_t sl_runtime_serial(const sl_runtime *rt);
void sl_runtime_set_host(sl_runtime *rt, void *context, sl_host_dispatch dispatch,
                         sl_text_sink print, sl_text_sink warn);

// MARK: Memory

size_t sl_runtime_memory_used(const sl_runtime *rt);
/// The most memory the state has used since it opened or the last reset.
size_t sl_runtime_memory_peak(const sl_runtime *rt);
void sl_runtime_reset_memory_peak(sl_runtime *rt);
size_t sl_runtime_memory_limit(const sl_runtime *rt);
void sl_runtime_set_memory_limit(sl_runtime *rt, size_t limit);

// MARK: Calls

/// Calls the function below `nargs` arguments on thread L under a budget, with
/// a message handler, as a new guarded level.
/// stack: fn, args -> results (nresults, or all if LUA_MULTRET) | message
/// Needs 1 free stack slot. Outside calls, index 1 of the main thread holds
/// the message handler: never set the main thread's top below 1. `stop` receives the SL_STOP_* state of this level
/// and the levels around it when the call ended.
/// Returns the Lua status; on success `*results` is the number of results.
/// On success the level stays open, in host mode, until
/// `sl_runtime_end_call`: the budget and interrupts of the call still
/// apply while the host reads its results (`sl_runtime_stopped`), so that
/// copying a huge result can be stopped like the call itself. On failure
/// the level has ended.
int sl_runtime_pcall(sl_runtime *rt, struct lua_State *L, int nargs, int nresults,
                     int64_t budget_ns, int *stop, int *results);
/// Ends the level a successful `sl_runtime_pcall` on L left open.
void sl_runtime_end_call(sl_runtime *rt, struct lua_State *L);
/// The host's side of a call in one step each, for the hot path of hooks:
/// `sl_runtime_begin_call` makes room for `slots` more values and pushes
/// the registry's `reference` (the function), returning the stack top
/// before it (the call's base), or -1 if the stack cannot grow (nothing
/// pushed). stack: -> fn
int sl_runtime_begin_call(struct lua_State *L, int reference, int slots);
/// `sl_runtime_pcall` of the function at base + 1 with every value above
/// it as arguments, all results kept. stack: fn, args -> results | message
int sl_runtime_pcall_at(sl_runtime *rt, struct lua_State *L, int base, int64_t budget_ns,
                        int *stop, int *results);
/// Drops the results down to `base` and ends the level (`sl_runtime_end_call`).
/// stack: results ->
void sl_runtime_end_call_at(sl_runtime *rt, struct lua_State *L, int base);
/// Which of `count` anchored short strings (their bytes' addresses, as
/// `lua_tolstring` gave them) the value at `index` is: its position, or -1
/// when it is none of them or not a string. Short strings are interned, so
/// an anchored one is the only string with its bytes (a pointer comparison);
/// when no address matches, the bytes are compared (long strings).
int sl_choice_at(struct lua_State *L, int index, const char *const *choices, const size_t *lengths, int count);
/// For host code working for a running call (converting its arguments or
/// results): the SL_STOP_* state of the first tripped running level, and
/// its budget in `*budget_ns` (left alone when none is tripped).
int sl_runtime_stopped(const sl_runtime *rt, int64_t *budget_ns);
/// The traceback and fallback position ("file:line:") recorded by the message
/// handler of the last failed call; empty strings if none.
const char *sl_runtime_last_traceback(const sl_runtime *rt);
const char *sl_runtime_last_where(const sl_runtime *rt);
/// Stops the outermost running call with "interrupted". Any thread.
void sl_runtime_interrupt(sl_runtime *rt);
/// Stops the Lua code running now, as a REPL's Ctrl-C: a nested call (a
/// policy hook) whose code runs fails with "interrupted", and the host code
/// that called it goes on undisturbed (its other nested calls included);
/// the outermost call then stops at its next Lua instruction. Any thread.
void sl_runtime_interrupt_running(sl_runtime *rt);
/// Depth of guarded calls now running (0 when idle).
int sl_runtime_depth(const sl_runtime *rt);

/// The bytes of the string at `index` (NULL if it is not a string: numbers
/// are not converted), in one call for the hot path of reading a result.
const char *sl_string_at(struct lua_State *L, int index, size_t *length);

// MARK: Chunks and environments

/// Loads text (never binary) as a chunk whose _ENV is the table at env_index,
/// or a fresh sandbox environment if env_index is 0. Counts against the
/// memory cap.
/// stack: -> fn | message
int sl_runtime_load(sl_runtime *rt, struct lua_State *L, const char *text, size_t length,
                    const char *chunkname, int env_index);
/// stack: -> env (a fresh sandbox environment: own globals over the shared base)
void sl_runtime_push_environment(sl_runtime *rt, struct lua_State *L);

// MARK: Host values

/// stack: -> closure (a host function dispatched with `index`)
void sl_runtime_push_host_function(sl_runtime *rt, struct lua_State *L, int index);
/// Sets base[name], or library[name] when `library` is not NULL (creating the
/// read-only library on first use). Returns 0 if `library` names a value that
/// is not a host library.
/// stack: value ->
int sl_runtime_set_global(sl_runtime *rt, struct lua_State *L, const char *library,
                          const char *name, size_t name_length);
/// Wraps the table on top as a read-only view: an empty proxy with the
/// metatable all snapshot views share, its data found through a weak table
/// of views to data in the registry. The data table is left as it is.
/// stack: data -> proxy (needs 5 free stack slots above data)
void sl_runtime_make_readonly(struct lua_State *L);
/// If the table at `index` is a read-only view (of a library or a snapshot),
/// pushes the table it shows and returns 1; otherwise pushes nothing, returns 0.
/// stack: -> target | (nothing)
int sl_runtime_push_view_target(struct lua_State *L, int index);
/// Makes a reused context: a data table kept across the calls of one hook,
/// updated in place between them; the metatable of the view that reads it
/// during a call, whose `__index` is the data table; and the slot that holds
/// that view (false until sl_runtime_push_context_view). A view read after
/// sl_runtime_end_context raises an error instead of showing another
/// call's data. Each is referenced from the registry by the caller.
/// stack: -> data, meta, false (needs 4 free stack slots)
void sl_runtime_new_context(struct lua_State *L, int field_capacity);
/// A new view of the context whose metatable is at `meta` and whose view
/// slot is the registry reference `view_ref`: the one that reads its data
/// until the next view or sl_runtime_end_context (the last view, if its
/// call was not ended, is ended first).
/// stack: -> view (needs 2 free stack slots)
void sl_runtime_push_context_view(struct lua_State *L, int meta, int view_ref);
/// The view in the slot `view_ref` reads no more: it raises an error. It
/// allocates nothing.
/// stack: unchanged (needs 2 free stack slots)
void sl_runtime_end_context(struct lua_State *L, int view_ref);
/// Whether `name` is hidden by a view (it starts with "__", as the fields
/// sl_runtime_make_readonly adds do).
int sl_is_view_field(const char *name, size_t length);

// MARK: Inspection

/// The position of the Lua code at `level` ("file", line); 0 if there is none.
int sl_where(struct lua_State *L, int level, char *file, size_t file_size, int *line);

/* Where the Lua function at `idx` is defined: its chunk (short_src) and the
 * line of its `function` keyword. Returns 0 for a C function. */
int sl_function_where(struct lua_State *L, int idx, char *file, size_t file_size, int *line);
/// Where the last refused allocation of the running (or last) call was: the
/// nearest Lua frame then ("" and 0 if there was none).
const char *sl_runtime_last_memory_where(const sl_runtime *rt, int *line);
/// For the last call stopped by its budget or an interrupt: where it was
/// stopped first (the nearest Lua frame; "" and 0 if unknown) and the budget
/// of the level that was tripped, in nanoseconds.
const char *sl_runtime_last_stop(const sl_runtime *rt, int *line, int64_t *budget_ns);
/// Test support: pushes a table with the stock string functions the pattern
/// guard replaced (find, match, gmatch, gsub, rep).
/// stack: -> table
void sl_runtime_push_stock_string_functions(sl_runtime *rt, struct lua_State *L);

// MARK: Debugging (debug.c)

/// What a debugger's hook receives: a line (`line` > 0), a call or a return
/// of Lua code in a guarded call, on thread L. It runs in host mode; the
/// count events of the budget go on as before.
enum {
    SL_DEBUG_LINE = 0,
    SL_DEBUG_CALL = 1,
    SL_DEBUG_RETURN = 2,
};
typedef void (*sl_debug_hook)(void *context, struct lua_State *L, int event, int line);
/// Attaches a debugger (NULL detaches it). Takes effect at the next call.
void sl_runtime_set_debug_hook(sl_runtime *rt, sl_debug_hook hook, void *context);
/// Makes what a script can see of the machine reproducible: os.clock and
/// os.time read the virtual time set with sl_runtime_set_virtual_time,
/// os.date formats it, and math.randomseed() with no argument seeds 0.
void sl_runtime_make_reproducible(sl_runtime *rt, struct lua_State *L);
void sl_runtime_set_virtual_time(sl_runtime *rt, int64_t milliseconds);
/// Calls the function on top of L (no arguments) on a new coroutine of L,
/// under a budget, so that a debugger can run code while L is stopped in a
/// hook (hooks are off on L then). stack: fn -> result | message
/// Returns the Lua status.
int sl_runtime_debug_call(sl_runtime *rt, struct lua_State *L, int64_t budget_ns);

#endif
