// The sandbox: which libraries scripts see and how; the replacements for
// load, print, rawset, setmetatable and collectgarbage; environments;
// read-only views; the message handler; the host-function trampoline.
#include "sl_internal.h"

#include <stdio.h>
#include <string.h>

// MARK: Read-only views
//
// A view is an empty proxy whose metatable refuses writes (`__newindex`),
// hides itself (`__metatable` = false) and reads the data (`__index`,
// `__pairs`, `__len`). A library's view has a metatable of its own whose
// `__index` is the library. Snapshots (the read-only copies hosts push) are
// made by the thousand, so their views share one metatable, and each view's
// data are found in a table of views to data with weak keys (a data table
// lives as long as its view): making a snapshot's view costs a proxy and
// one entry, not a metatable of five fields. Neither table is reachable
// from Lua (both are in the registry, and `__metatable` hides the shared
// one), so no field of a view leads to writable data, nor does `pairs`
// (its state is the view; the data are its iterator's upvalue). Names
// starting with `__` read nil through a view, and `pairs` skips them.
// A reused context (sl_runtime_new_context) is a data table kept across the
// calls of one hook. The one view that reads it during a call has a
// metatable whose `__index` is the data table itself (read by the VM
// without a function call); when the call ends, that view is given the
// metatable of ended contexts, whose `__index` raises an error, so a view a
// script kept never shows another call's data.

/* Registry keys (their addresses): the metatable snapshot views share,
   their table of views to data, and the metatable of ended contexts' views. */
static const char snapshot_meta_key = 'm';
static const char snapshot_data_key = 'd';
static const char ended_context_meta_key = 'e';

int sl_readonly_newindex(lua_State *L) {
    if (lua_type(L, 2) == LUA_TSTRING)
        return luaL_error(L, "cannot assign to field '%s' of a read-only table", lua_tostring(L, 2));
    return luaL_error(L, "cannot modify a read-only table");
}

int sl_is_view_field(const char *name, size_t length) {
    return length >= 2 && name[0] == '_' && name[1] == '_';
}

static int is_view_field_at(lua_State *L, int index) {
    size_t length;
    const char *name;
    return lua_type(L, index) == LUA_TSTRING && (name = lua_tolstring(L, index, &length)) != NULL &&
           sl_is_view_field(name, length);
}

/// __index of snapshot views (upvalue 1: views to data): the data's field,
/// read through the data's own metatable if it has one.
static int snapshot_index(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 1);                 /* stack: view, key -> view, key, view */
    if (is_view_field_at(L, 2) || lua_rawget(L, lua_upvalueindex(1)) != LUA_TTABLE) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, 2);                 /* stack: -> view, key, data, key */
    lua_gettable(L, -2);
    return 1;
}

static const char context_ended[] = "a hook's context can be read only during its call (copy what you need)";

/// __index of the views of reused contexts whose call has ended.
static int ended_context_index(lua_State *L) {
    return luaL_error(L, "%s", context_ended);
}

/// stack: meta -> meta, target (the table the metatable of the view at
/// `view` shows; nil if none, or if a context's call has ended; a library's
/// or a live context's is its `__index`)
static void push_meta_target(lua_State *L, int view) {
    view = lua_absindex(L, view);
    lua_pushliteral(L, "__index");
    if (lua_rawget(L, -2) != LUA_TFUNCTION)
        return;
    lua_CFunction index = lua_tocfunction(L, -1);
    if (index == snapshot_index) {
        lua_pop(L, 1);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &snapshot_data_key);   /* stack: meta -> meta, views */
        lua_pushvalue(L, view);
        lua_rawget(L, -2);                                        /* stack: -> meta, views, data */
        lua_remove(L, -2);
    } else if (index == ended_context_index) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
}

/// stack: -> target (the table the view at `view` shows; nil if none)
static void push_view_target(lua_State *L, int view) {
    view = lua_absindex(L, view);
    if (!lua_getmetatable(L, view)) {
        lua_pushnil(L);
        return;
    }
    push_meta_target(L, view);
    lua_remove(L, -2);
}

