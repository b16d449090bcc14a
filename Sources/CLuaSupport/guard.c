// The budget guard: guarded call levels, the count hook that stops a tripped
// call, and the watchdog thread that trips calls over their CPU budget.
//
// Why a watchdog and not a permanent count hook: a hook installed with a
// count makes every VM instruction go through the hook machinery. Here the
// hook is disarmed while a call runs within budget; the watchdog arms it
// (count 1) only when a call must stop. The armed hook then raises on every
// instruction, so pcall, xpcall handlers and __close handlers in the script
// cannot swallow the error.
#define _GNU_SOURCE
#include "sl_internal.h"

#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <time.h>

#define SL_WATCHDOG_PERIOD_NS (5 * 1000 * 1000)

// MARK: Trip state

/// The index of the first tripped level among levels[0 ..< upto], or -1.
int sl_tripped_level(sl_runtime *rt, int upto) {
    for (int i = 0; i < upto; i++) {
        sl_level *lv = &rt->levels[i];
        uint64_t tripped = atomic_load_explicit(&lv->tripped_id, memory_order_acquire);
        if (tripped != 0 && tripped == atomic_load_explicit(&lv->id, memory_order_relaxed))
            return i;
    }
    return -1;
}

/// The SL_STOP_* kind of the first tripped level among levels[0 ..< upto].
int sl_stop_kind(sl_runtime *rt, int upto) {
    int i = sl_tripped_level(rt, upto);
    if (i < 0)
        return SL_STOP_NONE;
    return atomic_load_explicit(&rt->levels[i].trip_kind, memory_order_relaxed);
}

/// Records, once per trip, the level's budget and where the running script
/// was stopped first (the nearest Lua frame from `level` up), if known.
static void record_stop(sl_runtime *rt, lua_State *L, int level) {
    int i = sl_tripped_level(rt, atomic_load_explicit(&rt->depth, memory_order_relaxed));
    if (i < 0)
        return;
    uint64_t id = atomic_load_explicit(&rt->levels[i].id, memory_order_relaxed);
    if (rt->stop_id == id)
        return;
    rt->stop_id = id;
    rt->stop_budget_ns = atomic_load_explicit(&rt->levels[i].budget_ns, memory_order_relaxed);
    if (L == NULL || !sl_nearest_lua_frame(L, level, rt->stop_file, sizeof rt->stop_file, &rt->stop_line)) {
        rt->stop_file[0] = '\0';
        rt->stop_line = 0;
    }
}

int sl_stop_kind_now(sl_runtime *rt) {
    return sl_stop_kind(rt, atomic_load_explicit(&rt->depth, memory_order_relaxed));
}

void sl_raise_stop(lua_State *L, int kind, int level) {
    record_stop(sl_rt(L), L, level);
    luaL_where(L, level);
    lua_pushstring(L, kind == SL_STOP_INTERRUPT ? "interrupted" : "budget exceeded");
    lua_concat(L, 2);
    lua_error(L);
    __builtin_unreachable();
}

static void trip(sl_level *lv, uint64_t id, int kind);

/// Whether the Lua code of the innermost running level (at `depth`) is to
/// stop for a Ctrl-C asked with sl_runtime_interrupt_running; if so, trips
/// that level and says what is asked next. Called by the running thread.
int sl_take_interrupt_ask(sl_runtime *rt, int depth) {
    int ask = atomic_load_explicit(&rt->interrupt_ask, memory_order_acquire);
    if (depth == 0 || ask == SL_ASK_NONE || (ask == SL_ASK_OUTERMOST && depth != 1))
        return 0;
    atomic_store_explicit(&rt->interrupt_ask, depth == 1 ? SL_ASK_NONE : SL_ASK_OUTERMOST, memory_order_release);
    sl_level *lv = &rt->levels[depth - 1];
    trip(lv, atomic_load_explicit(&lv->id, memory_order_relaxed), SL_STOP_INTERRUPT);
    return 1;
}

/// For C loops: raises if a running level is tripped.
void sl_poll(lua_State *L, sl_runtime *rt) {
    int kind = sl_stop_kind_now(rt);
    if (kind == SL_STOP_NONE && sl_take_interrupt_ask(rt, atomic_load_explicit(&rt->depth, memory_order_relaxed)))
        kind = SL_STOP_INTERRUPT;
    if (kind != SL_STOP_NONE)
        sl_raise_stop(L, kind, 1);
}

// MARK: The hook

