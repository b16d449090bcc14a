// coroutine.create, resume, wrap and close, rewritten so the guard follows
// the running thread: before a coroutine runs (or runs its __close
// handlers) it gets its resumer's hook state and becomes the current
// thread, which the watchdog arms when it trips a call; afterwards the
// resumer is current again and is armed if a trip happened meanwhile.
//
// A coroutine's function runs inside a yieldable pcall on the coroutine's
// own thread. When the budget hook raises, Lua leaves hooks off (allowhook)
// until a pcall on that thread catches the error; without this pcall a
// coroutine killed by the budget would keep hooks off for good, and a
// later coroutine.close would run its __close handlers unguarded.
#include "sl_internal.h"

static lua_State *check_coroutine(lua_State *L, int arg) {
    lua_State *co = lua_tothread(L, arg);
    luaL_argexpected(L, co != NULL, arg, "thread");
    return co;
}

enum { CO_RUNNING, CO_SUSPENDED, CO_NORMAL, CO_DEAD };
static const char *const status_names[] = {"running", "suspended", "normal", "dead"};

static int status_of(lua_State *L, lua_State *co) {
    if (L == co)
        return CO_RUNNING;
    switch (lua_status(co)) {
    case LUA_YIELD:
        return CO_SUSPENDED;
    case LUA_OK: {
        lua_Debug ar;
        if (lua_getstack(co, 0, &ar))
            return CO_NORMAL; /* it resumed another coroutine */
        return lua_gettop(co) == 0 ? CO_DEAD : CO_SUSPENDED;
    }
    default:
        return CO_DEAD; /* stopped by an error */
    }
}

/// Resumes co with the top `nargs` values of L. Returns the number of values
/// moved back onto L, or -1 with an error object on top of L.
static int resume(lua_State *L, lua_State *co, int nargs) {
    sl_runtime *rt = sl_rt(L);
    int status = status_of(L, co);
    if (status != CO_SUSPENDED) {
        lua_pushstring(L, status == CO_DEAD ? "cannot resume dead coroutine"
                                            : "cannot resume non-suspended coroutine");
        return -1;
    }
    if (!lua_checkstack(co, nargs)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, nargs);                                /* stack(L): args -> ; stack(co): -> args */
    int results;
    sl_enter_thread(rt, L, co);
    status = lua_resume(co, L, nargs, &results);
    sl_leave_thread(rt, L);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, results + 1)) {
            lua_pop(co, results);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, results);                          /* stack(L): -> results */
        return results;
    }
    lua_xmove(co, L, 1);                                    /* stack(L): -> error */
    return -1;
}

/// Closes co's pending to-be-closed variables under the guard.
/// stack(co): -> error object, when the result is not LUA_OK
static int close_thread(lua_State *L, lua_State *co) {
    sl_runtime *rt = sl_rt(L);
    sl_enter_thread(rt, L, co);
    int status = lua_resetthread(co);
    sl_leave_thread(rt, L);
    return status;
}

static int body_done(lua_State *L, int status, lua_KContext unused) {
    (void)unused;
    if (status != LUA_OK && status != LUA_YIELD)
        return lua_error(L);                                /* rethrown with hooks back on */
    return lua_gettop(L);
}

/// The function every coroutine starts with. upvalue 1: the script's function.
static int body(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);                                       /* stack: args -> f, args */
    int status = lua_pcallk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, 0, body_done);
    return body_done(L, status, 0);
}

/// stack: f -> f, coroutine
static lua_State *new_coroutine(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, body, 1);
    lua_xmove(L, co, 1);                                    /* stack(co): -> body */
    return co;
}

static int co_create(lua_State *L) {
    new_coroutine(L);
    return 1;
}

static int co_resume(lua_State *L) {
    lua_State *co = check_coroutine(L, 1);
    int results = resume(L, co, lua_gettop(L) - 1);
    if (results < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;                                           /* false, error */
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(results + 1));
    return results + 1;                                     /* true, results */
}

static int co_wrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int results = resume(L, co, lua_gettop(L));
    if (results >= 0)
        return results;
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD) { /* failed: close it, keep the last error */
        if (close_thread(L, co) != LUA_OK)
            lua_xmove(co, L, 1);                            /* stack(L): error -> error, error' */
    }
    if (lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int co_wrap(lua_State *L) {
    new_coroutine(L);                                       /* stack: f -> f, co */
    lua_pushcclosure(L, co_wrapped, 1);                     /* stack: f, co -> f, wrapped */
    return 1;
}

static int co_close(lua_State *L) {
    lua_State *co = check_coroutine(L, 1);
    int status = status_of(L, co);
    if (status != CO_DEAD && status != CO_SUSPENDED)
        return luaL_error(L, "cannot close a %s coroutine", status_names[status]);
    if (close_thread(L, co) == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);
    return 2;                                               /* false, error */
}

void sl_install_coroutines(lua_State *L, int lib) {
    static const luaL_Reg functions[] = {
        {"create", co_create}, {"resume", co_resume}, {"wrap", co_wrap},
        {"close", co_close},   {NULL, NULL},
    };
    lib = lua_absindex(L, lib);
    for (const luaL_Reg *f = functions; f->name != NULL; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, lib, f->name);
    }
}