/// next() over a view's target (upvalue 1) that skips names starting with
/// `__`. The target is an upvalue, not the iterator's state: `pairs`
/// returns its state to the script, which would then hold the writable
/// data (`local _, data = pairs(view)`).
static int readonly_next(lua_State *L) {
    lua_settop(L, 2);
    while (lua_next(L, lua_upvalueindex(1))) {
        if (is_view_field_at(L, -2)) {
            lua_pop(L, 1);
            continue;
        }
        return 2;
    }
    return 0;
}

/// stack: -> target (a view's; raises for a context whose call has ended)
static void push_readable_target(lua_State *L, int view) {
    push_view_target(L, view);
    if (!lua_istable(L, -1))
        luaL_error(L, "%s", context_ended);
}

static int readonly_pairs(lua_State *L) {
    push_readable_target(L, 1);
    lua_pushcclosure(L, readonly_next, 1);  /* stack: -> next */
    lua_pushvalue(L, 1);                    /* the state: the view itself */
    lua_pushnil(L);
    return 3;
}

static int readonly_len(lua_State *L) {
    push_readable_target(L, 1);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
    return 1;
}

/// stack: table -> table (with a rawly set field)
static void raw_set_field(lua_State *L, const char *name, void (*push)(lua_State *L, void *), void *arg) {
    lua_pushstring(L, name);
    push(L, arg);
    lua_rawset(L, -3);
}

static void push_cfunction(lua_State *L, void *f) { lua_pushcfunction(L, (lua_CFunction)f); }
static void push_false(lua_State *L, void *unused) { (void)unused; lua_pushboolean(L, 0); }
static void push_value_at(lua_State *L, void *index) { lua_pushvalue(L, (int)(intptr_t)index); }

int sl_runtime_push_view_target(lua_State *L, int index) {
    index = lua_absindex(L, index);
    if (!lua_getmetatable(L, index))                        /* stack: -> meta */
        return 0;
    lua_pushliteral(L, "__newindex");
    if (lua_rawget(L, -2) != LUA_TFUNCTION || lua_tocfunction(L, -1) != sl_readonly_newindex) {
        lua_pop(L, 2);
        return 0;
    }
    lua_pop(L, 1);
    push_meta_target(L, index);                             /* stack: meta -> meta, target */
    lua_remove(L, -2);                                      /* stack: -> target */
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}

/// Fills the table on top as a view's metatable, all but `__index`.
static void fill_view_metatable(lua_State *L) {
    raw_set_field(L, "__newindex", push_cfunction, (void *)sl_readonly_newindex);
    raw_set_field(L, "__metatable", push_false, NULL);
    raw_set_field(L, "__pairs", push_cfunction, (void *)readonly_pairs);
    raw_set_field(L, "__len", push_cfunction, (void *)readonly_len);
}

/// stack: -> meta (the metatable snapshot views share; made with their
/// table of views to data on first use)
static void push_snapshot_meta(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &snapshot_meta_key) == LUA_TTABLE)
        return;
    lua_pop(L, 1);
    /* Making them takes five slots above the proxy, more than a view's
       hot path; growing the stack does not raise (nor is it refused in
       host mode). */
    lua_checkstack(L, 5);
    lua_createtable(L, 0, 5);                                   /* stack: -> meta */
    lua_pushliteral(L, "__index");
    lua_createtable(L, 0, 0);                                   /* stack: -> meta, "__index", views */
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);                                    /* weak keys */
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &snapshot_data_key);
    lua_pushcclosure(L, snapshot_index, 1);                     /* stack: -> meta, "__index", index */
    lua_rawset(L, -3);                                          /* stack: -> meta */
    fill_view_metatable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &snapshot_meta_key);
}

void sl_runtime_make_readonly(lua_State *L) {
    lua_createtable(L, 0, 0);                                   /* stack: data -> data, proxy */
    push_snapshot_meta(L);
    lua_setmetatable(L, -2);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &snapshot_data_key);      /* stack: -> data, proxy, views */
    lua_pushvalue(L, -2);
    lua_pushvalue(L, -4);
    lua_rawset(L, -3);                                          /* views[proxy] = data */
    lua_pop(L, 1);
    lua_replace(L, -2);                                         /* stack: -> proxy */
}