void sl_arm(lua_State *L) {
    int mask = LUA_MASKCOUNT;
    if (sl_rt(L)->debug_hook != NULL)
        mask |= SL_DEBUG_MASK;
    lua_sethook(L, sl_hook, mask, 1);
}

/// The hook of a call running within budget: none, or only the debugger's
/// line, call and return events when a debugger is attached (debug.c).
void sl_disarm(lua_State *L) {
    if (sl_rt(L)->debug_hook != NULL)
        lua_sethook(L, sl_hook, SL_DEBUG_MASK, 0);
    else if (lua_gethook(L) != NULL)
        lua_sethook(L, NULL, 0, 0);
}

void sl_hook(lua_State *L, lua_Debug *ar) {
    sl_runtime *rt = sl_rt(L);
    int depth = atomic_load_explicit(&rt->depth, memory_order_relaxed);
    int kind = sl_stop_kind(rt, depth);
    if (kind == SL_STOP_NONE && rt->script_mode && sl_take_interrupt_ask(rt, depth))
        kind = SL_STOP_INTERRUPT;
    if (kind != SL_STOP_NONE)
        sl_raise_stop(L, kind, 0);
    if (ar->event != LUA_HOOKCOUNT) {
        /* A debugger's event; the count events below keep the budget. */
        if (depth > 0 && rt->script_mode)
            sl_debug_event(rt, L, ar);
        return;
    }
    if (depth == 0 || !rt->script_mode) {
        luaL_where(L, 0);
        lua_pushliteral(L, "Lua code cannot run outside a guarded call");
        lua_concat(L, 2);
        lua_error(L);
    }
    /* Armed for a call that has ended: not ours to stop. */
    sl_disarm(L);
}

/// Puts L's hook in the state the guard invariants ask for: armed when idle
/// or when a running level is tripped, disarmed otherwise.
void sl_sync_hook(sl_runtime *rt, lua_State *L) {
    int depth = atomic_load_explicit(&rt->depth, memory_order_relaxed);
    int ask = atomic_load_explicit(&rt->interrupt_ask, memory_order_acquire);
    if (depth == 0 || sl_stop_kind(rt, depth) != SL_STOP_NONE || ask == SL_ASK_RUNNING
        || (ask == SL_ASK_OUTERMOST && depth == 1))
        sl_arm(L);
    else
        sl_disarm(L);
}

/// Before resuming `co` from `from`: the coroutine runs under the resumer's
/// hook state and becomes the current thread.
void sl_enter_thread(sl_runtime *rt, lua_State *from, lua_State *co) {
    lua_sethook(co, lua_gethook(from), lua_gethookmask(from), lua_gethookcount(from));
    atomic_store(&rt->current, co);
}

/// After `co` yielded, returned or failed: the resumer is current again, and
/// is armed if the watchdog tripped a level while the coroutine ran.
void sl_leave_thread(sl_runtime *rt, lua_State *from) {
    atomic_store(&rt->current, from);
    if (sl_stop_kind_now(rt) != SL_STOP_NONE)
        sl_arm(from);
}

// MARK: Guarded calls

/* The CPU clock of the calling thread, looked up once per thread. */
static _Thread_local int thread_clock_known;
static _Thread_local int thread_clock;

static inline __attribute__((always_inline)) void set_cpu_clock(sl_runtime *rt) {
    if (!thread_clock_known) {
        thread_clock = (int)CLOCK_MONOTONIC;
#if defined(__linux__)
        clockid_t clock;
        if (pthread_getcpuclockid(pthread_self(), &clock) == 0)
            thread_clock = (int)clock;
#endif
        thread_clock_known = 1;
    }
    atomic_store_explicit(&rt->cpu_clock, thread_clock, memory_order_relaxed);
}

