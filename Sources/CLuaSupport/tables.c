// table.insert, table.remove, table.move, table.concat and table.sort,
// written from the Lua 5.4 manual (§6.6) with a step counter: the stock
// versions loop in C over ranges a script chooses (a __len returning 2^62,
// table.move(t, 1, 2^62, 2)) without running Lua code, so the count hook
// never fires and nothing would stop them.
#include "sl_internal.h"

#include <limits.h>

enum { NEEDS_READ = 1, NEEDS_WRITE = 2, NEEDS_LENGTH = 4 };

static int has_metafield(lua_State *L, const char *name) {
    lua_pushstring(L, name);
    int present = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 1);
    return present;
}

/// A table, or a value whose metatable provides what the function needs.
static void check_list(lua_State *L, int arg, int needs) {
    if (lua_type(L, arg) == LUA_TTABLE)
        return;
    if (lua_getmetatable(L, arg)) {
        int usable = (!(needs & NEEDS_READ) || has_metafield(L, "__index")) &&
                     (!(needs & NEEDS_WRITE) || has_metafield(L, "__newindex")) &&
                     (!(needs & NEEDS_LENGTH) || has_metafield(L, "__len"));
        lua_pop(L, 1);
        if (usable)
            return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

static lua_Integer list_length(lua_State *L, int arg, int needs) {
    check_list(L, arg, needs | NEEDS_LENGTH);
    return luaL_len(L, arg);
}

static int table_insert(lua_State *L) {
    sl_steps steps = {sl_rt(L), 0};
    lua_Integer free_slot = list_length(L, 1, NEEDS_READ | NEEDS_WRITE) + 1;
    lua_Integer position;
    switch (lua_gettop(L)) {
    case 2:
        position = free_slot;
        break;
    case 3:
        position = luaL_checkinteger(L, 2);
        /* 1 <= position <= free_slot */
        luaL_argcheck(L, (lua_Unsigned)position - 1u < (lua_Unsigned)free_slot, 2,
                      "position out of bounds");
        for (lua_Integer i = free_slot; i > position; i--) {
            sl_step(L, &steps, 1);
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);                              /* t[i] = t[i - 1] */
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, position);                               /* stack: value -> */
    return 0;
}

static int table_remove(lua_State *L) {
    sl_steps steps = {sl_rt(L), 0};
    lua_Integer size = list_length(L, 1, NEEDS_READ | NEEDS_WRITE);
    lua_Integer position = luaL_optinteger(L, 2, size);
    if (position != size) /* 1 <= position <= size + 1 */
        luaL_argcheck(L, (lua_Unsigned)position - 1u <= (lua_Unsigned)size, 1,
                      "position out of bounds");
    lua_geti(L, 1, position);                               /* stack: -> removed */
    for (; position < size; position++) {
        sl_step(L, &steps, 1);
        lua_geti(L, 1, position + 1);
        lua_seti(L, 1, position);                           /* t[p] = t[p + 1] */
    }
    lua_pushnil(L);
    lua_seti(L, 1, position);
    return 1;
}

static int table_move(lua_State *L) {
    sl_steps steps = {sl_rt(L), 0};
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer last = luaL_checkinteger(L, 3);
    lua_Integer target = luaL_checkinteger(L, 4);
    int destination = lua_isnoneornil(L, 5) ? 1 : 5;
    check_list(L, 1, NEEDS_READ);
    check_list(L, destination, NEEDS_WRITE);
    if (last >= first) {
        luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
        lua_Integer extra = last - first; /* elements to move, minus one */
        luaL_argcheck(L, target <= LUA_MAXINTEGER - extra, 4, "destination wrap around");
        int forward = target > last || target <= first ||
                      (destination != 1 && !lua_compare(L, 1, destination, LUA_OPEQ));
        for (lua_Integer k = 0; k <= extra; k++) {
            lua_Integer i = forward ? k : extra - k;
            sl_step(L, &steps, 1);
            lua_geti(L, 1, first + i);
            lua_seti(L, destination, target + i);
        }
    }
    lua_pushvalue(L, destination);
    return 1;
}

static int table_concat(lua_State *L) {
    sl_steps steps = {sl_rt(L), 0};
    lua_Integer last = list_length(L, 1, NEEDS_READ);
    size_t separator_length;
    const char *separator = luaL_optlstring(L, 2, "", &separator_length);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_Buffer result;
    luaL_buffinit(L, &result);
    for (; i <= last; i++) {
        sl_step(L, &steps, 1);
        lua_geti(L, 1, i);                                  /* stack: -> value */
        if (!lua_isstring(L, -1))
            return luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
                              (lua_Integer)i);
        luaL_addvalue(&result);                             /* stack: value -> */
        if (i == last)
            break;
        luaL_addlstring(&result, separator, separator_length);
    }
    luaL_pushresult(&result);
    return 1;
}

// MARK: sort

/// a < b for the values at negative indices a and b (nothing pushed yet).
static int sort_less(lua_State *L, int a, int b, int has_order) {
    if (!has_order)
        return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, 2);                                    /* stack: -> order */
    lua_pushvalue(L, a - 1);
    lua_pushvalue(L, b - 2);
    lua_call(L, 2, 1);                                      /* stack: order, a, b -> result */
    int less = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return less;
}