void sl_runtime_new_context(lua_State *L, int field_capacity) {
    /* Made here, where allocating is allowed, so that ending a call
       allocates nothing. */
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &ended_context_meta_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 5);                               /* stack: -> ended */
        raw_set_field(L, "__index", push_cfunction, (void *)ended_context_index);
        fill_view_metatable(L);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &ended_context_meta_key);
    } else {
        lua_pop(L, 1);
    }
    lua_createtable(L, 0, field_capacity);                      /* stack: -> data */
    lua_createtable(L, 0, 5);                                   /* stack: -> data, meta */
    raw_set_field(L, "__index", push_value_at, (void *)(intptr_t)lua_absindex(L, -2));
    fill_view_metatable(L);
    lua_pushboolean(L, 0);                                      /* stack: -> data, meta, false (no view yet) */
}

/// Gives the view in the registry slot `view_ref`, if any, the metatable of
/// ended contexts, and empties the slot. stack: unchanged (2 slots above)
static void end_context_view(lua_State *L, int view_ref) {
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, view_ref) == LUA_TTABLE) {   /* stack: -> view */
        lua_rawgetp(L, LUA_REGISTRYINDEX, &ended_context_meta_key);
        lua_setmetatable(L, -2);
        lua_pushboolean(L, 0);
        lua_rawseti(L, LUA_REGISTRYINDEX, view_ref);
    }
    lua_pop(L, 1);
}

void sl_runtime_push_context_view(lua_State *L, int meta, int view_ref) {
    meta = lua_absindex(L, meta);
    end_context_view(L, view_ref);                              /* a view whose call was not ended */
    lua_createtable(L, 0, 0);                                   /* stack: -> view */
    lua_pushvalue(L, meta);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawseti(L, LUA_REGISTRYINDEX, view_ref);                /* the view that reads the data now */
}

void sl_runtime_end_context(lua_State *L, int view_ref) { end_context_view(L, view_ref); }

/// stack: -> proxy (a read-only view of the library table at `target`)
static void push_library_view(lua_State *L, int target) {
    target = lua_absindex(L, target);
    lua_createtable(L, 0, 0);            /* stack: -> proxy */
    lua_createtable(L, 0, 5);            /* stack: -> proxy, meta */
    raw_set_field(L, "__index", push_value_at, (void *)(intptr_t)target);
    fill_view_metatable(L);
    lua_setmetatable(L, -2);             /* stack: -> proxy */
}

// MARK: Environments

/// stack: -> env
static void push_environment(lua_State *L, int meta) {
    meta = lua_absindex(L, meta);
    lua_createtable(L, 0, 1);            /* stack: -> env */
    lua_pushliteral(L, "_G");
    lua_pushvalue(L, -2);
    lua_rawset(L, -3);                   /* env._G = env */
    lua_pushvalue(L, meta);
    lua_setmetatable(L, -2);
}

void sl_runtime_push_environment(sl_runtime *rt, lua_State *L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, rt->ref_env_meta);    /* stack: -> meta */
    push_environment(L, -1);                                /* stack: -> meta, env */
    lua_remove(L, -2);                                      /* stack: -> env */
}

static int read_only_global(lua_State *L, int key) {
    if (lua_type(L, key) == LUA_TSTRING)
        return luaL_error(L, "cannot assign to read-only global '%s'", lua_tostring(L, key));
    return luaL_error(L, "cannot assign to a read-only global");
}

/// __newindex of environments: globals of the base (stdlib, host) are
/// read-only; anything else is the script's own. upvalue 1: base.
static int env_newindex(lua_State *L) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
        return read_only_global(L, 2);
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

// MARK: Base library replacements

/// rawset that refuses read-only views and base globals in environments.
/// upvalue 1: environment metatable; upvalue 2: base.
static int sandbox_rawset(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    lua_settop(L, 3);
    if (lua_getmetatable(L, 1)) {                           /* stack: t, k, v -> t, k, v, mt */
        if (lua_rawequal(L, -1, lua_upvalueindex(1))) {
            lua_pushvalue(L, 2);
            if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL)
                return read_only_global(L, 2);
        } else {
            lua_pushliteral(L, "__newindex");
            if (lua_rawget(L, -2) == LUA_TFUNCTION && lua_tocfunction(L, -1) == sl_readonly_newindex)
                return luaL_error(L, "cannot modify a read-only table");
        }
        lua_settop(L, 3);
    }
    lua_rawset(L, 1);                                       /* stack: t, k, v -> t */
    return 1;
}

