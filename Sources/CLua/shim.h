// The Lua 5.4 C API, and static inline versions of the macros Swift cannot
// import. Nothing else belongs here: helpers live in CLuaSupport.
#ifndef SHEETLAB_CLUA_SHIM_H
#define SHEETLAB_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

static inline int sl_lua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int sl_lua_upvalueindex(int i) { return lua_upvalueindex(i); }

static inline void sl_lua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void sl_lua_newtable(lua_State *L) { lua_newtable(L); }
static inline void sl_lua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void sl_lua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void sl_lua_replace(lua_State *L, int idx) { lua_replace(L, idx); }
static inline void sl_lua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }

static inline int sl_lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
static inline const char *sl_lua_tostring(lua_State *L, int idx) { return lua_tostring(L, idx); }
static inline lua_Number sl_lua_tonumber(lua_State *L, int idx) { return lua_tonumber(L, idx); }
static inline lua_Integer sl_lua_tointeger(lua_State *L, int idx) { return lua_tointeger(L, idx); }
static inline int sl_lua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
static inline void *sl_lua_getextraspace(lua_State *L) { return lua_getextraspace(L); }

/* lua_gc is variadic: one wrapper per argument shape. */
static inline int sl_lua_gc(lua_State *L, int what) { return lua_gc(L, what); }
static inline int sl_lua_gc_step(lua_State *L, int kbytes) { return lua_gc(L, LUA_GCSTEP, kbytes); }

static inline int sl_luaL_loadbufferx(lua_State *L, const char *buf, size_t size,
                                      const char *name, const char *mode) {
    return luaL_loadbufferx(L, buf, size, name, mode);
}

#endif