/// stack: x, y -> (t[i] = y, t[j] = x)
static void store_two(lua_State *L, lua_Integer i, lua_Integer j) {
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
}

static int invalid_order(lua_State *L) {
    return luaL_error(L, "invalid order function for sorting");
}

/// Quicksort of t[low..high] with a median-of-three pivot; recurses into the
/// smaller part and loops on the larger, so the C depth stays logarithmic.
static void sort_range(lua_State *L, sl_steps *steps, lua_Integer low, lua_Integer high, int order) {
    while (low < high) {
        sl_step(L, steps, 1);
        lua_geti(L, 1, low);
        lua_geti(L, 1, high);                               /* stack: -> a[low], a[high] */
        if (sort_less(L, -1, -2, order))
            store_two(L, low, high);
        else
            lua_pop(L, 2);
        if (high - low == 1)
            return;
        lua_Integer middle = low + (high - low) / 2;
        lua_geti(L, 1, middle);
        lua_geti(L, 1, low);                                /* stack: -> a[mid], a[low] */
        if (sort_less(L, -2, -1, order)) {
            store_two(L, middle, low);
        } else {
            lua_pop(L, 1);
            lua_geti(L, 1, high);                           /* stack: a[mid] -> a[mid], a[high] */
            if (sort_less(L, -1, -2, order))
                store_two(L, middle, high);
            else
                lua_pop(L, 2);
        }
        if (high - low == 2)
            return;
        lua_geti(L, 1, middle);                             /* stack: -> pivot */
        lua_pushvalue(L, -1);
        lua_geti(L, 1, high - 1);                           /* stack: -> pivot, pivot, a[high-1] */
        store_two(L, middle, high - 1);                     /* stack: -> pivot */
        /* a[low] <= pivot == a[high-1] <= a[high]: partition low+1 .. high-2 */
        lua_Integer i = low, j = high - 1;
        for (;;) {
            for (;;) {
                sl_step(L, steps, 1);
                lua_geti(L, 1, ++i);                        /* stack: pivot -> pivot, a[i] */
                if (!sort_less(L, -1, -2, order))
                    break;
                if (i == high - 1)
                    invalid_order(L);
                lua_pop(L, 1);
            }
            for (;;) {
                sl_step(L, steps, 1);
                lua_geti(L, 1, --j);                        /* stack: pivot, a[i] -> pivot, a[i], a[j] */
                if (!sort_less(L, -3, -1, order))
                    break;
                if (j < i)
                    invalid_order(L);
                lua_pop(L, 1);
            }
            if (j < i) {
                lua_pop(L, 1);                              /* stack: -> pivot, a[i] */
                break;
            }
            store_two(L, i, j);                             /* stack: -> pivot */
        }
        lua_seti(L, 1, high - 1);                           /* a[high-1] = a[i] */
        lua_seti(L, 1, i);                                  /* a[i] = pivot */
        if (i - low < high - i) {
            sort_range(L, steps, low, i - 1, order);
            low = i + 1;
        } else {
            sort_range(L, steps, i + 1, high, order);
            high = i - 1;
        }
    }
}

static int table_sort(lua_State *L) {
    sl_steps steps = {sl_rt(L), 0};
    lua_Integer n = list_length(L, 1, NEEDS_READ | NEEDS_WRITE);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        int order = !lua_isnoneornil(L, 2);
        if (order)
            luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        luaL_checkstack(L, 8, "table too big to sort");
        sort_range(L, &steps, 1, n, order);
    }
    return 0;
}

void sl_install_tables(lua_State *L, int lib) {
    static const luaL_Reg functions[] = {
        {"insert", table_insert}, {"remove", table_remove}, {"move", table_move},
        {"concat", table_concat}, {"sort", table_sort},     {NULL, NULL},
    };
    lib = lua_absindex(L, lib);
    for (const luaL_Reg *f = functions; f->name != NULL; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, lib, f->name);
    }
}