/// setmetatable without __gc: Lua 5.4 runs finalizers with hooks disabled
/// (lgc.c GCTM clears allowhook), so no budget could stop one.
static int sandbox_setmetatable(lua_State *L) {
    int type = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    if (type == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "__gc metamethods are not allowed in the sandbox");
        lua_pop(L, 1);
    }
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

static int sandbox_collectgarbage(lua_State *L) {
    static const char *const allowed[] = {"collect", "count", "step", "isrunning", NULL};
    const char *option = luaL_optstring(L, 1, "collect");
    int which = -1;
    for (int i = 0; allowed[i] != NULL; i++) {
        if (strcmp(option, allowed[i]) == 0)
            which = i;
    }
    switch (which) {
    case 0:
        lua_gc(L, LUA_GCCOLLECT);
        lua_pushinteger(L, 0);
        return 1;
    case 1: {
        int kbytes = lua_gc(L, LUA_GCCOUNT);
        int bytes = lua_gc(L, LUA_GCCOUNTB);
        lua_pushnumber(L, (lua_Number)kbytes + (lua_Number)bytes / 1024);
        return 1;
    }
    case 2: {
        lua_Integer step = luaL_optinteger(L, 2, 0);
        if (step < 0)
            step = 0;
        if (step > 1 << 20)
            step = 1 << 20;
        lua_pushboolean(L, lua_gc(L, LUA_GCSTEP, (int)step));
        return 1;
    }
    case 3:
        lua_pushboolean(L, lua_gc(L, LUA_GCISRUNNING));
        return 1;
    default:
        break;
    }
    static const char *const refused[] = {"stop", "restart", "incremental", "generational",
                                          "setpause", "setstepmul", NULL};
    for (int i = 0; refused[i] != NULL; i++) {
        if (strcmp(option, refused[i]) == 0)
            return luaL_argerror(L, 1, lua_pushfstring(L, "option '%s' is not allowed in the sandbox", option));
    }
    return luaL_argerror(L, 1, lua_pushfstring(L, "invalid option '%s'", option)); /* as stock Lua */
}

/// print: the line goes to the host's print sink.
static int sandbox_print(lua_State *L) {
    sl_runtime *rt = sl_rt(L);
    int n = lua_gettop(L);
    luaL_Buffer line;
    luaL_buffinit(L, &line);
    for (int i = 1; i <= n; i++) {
        if (i > 1)
            luaL_addchar(&line, '\t');
        luaL_tolstring(L, i, NULL);                         /* stack: -> string */
        luaL_addvalue(&line);                               /* stack: string -> */
    }
    luaL_pushresult(&line);                                 /* stack: -> line */
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    if (rt->print_sink != NULL) {
        int mode = rt->script_mode;
        rt->script_mode = 0;
        rt->print_sink(rt->host_context, text, length);
        rt->script_mode = mode;
    }
    return 0;
}

static int trampoline(lua_State *L);

/*
** The globals `load` gives a chunk when no environment is passed: in plain
** Lua the one global table; here, where each chunk has its own, those of the
** script that calls `load`. That is the _ENV of the nearest function on the
** call stack that has one, skipping C functions (`pcall(load, s)`) and Lua
** functions that use no globals (`local load = load`). The walk stops at a
** host function: what lies below it is the code that called the host (a
** scenario below a policy hook), whose globals are not this script's.
** stack: -> env (nothing, returning 0, if no function has one)
*/
static int push_caller_environment(lua_State *L) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "f", &ar))                      /* stack: -> fn */
            return 0;
        if (lua_iscfunction(L, -1)) {
            int host = lua_tocfunction(L, -1) == trampoline;
            lua_pop(L, 1);
            if (host)
                return 0;
            continue;
        }
        for (int i = 1;; i++) {
            const char *name = lua_getupvalue(L, -1, i);    /* stack: fn -> fn, value */
            if (name == NULL)
                break;
            if (strcmp(name, "_ENV") == 0) {
                lua_remove(L, -2);                          /* stack: -> env */
                return 1;
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);                                      /* stack: fn -> */
    }
    return 0;
}

/// stack: message -> fail, message
static int load_failed(lua_State *L) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

