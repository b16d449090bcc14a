// Opening and closing a runtime: the counting allocator, the warning
// collector, the panic handler, reference counting, accessors.
#include "sl_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define sl_cpu_relax() _mm_pause()
#else
#define sl_cpu_relax() ((void)0)
#endif

// MARK: Allocator

/// Remembers where the running script was when an allocation was refused,
/// for the message of the memory error that may follow (Lua runs no message
/// handler for memory errors). Reading the call stack here is safe: Lua
/// allocates with its CallInfo list consistent, and neither lua_getstack
/// nor lua_getinfo("Sl") allocates.
__attribute__((noinline, cold)) static void *record_refusal(sl_runtime *rt) {
    lua_State *L = atomic_load_explicit(&rt->current, memory_order_relaxed);
    if (L == NULL || !sl_nearest_lua_frame(L, 0, rt->memory_file, sizeof rt->memory_file, &rt->memory_line)) {
        rt->memory_file[0] = '\0';
        rt->memory_line = 0;
    }
    return NULL;
}

/// Frees a block once no other thread is arming this state's hook (see `sl_alloc`).
__attribute__((noinline, cold)) static void *free_after_arming(sl_runtime *rt, void *block, size_t size) {
    while (atomic_load(&rt->arming))
        sl_cpu_relax();
    rt->used -= size;
    free(block);
    return NULL;
}

/*
** Counts every block. In script mode (Lua code of a guarded call may run) a
** growth past the limit returns NULL, which Lua turns into a memory error
** after an emergency collection. In host mode it never refuses, so Swift
** code pushing values cannot make the API raise.
*/
static void *sl_alloc(void *ud, void *block, size_t old_size, size_t new_size) {
    sl_runtime *rt = ud;
    size_t old = block != NULL ? old_size : 0; /* old_size is a type tag for new blocks */
    if (new_size == 0) {
        if (block != NULL) {
            /* Another thread may be walking this state's CallInfos in
               lua_sethook; a freed CallInfo or coroutine must outlive it. */
            if (__builtin_expect(atomic_load(&rt->arming), 0))
                return free_after_arming(rt, block, old);
            rt->used -= old;
            free(block);
        }
        return NULL;
    }
    if (new_size > old && rt->script_mode) {
        size_t growth = new_size - old;
        if (__builtin_expect(rt->used > rt->limit || growth > rt->limit - rt->used, 0))
            return record_refusal(rt);
    }
    /* Counted as granted before the system is asked, so this is a tail call;
       if the system itself refuses (fatal in practice) the count stays high,
       which only makes the cap stricter. The refusal's bookkeeping is out of
       line (cold), so this path needs no stack frame. */
    size_t used = rt->used + (new_size - old);
    rt->used = used;
    if (used > rt->peak)
        rt->peak = used;
    /* malloc for a new block: realloc(NULL, n) is malloc behind a wrapper. */
    return block == NULL ? malloc(new_size) : realloc(block, new_size);
}

void sl_raise_memory(lua_State *L) {
    sl_runtime *rt = sl_rt(L);
    rt->script_mode = 1;
    /* A block larger than the cap never fits: Lua collects, asks again,
       and raises its own memory error. */
    lua_newuserdatauv(L, rt->limit + 1, 0);
    luaL_error(L, "not enough memory"); /* not reached */
    __builtin_unreachable();
}

/// After a host function pushed its results in host mode: they are the
/// script's now, so they count as a script allocation would. Over the cap,
/// a probe allocation makes Lua collect and ask again; if the results still
/// do not fit, that raises Lua's memory error.
void sl_charge_results(lua_State *L) {
    sl_runtime *rt = sl_rt(L);
    if (rt->used <= rt->limit)
        return;
    int mode = rt->script_mode;
    rt->script_mode = 1;
    lua_newuserdatauv(L, 0, 0);                             /* stack: results -> results, probe */
    lua_pop(L, 1);
    rt->script_mode = mode;
}

// MARK: Warnings and panics

static void flush_warning(sl_runtime *rt) {
    if (rt->warn_sink != NULL)
        rt->warn_sink(rt->host_context, rt->warning, rt->warning_length);
    rt->warning_length = 0;
}

/// Collects warnings (from `warn` and from Lua itself) piece by piece and
/// hands each complete one to the host. Control messages ("@on") are ignored:
/// warnings are always collected.
static void sl_warnf(void *ud, const char *message, int to_continue) {
    sl_runtime *rt = ud;
    size_t length = strlen(message);
    if (rt->warning_length == 0 && !to_continue && message[0] == '@')
        return;
    size_t room = SL_WARNING_SIZE - 1 - rt->warning_length;
    if (length > room)
        length = room;
    memcpy(rt->warning + rt->warning_length, message, length);
    rt->warning_length += length;
    rt->warning[rt->warning_length] = '\0';
    if (!to_continue)
        flush_warning(rt);
}