int sl_runtime_pcall(sl_runtime *rt, lua_State *L, int nargs, int nresults, int64_t budget_ns,
                     int *stop, int *results) {
    int depth = atomic_load_explicit(&rt->depth, memory_order_relaxed);
    int fn = lua_gettop(L) - nargs;
    int first = fn; /* where the results (or the message) will start */
    *results = 0;
    *stop = SL_STOP_NONE;
    if (depth >= SL_MAX_DEPTH) {
        lua_settop(L, fn - 1);                                  /* stack: fn, args -> */
        lua_pushliteral(L, "too many nested calls into Lua");  /* stack: -> message */
        return LUA_ERRRUN;
    }
    rt->memory_file[0] = '\0';
    rt->memory_line = 0;
    if (rt->used > rt->limit) {
        /* Over the cap before running (what the host pushed, the arguments
           included, counts as the script's): as a script allocation would,
           collect, then refuse. */
        lua_gc(L, LUA_GCCOLLECT);
        if (rt->used > rt->limit) {
            lua_settop(L, fn - 1);                              /* stack: fn, args -> */
            lua_pushliteral(L, "not enough memory");            /* stack: -> message */
            return LUA_ERRMEM;
        }
    }
    /* Outside calls the main thread keeps the message handler at index 1;
       elsewhere (nested calls, coroutines) it goes below the function. */
    int handler = 1;
    int inserted = depth != 0 || L != rt->main;
    if (inserted) {
        lua_pushcfunction(L, sl_msgh);                          /* stack: fn, args -> fn, args, msgh */
        lua_insert(L, fn);                                      /* stack: -> msgh, fn, args */
        handler = fn++;
    }

    sl_level *lv = &rt->levels[depth];
    uint64_t id = ++rt->last_id;
    atomic_store_explicit(&lv->budget_ns, budget_ns, memory_order_relaxed);
    atomic_store_explicit(&lv->id, id, memory_order_release);
    if (depth == 0) {
        set_cpu_clock(rt);
        atomic_store_explicit(&rt->interrupt_ask, SL_ASK_NONE, memory_order_release); /* one asked while idle */
    }
    lua_State *previous = atomic_load_explicit(&rt->current, memory_order_relaxed);
    lv->resumer = previous;
    if (previous != L)
        atomic_store(&rt->current, L);
    atomic_store_explicit(&rt->depth, depth + 1, memory_order_release);
    rt->traceback[0] = '\0';
    rt->where[0] = '\0';
    if (depth == 0)
        sl_disarm(L); /* was armed for idle; nothing can be tripped yet */
    else
        sl_sync_hook(rt, L);
    int mode = rt->script_mode;
    rt->script_mode = 1;
    int status = lua_pcall(L, nargs, nresults, handler);        /* stack: fn, args -> results | message */
    rt->script_mode = mode;

    int tripped = sl_tripped_level(rt, depth + 1);
    *stop = tripped < 0 ? SL_STOP_NONE : atomic_load_explicit(&rt->levels[tripped].trip_kind, memory_order_relaxed);
    if (tripped >= 0 && rt->stop_id != atomic_load_explicit(&rt->levels[tripped].id, memory_order_relaxed))
        record_stop(rt, NULL, 0); /* stopped before any raise: no position */
    if (status == LUA_OK && *stop != SL_STOP_NONE) {
        /* Stopped, even if the script caught the error and returned (a
           tail call such as `return pcall(loop)` runs no instruction after
           the catch for the hook to stop): the call failed. */
        lua_settop(L, fn - 1);                              /* stack: results -> */
        lua_pushstring(L, *stop == SL_STOP_INTERRUPT ? "interrupted" : "budget exceeded");
        status = LUA_ERRRUN;
    }
    if (inserted)
        lua_remove(L, handler);                                 /* stack: msgh, results -> results */
    if (status != LUA_OK) {
        sl_runtime_end_call(rt, L);
        return status;
    }
    /* The level stays open while the host reads the results (see the header). */
    *results = lua_gettop(L) - first + 1;
    return status;
}

void sl_runtime_end_call(sl_runtime *rt, lua_State *L) {
    int depth = atomic_load_explicit(&rt->depth, memory_order_relaxed) - 1;
    lua_State *previous = rt->levels[depth].resumer;
    atomic_store_explicit(&rt->depth, depth, memory_order_release);
    if (previous != L)
        atomic_store(&rt->current, previous);
    if (depth == 0) {
        atomic_store_explicit(&rt->interrupt_ask, SL_ASK_NONE, memory_order_release);
        sl_arm(L); /* idle again */
    }
    else
        sl_sync_hook(rt, L);
}

int sl_runtime_begin_call(lua_State *L, int reference, int slots) {
    if (!lua_checkstack(L, slots))
        return -1;
    int base = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, reference);              /* stack: -> fn */
    return base;
}