/// load: text only (binary chunks fail as under mode "t"), with the given
/// environment, or else the calling script's (push_caller_environment), or
/// a fresh sandbox one. A reader function is drained first (polling the
/// budget between pieces).
/// upvalue 1: environment metatable.
static int sandbox_load(lua_State *L) {
    size_t length;
    const char *text = lua_tolstring(L, 1, &length);
    const char *mode = luaL_optstring(L, 3, "bt");
    int has_env = !lua_isnone(L, 4);
    const char *name;
    if (text != NULL) {
        name = luaL_optstring(L, 2, text);
        lua_pushvalue(L, 1);                                /* stack: -> text */
    } else {
        sl_runtime *rt = sl_rt(L);
        name = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        luaL_Buffer source;
        luaL_buffinit(L, &source);
        for (;;) {
            lua_pushvalue(L, 1);
            /* As in stock Lua, a reader's error is load's answer, not raised. */
            if (lua_pcall(L, 0, 1, 0) != LUA_OK)                /* stack: -> piece | message */
                return load_failed(L);
            if (lua_isnil(L, -1)) {
                lua_pop(L, 1);
                break;
            }
            if (lua_type(L, -1) != LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER) {
                lua_pushliteral(L, "reader function must return a string");
                return load_failed(L);
            }
            size_t piece;
            lua_tolstring(L, -1, &piece);
            if (piece == 0) {
                lua_pop(L, 1);
                break;
            }
            luaL_addvalue(&source);                         /* stack: piece -> */
            sl_poll(L, rt);
        }
        luaL_pushresult(&source);                           /* stack: -> text */
        text = lua_tolstring(L, -1, &length);
    }
    /* Binary chunks never load (they can break the VM). A text chunk loads
       under the script's mode, so mode "b" refuses it as stock Lua does. */
    if (length > 0 && text[0] == LUA_SIGNATURE[0])
        mode = "t";
    int status = luaL_loadbufferx(L, text, length, name, mode); /* stack: -> fn | message */
    if (status != LUA_OK)
        return load_failed(L);
    if (has_env)
        lua_pushvalue(L, 4);
    else if (!push_caller_environment(L))
        push_environment(L, lua_upvalueindex(1));           /* stack: fn -> fn, env */
    if (lua_setupvalue(L, -2, 1) == NULL)                   /* stack: fn, env -> fn */
        lua_pop(L, 1);
    return 1;
}

/*
** Why xpcall is replaced: when the budget hook raises, Lua leaves hooks off
** (allowhook = 0) until the error reaches the pcall that catches it, and
** message handlers run during that unwinding. A script's handler that loops
** would then never be stopped. The handler xpcall installs is a C wrapper
** that skips the script's handler while a running call is tripped.
*/
static int guarded_handler(lua_State *L) {
    if (sl_stop_kind_now(sl_rt(L)) != SL_STOP_NONE) {
        lua_settop(L, 1);
        return 1;                                           /* the error, as is */
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);                      /* stack: h, args -> result */
    return 1;
}

static int xpcall_done(lua_State *L, int status, lua_KContext base) {
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;                                           /* false, error */
    }
    return lua_gettop(L) - (int)base;                       /* true, results */
}

static int sandbox_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);                                      /* stack: f, guarded, args */
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);                                    /* stack: f, guarded, true, f, args */
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, xpcall_done);
    return xpcall_done(L, status, 2);
}

// MARK: Message handler and trampoline

static void copy_text(char *destination, size_t size, const char *source, size_t length) {
    if (length >= size)
        length = size - 1;
    memcpy(destination, source, length);
    destination[length] = '\0';
}

/// Runs under the budget of the failing call: turns the error object into a
/// string (calling __tostring, which the budget can stop) and records the
/// traceback and the innermost Lua position for the host.
int sl_msgh(lua_State *L) {
    sl_runtime *rt = sl_rt(L);
    if (lua_type(L, 1) != LUA_TSTRING) {
        /* Once tripped, hooks may be off here (see guarded_handler): no __tostring. */
        if (sl_stop_kind_now(rt) != SL_STOP_NONE ||
            !(luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING))
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    } else {
        lua_pushvalue(L, 1);
    }
    for (int level = 1;; level++) {
        lua_Debug ar;
        if (!lua_getstack(L, level, &ar))
            break;
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(rt->where, sizeof rt->where, "%s:%d:", ar.short_src, ar.currentline);
            break;
        }
    }
    luaL_traceback(L, L, NULL, 1);                           /* stack: -> traceback */
    size_t length;
    const char *traceback = lua_tolstring(L, -1, &length);
    copy_text(rt->traceback, sizeof rt->traceback, traceback, length);
    lua_pop(L, 1);
    return 1;
}

