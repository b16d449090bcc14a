// The Lua 5.4 C API, and static inline versions of the macros Swift cannot
// import. Nothing else belongs here: helpers live in CLuaSupport.
#ifndef SHEETLAB_CLUA_SHIM_H
#define SHEETLAB_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

static const int SL_LUA_REGISTRYINDEX = LUA_REGISTRYINDEX;

static inline void sl_lua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void sl_lua_newtable(lua_State *L) { lua_newtable(L); }
static inline int sl_lua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int sl_lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
static inline int sl_lua_call_is_yieldable(lua_State *L) { return lua_isyieldable(L); }
static inline const char *sl_lua_tostring(lua_State *L, int idx) { return lua_tostring(L, idx); }
static inline lua_Number sl_lua_tonumber(lua_State *L, int idx) { return lua_tonumber(L, idx); }
static inline lua_Integer sl_lua_tointeger(lua_State *L, int idx) { return lua_tointeger(L, idx); }
static inline int sl_lua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
static inline void sl_lua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline void sl_lua_register(lua_State *L, const char *name, lua_CFunction f) { lua_register(L, name, f); }
static inline void *sl_lua_getextraspace(lua_State *L) { return lua_getextraspace(L); }
static inline int sl_lua_insert(lua_State *L, int idx) { lua_insert(L, idx); return 0; }
static inline void sl_lua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void sl_lua_replace(lua_State *L, int idx) { lua_replace(L, idx); }
static inline int sl_lua_gc(lua_State *L, int what, int arg) { return lua_gc(L, what, arg); }
static inline int sl_luaL_loadbufferx(lua_State *L, const char *buf, size_t size,
                                      const char *name, const char *mode) {
    return luaL_loadbufferx(L, buf, size, name, mode);
}

#endif