static int sl_panic(lua_State *L) {
    const char *message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
    fprintf(stderr, "sheetlab: unprotected Lua error (a LuaRuntime bug): %s\n", message);
    fflush(stderr);
    abort();
}

// MARK: Life cycle

static _Atomic uint64_t last_serial;

sl_runtime *sl_runtime_open(size_t memory_limit) {
    sl_runtime *rt = calloc(1, sizeof *rt);
    if (rt == NULL)
        return NULL;
    rt->serial = atomic_fetch_add(&last_serial, 1) + 1;
    rt->limit = memory_limit;
    atomic_init(&rt->refcount, 1);
    lua_State *L = lua_newstate(sl_alloc, rt);
    if (L == NULL) {
        free(rt);
        return NULL;
    }
    rt->main = L;
    atomic_init(&rt->current, L);
    *(sl_runtime **)lua_getextraspace(L) = rt; /* copied into every new thread */
    lua_atpanic(L, sl_panic);
    lua_setwarnf(L, sl_warnf, rt);
    rt->ref_base = rt->ref_env_meta = rt->ref_libraries = rt->ref_stock = LUA_NOREF;

    lua_pushcfunction(L, sl_open_sandbox);                      /* stack: -> opener */
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {                      /* stack: opener -> | message */
        lua_close(L);
        free(rt);
        return NULL;
    }
    lua_pushcfunction(L, sl_msgh); /* stays at index 1 of the main thread */
    sl_arm(L);                     /* idle */
    sl_watchdog_register(rt);
    return rt;
}

void sl_runtime_close(sl_runtime *rt) {
    sl_watchdog_unregister(rt);
    /* The hook is armed (idle): nothing a script left behind can run. */
    rt->script_mode = 0;
    rt->warn_sink = NULL;
    rt->print_sink = NULL;
    rt->dispatch = NULL;
    lua_close(rt->main);
    rt->main = NULL;
    atomic_store(&rt->current, NULL);
    sl_runtime_release(rt);
}

void sl_runtime_retain(sl_runtime *rt) {
    atomic_fetch_add(&rt->refcount, 1);
}

void sl_runtime_release(sl_runtime *rt) {
    if (atomic_fetch_sub(&rt->refcount, 1) == 1)
        free(rt);
}

uint64_t sl_runtime_serial(const sl_runtime *rt) {
    return rt->serial;
}

lua_State *sl_runtime_main_state(sl_runtime *rt) {
    return rt->main;
}

void sl_runtime_set_host(sl_runtime *rt, void *context, sl_host_dispatch dispatch,
                         sl_text_sink print, sl_text_sink warn) {
    rt->host_context = context;
    rt->dispatch = dispatch;
    rt->print_sink = print;
    rt->warn_sink = warn;
}

size_t sl_runtime_memory_used(const sl_runtime *rt) {
    return rt->used;
}

size_t sl_runtime_memory_peak(const sl_runtime *rt) {
    return rt->peak;
}

void sl_runtime_reset_memory_peak(sl_runtime *rt) {
    rt->peak = rt->used;
}

size_t sl_runtime_memory_limit(const sl_runtime *rt) {
    return rt->limit;
}

void sl_runtime_set_memory_limit(sl_runtime *rt, size_t limit) {
    rt->limit = limit;
}

const char *sl_runtime_last_traceback(const sl_runtime *rt) {
    return rt->traceback;
}

const char *sl_runtime_last_where(const sl_runtime *rt) {
    return rt->where;
}

int sl_where(lua_State *L, int level, char *file, size_t file_size, int *line) {
    lua_Debug ar;
    if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0)
        return 0;
    snprintf(file, file_size, "%s", ar.short_src);
    *line = ar.currentline;
    return 1;
}

/// The position of the nearest Lua function at `level` or above (skipping
/// C functions); 0 if there is none.
int sl_nearest_lua_frame(lua_State *L, int level, char *file, size_t file_size, int *line) {
    lua_Debug ar;
    for (; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(file, file_size, "%s", ar.short_src);
            *line = ar.currentline;
            return 1;
        }
    }
    return 0;
}

const char *sl_runtime_last_memory_where(const sl_runtime *rt, int *line) {
    *line = rt->memory_line;
    return rt->memory_file;
}

const char *sl_runtime_last_stop(const sl_runtime *rt, int *line, int64_t *budget_ns) {
    *line = rt->stop_line;
    *budget_ns = rt->stop_budget_ns;
    return rt->stop_file;
}

int sl_function_where(lua_State *L, int idx, char *file, size_t file_size, int *line) {
    lua_Debug ar;
    lua_pushvalue(L, idx);                    /* stack: -> fn */
    if (!lua_getinfo(L, ">S", &ar) || ar.linedefined <= 0) /* stack: fn -> */
        return 0;
    snprintf(file, file_size, "%s", ar.short_src);
    *line = ar.linedefined;
    return 1;
}