static int trampoline(lua_State *L) {
    sl_runtime *rt = sl_rt(L);
    int index = (int)lua_tointeger(L, lua_upvalueindex(1));
    int mode = rt->script_mode;
    int results;
    rt->script_mode = 0;
    if (rt->dispatch != NULL) {
        results = rt->dispatch(L, rt->host_context, index);
    } else {
        lua_pushliteral(L, "host function called after its runtime closed");
        results = SL_HOST_ERROR;
    }
    rt->script_mode = mode;
    /* The Swift frames are gone: from here on raising is safe. */
    int kind = sl_stop_kind_now(rt);
    if (kind != SL_STOP_NONE) {
        sl_arm(L);
        sl_raise_stop(L, kind, 1);
    }
    if (results == SL_HOST_ERROR) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (results == SL_HOST_ERROR_RAW)
        return lua_error(L);
    if (results == SL_HOST_ERROR_MEMORY)
        sl_raise_memory(L);
    sl_charge_results(L);
    return results;
}

void sl_runtime_push_host_function(sl_runtime *rt, lua_State *L, int index) {
    (void)rt;
    lua_pushinteger(L, index);
    lua_pushcclosure(L, trampoline, 1);
}

// MARK: Host globals

int sl_runtime_set_global(sl_runtime *rt, lua_State *L, const char *library, const char *name,
                          size_t name_length) {
    int value = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, rt->ref_base);         /* stack: value -> value, base */
    if (library != NULL) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, rt->ref_libraries); /* stack: -> value, base, libraries */
        lua_pushstring(L, library);
        if (lua_rawget(L, -2) == LUA_TNIL) {                 /* stack: -> value, base, libraries, target? */
            lua_pop(L, 1);
            lua_pushstring(L, library);
            if (lua_rawget(L, value + 1) != LUA_TNIL) {     /* taken by a non-library global */
                lua_settop(L, value - 1);
                return 0;
            }
            lua_pop(L, 1);
            lua_createtable(L, 0, 8);                       /* stack: -> value, base, libraries, target */
            lua_pushstring(L, library);
            lua_pushvalue(L, -2);
            lua_rawset(L, -4);                              /* libraries[library] = target */
            lua_pushstring(L, library);
            push_library_view(L, -2);
            lua_rawset(L, value + 1);                       /* base[library] = view */
        }
        lua_replace(L, value + 1);                          /* stack: -> value, target, libraries */
        lua_pop(L, 1);                                      /* stack: -> value, target */
    }
    lua_pushlstring(L, name, name_length);
    lua_pushvalue(L, value);
    lua_rawset(L, value + 1);                               /* stack: value, table -> value, table */
    lua_settop(L, value - 1);                               /* stack: -> */
    return 1;
}

// MARK: Chunks

int sl_runtime_load(sl_runtime *rt, lua_State *L, const char *text, size_t length,
                    const char *chunkname, int env_index) {
    if (env_index != 0)
        env_index = lua_absindex(L, env_index);
    int mode = rt->script_mode;
    rt->script_mode = 1;
    int status = luaL_loadbufferx(L, text, length, chunkname, "t"); /* stack: -> fn | message */
    rt->script_mode = mode;
    if (status != LUA_OK)
        return status;
    if (env_index != 0)
        lua_pushvalue(L, env_index);
    else
        sl_runtime_push_environment(rt, L);                  /* stack: fn -> fn, env */
    if (lua_setupvalue(L, -2, 1) == NULL)                    /* stack: fn, env -> fn */
        lua_pop(L, 1);
    return LUA_OK;
}

void sl_runtime_push_stock_string_functions(sl_runtime *rt, lua_State *L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, rt->ref_stock);
}

// MARK: Opening the sandbox

static void copy_fields(lua_State *L, int from, int to, const char *const names[]) {
    for (int i = 0; names[i] != NULL; i++) {
        lua_getfield(L, from, names[i]);
        lua_setfield(L, to, names[i]);
    }
}

