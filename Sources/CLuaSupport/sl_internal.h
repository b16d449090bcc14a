// Shared between the C files of CLuaSupport; not visible to Swift.
#ifndef SHEETLAB_SL_INTERNAL_H
#define SHEETLAB_SL_INTERNAL_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdatomic.h>
#include <stdint.h>

#include "CLuaSupport.h"

#define SL_NORETURN __attribute__((noreturn))

#define SL_MAX_DEPTH 32
#define SL_TRACEBACK_SIZE 4096
#define SL_WHERE_SIZE 256
#define SL_WARNING_SIZE 1024

/// C loops that scripts can make long (pattern matching, table shifting) poll
/// the guard every SL_POLL_MASK + 1 steps.
#define SL_POLL_MASK 0xFFFu

/*
** One guarded call ("level"). Written by the thread running the state,
** read by the watchdog.
** Invariants: ids are unique and never 0; a level is tripped exactly when
** tripped_id == id (a trip recorded for an earlier call at the same depth is
** stale and ignored); trip_kind is written before tripped_id.
*/
typedef struct sl_level {
    _Atomic uint64_t id;
    _Atomic uint64_t tripped_id;
    _Atomic int trip_kind;
    _Atomic int64_t budget_ns;
    /* Watchdog-private: the call it last saw at this depth, and the CPU
       time of the running thread when it first saw it. */
    uint64_t seen_id;
    int64_t seen_cpu_ns;
    /* The thread that was current when the level began (restored when it
       ends). Written and read by the running thread only. */
    lua_State *resumer;
} sl_level;

/*
** The runtime. Invariants:
** - levels[0 ..< depth] are the active guarded calls, outermost first.
** - script_mode is 1 exactly while Lua code of a guarded call may run
**   (the allocator enforces `limit` only then); 0 while the host runs.
** - Outside guarded calls (depth == 0) the main thread's hook is armed, so
**   any Lua code that would run there stops at its first instruction.
** - current is the thread running Lua code (main, or the coroutine the
**   C resume switched to); it is reachable while it is current.
** - arming is 1 while another thread calls lua_sethook on this state; the
**   allocator does not free memory meanwhile (lua_sethook walks CallInfos).
*/
struct sl_runtime {
    /* Allocator. */
    size_t used;
    size_t peak; /* the most `used` has been since the last reset */
    size_t limit;
    int script_mode;
    /* State. */
    lua_State *main;
    _Atomic(lua_State *) current;
    /* Guard. */
    _Atomic int depth;
    sl_level levels[SL_MAX_DEPTH];
    uint64_t last_id;
    _Atomic int cpu_clock;
    _Atomic int arming;
    /* A Ctrl-C for the Lua code running now (sl_runtime_interrupt_running):
       SL_ASK_RUNNING stops whatever level's Lua code runs next, then the
       outermost one at its next instruction (SL_ASK_OUTERMOST); host code
       between them, and the calls it makes, are not stopped. SL_ASK_NONE
       otherwise; reset when the outermost call ends. */
    _Atomic int interrupt_ask;
    /* Watchdog registration (guarded by the watchdog mutex). */
    sl_runtime *next_registered;
    int registered;
    int closed;
    _Atomic int refcount;
    uint64_t serial;
    /* Host. */
    void *host_context;
    sl_host_dispatch dispatch;
    sl_text_sink print_sink;
    sl_text_sink warn_sink;
    /* The warning being assembled from pieces. */
    char warning[SL_WARNING_SIZE];
    size_t warning_length;
    /* What the message handler saw for the last failed call. */
    char traceback[SL_TRACEBACK_SIZE];
    char where[SL_WHERE_SIZE];
    /* Where the last refused allocation of the running call was: the
       nearest Lua frame of the running thread (empty: none). */
    char memory_file[SL_WHERE_SIZE];
    int memory_line;
    /* Where the budget or an interrupt first stopped the level stop_id
       (the watchdog trips asynchronously, so the first raise is where the
       time went; later raises are wherever a pcall let the script go on),
       and the budget of that level. */
    uint64_t stop_id;
    char stop_file[SL_WHERE_SIZE];
    int stop_line;
    int64_t stop_budget_ns;
    /* The debugger (debug.c): called for line, call and return events of
       guarded calls when set; host mode while it runs. */
    sl_debug_hook debug_hook;
    void *debug_context;
    /* What os.clock and os.time read in a reproducible state (ms). */
    _Atomic int64_t virtual_ms;
    /* Registry references. */
    int ref_base;        /* shared base: stdlib proxies + host globals */
    int ref_env_meta;    /* metatable of every sandbox environment */
    int ref_libraries;   /* name -> real table of host libraries */
    int ref_stock;       /* the stock string functions (tests) */
};

static inline sl_runtime *sl_rt(lua_State *L) {
    return *(sl_runtime **)lua_getextraspace(L);
}

/* runtime.c */
int sl_nearest_lua_frame(lua_State *L, int level, char *file, size_t file_size, int *line);

/* guard.c */
int sl_tripped_level(sl_runtime *rt, int upto);
int sl_stop_kind(sl_runtime *rt, int upto);
int sl_stop_kind_now(sl_runtime *rt);
void sl_hook(lua_State *L, lua_Debug *ar);
SL_NORETURN void sl_raise_stop(lua_State *L, int kind, int level);
void sl_poll(lua_State *L, sl_runtime *rt);
void sl_sync_hook(sl_runtime *rt, lua_State *L);
void sl_arm(lua_State *L);
void sl_disarm(lua_State *L);

/* debug.c */
#define SL_DEBUG_MASK (LUA_MASKLINE | LUA_MASKCALL | LUA_MASKRET)
void sl_debug_event(sl_runtime *rt, lua_State *L, lua_Debug *ar);
void sl_enter_thread(sl_runtime *rt, lua_State *from, lua_State *co);
void sl_leave_thread(sl_runtime *rt, lua_State *from);
void sl_watchdog_register(sl_runtime *rt);
void sl_watchdog_unregister(sl_runtime *rt);

enum { SL_ASK_NONE = 0, SL_ASK_RUNNING = 1, SL_ASK_OUTERMOST = 2 };
int sl_take_interrupt_ask(sl_runtime *rt, int depth);

/* A step counter for guarded C loops. */
typedef struct sl_steps {
    sl_runtime *rt;
    unsigned count;
} sl_steps;

static inline void sl_step(lua_State *L, sl_steps *s, unsigned n) {
    unsigned before = s->count;
    s->count += n;
    if ((before & ~SL_POLL_MASK) != (s->count & ~SL_POLL_MASK))
        sl_poll(L, s->rt);
}

/// Raises "not enough memory" as Lua does (status LUA_ERRMEM) after an
/// emergency collection: for memory the host allocated on a script's behalf.
SL_NORETURN void sl_raise_memory(lua_State *L);
/// Counts the results a host function pushed (in host mode) against the
/// cap as if the script had allocated them: raises a memory error if they
/// do not fit after a collection. Needs 1 free stack slot.
void sl_charge_results(lua_State *L);

/* sandbox.c */
int sl_open_sandbox(lua_State *L);
int sl_readonly_newindex(lua_State *L);
int sl_msgh(lua_State *L);

/* coroutines.c, patterns.c, tables.c: replace functions in the table at `lib`. */
void sl_install_coroutines(lua_State *L, int lib);
void sl_install_patterns(lua_State *L, int lib, int stock);
void sl_install_tables(lua_State *L, int lib);

#endif