/*
** The common case of sl_runtime_pcall, written out: an outermost call on
** the main thread, under the cap, no debugger attached. It keeps the same
** invariants (a new level with a fresh id and the budget, the thread's CPU
** clock for the watchdog, hook disarmed while the call runs, script mode,
** the trip check after the call); anything else takes the general path.
*/
int sl_runtime_pcall_at(sl_runtime *rt, lua_State *L, int base, int64_t budget_ns, int *stop, int *results) {
    int top = lua_gettop(L);
    if (atomic_load_explicit(&rt->depth, memory_order_relaxed) != 0 || L != rt->main || rt->used > rt->limit
        || rt->debug_hook != NULL || atomic_load_explicit(&rt->current, memory_order_relaxed) != L)
        return sl_runtime_pcall(rt, L, top - base - 1, LUA_MULTRET, budget_ns, stop, results);
    *results = 0;
    *stop = SL_STOP_NONE;
    rt->memory_file[0] = '\0';
    rt->memory_line = 0;
    sl_level *lv = &rt->levels[0];
    uint64_t id = ++rt->last_id;
    atomic_store_explicit(&lv->budget_ns, budget_ns, memory_order_relaxed);
    atomic_store_explicit(&lv->id, id, memory_order_release);
    set_cpu_clock(rt);
    atomic_store_explicit(&rt->interrupt_ask, SL_ASK_NONE, memory_order_release); /* one asked while idle */
    lv->resumer = L;
    atomic_store_explicit(&rt->depth, 1, memory_order_release);
    rt->traceback[0] = '\0';
    rt->where[0] = '\0';
    lua_sethook(L, NULL, 0, 0); /* was armed for idle; nothing can be tripped yet */
    int mode = rt->script_mode;
    rt->script_mode = 1;
    int status = lua_pcall(L, top - base - 1, LUA_MULTRET, 1);  /* stack: fn, args -> results | message */
    rt->script_mode = mode;
    if (__builtin_expect(atomic_load_explicit(&lv->tripped_id, memory_order_acquire) == id, 0)) {
        *stop = atomic_load_explicit(&lv->trip_kind, memory_order_relaxed);
        if (rt->stop_id != id)
            record_stop(rt, NULL, 0); /* stopped before any raise: no position */
        if (status == LUA_OK) {
            /* Stopped even if the script caught the error (see sl_runtime_pcall). */
            lua_settop(L, base);                                /* stack: results -> */
            lua_pushstring(L, *stop == SL_STOP_INTERRUPT ? "interrupted" : "budget exceeded");
            status = LUA_ERRRUN;
        }
    }
    if (status != LUA_OK) {
        sl_runtime_end_call(rt, L);
        return status;
    }
    /* The level stays open while the host reads the results. */
    *results = lua_gettop(L) - base;
    return status;
}

void sl_runtime_end_call_at(sl_runtime *rt, lua_State *L, int base) {
    lua_settop(L, base);                                        /* stack: results -> */
    sl_runtime_end_call(rt, L);
}

int sl_choice_at(lua_State *L, int index, const char *const *choices, const size_t *lengths, int count) {
    if (lua_type(L, index) != LUA_TSTRING)
        return -1;
    size_t length;
    const char *bytes = lua_tolstring(L, index, &length);
    for (int i = 0; i < count; i++)
        if (choices[i] == bytes)
            return i;
    for (int i = 0; i < count; i++)                             /* a long string, or none */
        if (lengths[i] == length && memcmp(choices[i], bytes, length) == 0)
            return i;
    return -1;
}

int sl_runtime_stopped(const sl_runtime *rt, int64_t *budget_ns) {
    sl_runtime *r = (sl_runtime *)rt;
    int i = sl_tripped_level(r, atomic_load_explicit(&r->depth, memory_order_relaxed));
    if (i < 0)
        return SL_STOP_NONE;
    *budget_ns = atomic_load_explicit(&r->levels[i].budget_ns, memory_order_relaxed);
    return atomic_load_explicit(&r->levels[i].trip_kind, memory_order_relaxed);
}

const char *sl_string_at(lua_State *L, int index, size_t *length) {
    if (lua_type(L, index) != LUA_TSTRING)
        return NULL;
    return lua_tolstring(L, index, length);
}

int sl_runtime_depth(const sl_runtime *rt) {
    return atomic_load_explicit(&((sl_runtime *)rt)->depth, memory_order_relaxed);
}

// MARK: The watchdog

static pthread_mutex_t watchdog_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watchdog_wakeup = PTHREAD_COND_INITIALIZER;
static sl_runtime *watched;
static int watchdog_started;