/// Runs protected, in host mode, when the runtime opens.
int sl_open_sandbox(lua_State *L) {
    sl_runtime *rt = sl_rt(L);
    static const luaL_Reg libraries[] = {
        {LUA_GNAME, luaopen_base},          {LUA_TABLIBNAME, luaopen_table},
        {LUA_STRLIBNAME, luaopen_string},   {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},    {LUA_COLIBNAME, luaopen_coroutine},
        {LUA_OSLIBNAME, luaopen_os},        {NULL, NULL},
    };
    enum { GLOBALS = 1, TABLE, STRING, MATH, UTF8, COROUTINE, OS, BASE, ENV_META, STOCK, SAFE_OS };
    for (const luaL_Reg *lib = libraries; lib->func != NULL; lib++)
        luaL_requiref(L, lib->name, lib->func, 0);          /* stack: -> 1..7 the libraries */

    lua_newtable(L);                                        /* BASE */
    lua_newtable(L);                                        /* ENV_META */
    lua_newtable(L);                                        /* STOCK */
    lua_newtable(L);                                        /* SAFE_OS */

    static const char *const base_names[] = {
        "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal",
        "rawget", "rawlen", "select", "tonumber", "tostring", "type", "warn",
        "_VERSION", NULL,
    };
    copy_fields(L, GLOBALS, BASE, base_names);

    /* Environments: own globals over the read-only base. */
    lua_pushvalue(L, BASE);
    lua_setfield(L, ENV_META, "__index");
    lua_pushvalue(L, BASE);
    lua_pushcclosure(L, env_newindex, 1);
    lua_setfield(L, ENV_META, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, ENV_META, "__metatable");

    lua_pushvalue(L, ENV_META);
    lua_pushcclosure(L, sandbox_load, 1);
    lua_setfield(L, BASE, "load");
    lua_pushvalue(L, ENV_META);
    lua_pushvalue(L, BASE);
    lua_pushcclosure(L, sandbox_rawset, 2);
    lua_setfield(L, BASE, "rawset");
    lua_pushcfunction(L, sandbox_setmetatable);
    lua_setfield(L, BASE, "setmetatable");
    lua_pushcfunction(L, sandbox_collectgarbage);
    lua_setfield(L, BASE, "collectgarbage");
    lua_pushcfunction(L, sandbox_print);
    lua_setfield(L, BASE, "print");
    lua_pushcfunction(L, sandbox_xpcall);
    lua_setfield(L, BASE, "xpcall");

    /* string: no dump; guarded patterns and rep; a locked metatable. */
    lua_pushnil(L);
    lua_setfield(L, STRING, "dump");
    sl_install_patterns(L, STRING, STOCK);
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    sl_install_tables(L, TABLE);
    sl_install_coroutines(L, COROUTINE);

    static const char *const os_names[] = {"clock", "time", "date", NULL};
    copy_fields(L, OS, SAFE_OS, os_names);

    /* Deterministic runs: a fixed seed (scripts may reseed). */
    lua_getfield(L, MATH, "randomseed");
    lua_pushinteger(L, 0);
    lua_call(L, 1, 0);

    static const struct { const char *name; int index; } views[] = {
        {LUA_TABLIBNAME, TABLE}, {LUA_STRLIBNAME, STRING}, {LUA_MATHLIBNAME, MATH},
        {LUA_UTF8LIBNAME, UTF8}, {LUA_COLIBNAME, COROUTINE}, {LUA_OSLIBNAME, SAFE_OS},
    };
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
        push_library_view(L, views[i].index);
        lua_setfield(L, BASE, views[i].name);
    }

    /* The unsandboxed globals and os stay unreachable: drop them. The
       loaded-modules table (in the registry, which scripts cannot reach)
       shows what scripts see instead: error messages and tracebacks name
       a function by looking it up there ("bad argument #1 to
       'collectgarbage'", not "to '?'"). */
    lua_newtable(L);
    lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, BASE);
    lua_setfield(L, -2, LUA_GNAME);
    lua_pushvalue(L, SAFE_OS);
    lua_setfield(L, -2, LUA_OSLIBNAME);
    lua_pop(L, 1);

    lua_newtable(L);
    rt->ref_libraries = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushvalue(L, STOCK);
    rt->ref_stock = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushvalue(L, ENV_META);
    rt->ref_env_meta = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushvalue(L, BASE);
    rt->ref_base = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}
