// What a debugger needs from the VM: line, call and return events of
// guarded calls (combined with the budget's count hook in guard.c, never
// in place of it), a way to run code while a thread is stopped in a hook,
// and a reproducible view of the machine (clock, time, random seed) so
// that re-executing a run gives the same run.
#include "sl_internal.h"

/* 2026-01-01T00:00:00Z: what os.time() reads at virtual time 0. */
#define SL_REPRODUCIBLE_EPOCH 1767225600

void sl_runtime_set_debug_hook(sl_runtime *rt, sl_debug_hook hook, void *context) {
    rt->debug_context = context;
    rt->debug_hook = hook;
}

void sl_debug_event(sl_runtime *rt, lua_State *L, lua_Debug *ar) {
    sl_debug_hook hook = rt->debug_hook;
    if (hook == NULL)
        return;
    int event = SL_DEBUG_CALL;
    if (ar->event == LUA_HOOKLINE)
        event = SL_DEBUG_LINE;
    else if (ar->event == LUA_HOOKRET)
        event = SL_DEBUG_RETURN;
    int mode = rt->script_mode;
    rt->script_mode = 0; /* the debugger is the host */
    hook(rt->debug_context, L, event, ar->event == LUA_HOOKLINE ? ar->currentline : 0);
    rt->script_mode = mode;
}

int sl_runtime_debug_call(sl_runtime *rt, lua_State *L, int64_t budget_ns) {
    if (!lua_checkstack(L, 3)) {
        lua_pop(L, 1);
        lua_pushliteral(L, "Lua stack overflow");
        return LUA_ERRRUN;
    }
    lua_State *co = lua_newthread(L);                       /* stack: fn -> fn, co */
    lua_insert(L, -2);                                      /* stack: -> co, fn */
    lua_xmove(L, co, 1);                                    /* stack: -> co; co: -> fn */
    int stop = 0, results = 0;
    int status = sl_runtime_pcall(rt, co, 0, 1, budget_ns, &stop, &results);
    if (status == LUA_OK)
        sl_runtime_end_call(rt, co);
    lua_xmove(co, L, 1);                                    /* stack: -> co, result | message */
    lua_remove(L, -2);                                      /* stack: -> result | message */
    return status;
}

// MARK: Reproducible machine

static double virtual_seconds(lua_State *L) {
    return (double)atomic_load(&sl_rt(L)->virtual_ms) / 1000.0;
}

static int reproducible_clock(lua_State *L) {
    lua_pushnumber(L, virtual_seconds(L));
    return 1;
}

/// upvalue 1: the stock os.time (for a date table, which is deterministic).
static int reproducible_time(lua_State *L) {
    if (lua_isnoneornil(L, 1)) {
        lua_pushinteger(L, SL_REPRODUCIBLE_EPOCH + (lua_Integer)virtual_seconds(L));
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/// upvalue 1: the stock os.date, given the virtual time when no time is.
static int reproducible_date(lua_State *L) {
    int n = lua_gettop(L);
    if (n < 1)
        lua_pushliteral(L, "%c");
    if (n < 2 || lua_isnil(L, 2)) {
        lua_settop(L, 1);
        lua_pushinteger(L, SL_REPRODUCIBLE_EPOCH + (lua_Integer)virtual_seconds(L));
    }
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/// upvalue 1: the stock math.randomseed; with no argument it seeds 0.
static int reproducible_randomseed(lua_State *L) {
    if (lua_gettop(L) == 0)
        lua_pushinteger(L, 0);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 0);
    return 0;
}

static void wrap(lua_State *L, int library, const char *name, lua_CFunction f) {
    lua_getfield(L, library, name);                         /* stack: -> stock */
    lua_pushcclosure(L, f, 1);                              /* stack: stock -> closure */
    lua_setfield(L, library, name);                         /* stack: closure -> */
}

void sl_runtime_make_reproducible(sl_runtime *rt, lua_State *L) {
    (void)rt;
    if (!lua_checkstack(L, 4))
        return;
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE); /* stack: -> loaded */
    if (lua_getfield(L, -1, LUA_OSLIBNAME) == LUA_TTABLE) {   /* stack: -> loaded, os */
        lua_pushcfunction(L, reproducible_clock);
        lua_setfield(L, -2, "clock");
        wrap(L, lua_gettop(L), "time", reproducible_time);
        wrap(L, lua_gettop(L), "date", reproducible_date);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, -1, LUA_MATHLIBNAME) == LUA_TTABLE) { /* stack: -> loaded, math */
        wrap(L, lua_gettop(L), "randomseed", reproducible_randomseed);
        lua_getfield(L, -1, "randomseed");
        lua_call(L, 0, 0);                                    /* back to seed 0 */
    }
    lua_pop(L, 2);
}

void sl_runtime_set_virtual_time(sl_runtime *rt, int64_t milliseconds) {
    atomic_store(&rt->virtual_ms, milliseconds);
}