static int64_t cpu_now(int clock) {
    struct timespec ts;
    if (clock_gettime((clockid_t)clock, &ts) != 0)
        return -1;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/// Arms the hook of the main thread and of the current thread from another
/// thread. Called with the watchdog mutex held.
static void arm_async(sl_runtime *rt) {
    atomic_store(&rt->arming, 1);
    lua_State *current = atomic_load(&rt->current);
    sl_arm(rt->main);
    if (current != NULL && current != rt->main)
        sl_arm(current);
    atomic_store(&rt->arming, 0);
}

static void trip(sl_level *lv, uint64_t id, int kind) {
    atomic_store_explicit(&lv->trip_kind, kind, memory_order_relaxed);
    atomic_store_explicit(&lv->tripped_id, id, memory_order_release);
}

static void scan(sl_runtime *rt) {
    int depth = atomic_load_explicit(&rt->depth, memory_order_acquire);
    if (depth == 0)
        return;
    int64_t now = cpu_now(atomic_load_explicit(&rt->cpu_clock, memory_order_relaxed));
    if (now < 0)
        return;
    /* A Ctrl-C asked and not yet taken keeps the hook armed: an arming from
       another thread can race Lua clearing its trap (luaG_traceexec with no
       hook set), and an ask has no level tripped to re-arm it otherwise. */
    int ask = atomic_load_explicit(&rt->interrupt_ask, memory_order_acquire);
    int arm = ask == SL_ASK_RUNNING || (ask == SL_ASK_OUTERMOST && depth == 1);
    for (int i = 0; i < depth; i++) {
        sl_level *lv = &rt->levels[i];
        uint64_t id = atomic_load_explicit(&lv->id, memory_order_acquire);
        if (id == 0)
            continue;
        if (atomic_load_explicit(&lv->tripped_id, memory_order_acquire) == id) {
            arm = 1; /* still unwinding: keep it armed (an arming can race a disarm) */
            continue;
        }
        if (id != lv->seen_id) {
            lv->seen_id = id;
            lv->seen_cpu_ns = now;
            continue;
        }
        int64_t budget = atomic_load_explicit(&lv->budget_ns, memory_order_relaxed);
        if (now - lv->seen_cpu_ns >= budget) {
            trip(lv, id, SL_STOP_BUDGET);
            arm = 1;
        }
    }
    if (arm)
        arm_async(rt);
}

static void *watchdog_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&watchdog_mutex);
    for (;;) {
        while (watched == NULL)
            pthread_cond_wait(&watchdog_wakeup, &watchdog_mutex);
        for (sl_runtime *rt = watched; rt != NULL; rt = rt->next_registered)
            scan(rt);
        pthread_mutex_unlock(&watchdog_mutex);
        struct timespec pause = {0, SL_WATCHDOG_PERIOD_NS};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&watchdog_mutex);
    }
    return NULL;
}

void sl_watchdog_register(sl_runtime *rt) {
    pthread_mutex_lock(&watchdog_mutex);
    if (!watchdog_started) {
        pthread_t thread;
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&attributes, 64 * 1024);
        if (pthread_create(&thread, &attributes, watchdog_main, NULL) == 0)
            watchdog_started = 1;
        pthread_attr_destroy(&attributes);
    }
    rt->next_registered = watched;
    watched = rt;
    rt->registered = 1;
    pthread_cond_signal(&watchdog_wakeup);
    pthread_mutex_unlock(&watchdog_mutex);
}

void sl_watchdog_unregister(sl_runtime *rt) {
    pthread_mutex_lock(&watchdog_mutex);
    if (rt->registered) {
        for (sl_runtime **p = &watched; *p != NULL; p = &(*p)->next_registered) {
            if (*p == rt) {
                *p = rt->next_registered;
                break;
            }
        }
        rt->registered = 0;
    }
    rt->closed = 1;
    pthread_mutex_unlock(&watchdog_mutex);
}

void sl_runtime_interrupt(sl_runtime *rt) {
    pthread_mutex_lock(&watchdog_mutex);
    if (!rt->closed && atomic_load_explicit(&rt->depth, memory_order_acquire) > 0) {
        sl_level *outermost = &rt->levels[0];
        uint64_t id = atomic_load_explicit(&outermost->id, memory_order_acquire);
        if (atomic_load_explicit(&outermost->tripped_id, memory_order_acquire) != id)
            trip(outermost, id, SL_STOP_INTERRUPT);
        arm_async(rt);
    }
    pthread_mutex_unlock(&watchdog_mutex);
}

void sl_runtime_interrupt_running(sl_runtime *rt) {
    pthread_mutex_lock(&watchdog_mutex);
    if (!rt->closed && atomic_load_explicit(&rt->depth, memory_order_acquire) > 0) {
        atomic_store_explicit(&rt->interrupt_ask, SL_ASK_RUNNING, memory_order_release);
        arm_async(rt);
    }
    pthread_mutex_unlock(&watchdog_mutex);
}
