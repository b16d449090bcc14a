// The pattern guard: string.find, string.match, string.gmatch, string.gsub
// (and string.rep) written from the Lua 5.4 manual (§6.4.1 Patterns, §6.4
// for the functions), compatible with the stock ones, with a step counter.
//
// Why: the count hook only fires between VM instructions, never inside a C
// function, so a backtracking pattern such as
//   string.rep("a", 5000):find(".-.-.-.-.-.-b")
// or a plain find of a long near-match runs for minutes in the stock
// matcher and no budget can stop it. Here every matching step (a character
// tried, a backtrack, a memcmp slice) counts; every SL_POLL_MASK+1 steps the
// matcher checks whether the running call was tripped by the watchdog and,
// if so, raises "budget exceeded" like the hook does.
#include "sl_internal.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

#define ESCAPE '%'
#define SPECIALS "^$*+?.([%-"
#define MAX_CAPTURES 32
#define MAX_MATCH_DEPTH 200
#define CAPTURE_OPEN (-1)
#define CAPTURE_POSITION (-2)

static int byte_at(const char *p) { return (unsigned char)*p; }

/*
** State of one match attempt. Invariants: captures[0 ..< level] are the
** captures opened so far, in order of their '('; an open one has length
** CAPTURE_OPEN, a position capture CAPTURE_POSITION; depth_left counts the
** recursion still allowed.
*/
typedef struct Matcher {
    lua_State *L;
    sl_steps steps;
    const char *subject;
    const char *subject_end;
    const char *pattern_end;
    int depth_left;
    int level;
    struct {
        const char *start;
        ptrdiff_t length;
    } captures[MAX_CAPTURES];
} Matcher;

static void matcher_init(Matcher *m, lua_State *L, const char *subject, size_t subject_length,
                         const char *pattern, size_t pattern_length) {
    m->L = L;
    m->steps.rt = sl_rt(L);
    m->steps.count = 0;
    m->subject = subject;
    m->subject_end = subject + subject_length;
    m->pattern_end = pattern + pattern_length;
}

static void matcher_reset(Matcher *m) {
    m->level = 0;
    m->depth_left = MAX_MATCH_DEPTH;
}

// MARK: Character classes

/// Whether byte c is in class %cls (a letter class, its upper-case
/// complement, or else the literal byte cls).
static int in_class(int c, int cls) {
    int in;
    switch (tolower(cls)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = c == 0; break; /* deprecated in the manual, still accepted by stock Lua */
    default: return cls == c;
    }
    in = in != 0;
    return isupper(cls) ? !in : in;
}

/// Whether c is in the set [open .. close], where open points at '[' and
/// close at the ']' that ends it. The first character after '[' (or "[^")
/// is literal, so "[]]" and "[^]]" name ']'.
static int in_set(int c, const char *open, const char *close) {
    const char *p = open + 1;
    int complement = *p == '^';
    if (complement)
        p++;
    while (p < close) {
        if (*p == ESCAPE && p + 1 < close) {
            if (in_class(c, byte_at(p + 1)))
                return !complement;
            p += 2;
        } else if (p + 2 < close && p[1] == '-') {
            if (byte_at(p) <= c && c <= byte_at(p + 2))
                return !complement;
            p += 3;
        } else {
            if (byte_at(p) == c)
                return !complement;
            p++;
        }
    }
    return complement;
}

/// The end of the single-character class starting at p.
static const char *class_end(Matcher *m, const char *p) {
    switch (*p++) {
    case ESCAPE:
        if (p >= m->pattern_end)
            luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[':
        if (*p == '^')
            p++;
        do { /* the first character of a set is literal, even ']' */
            if (p >= m->pattern_end)
                luaL_error(m->L, "malformed pattern (missing ']')");
            if (*p++ == ESCAPE && p < m->pattern_end)
                p++;
        } while (*p != ']');
        return p + 1;
    default:
        return p;
    }
}

/// Whether the subject byte at s matches the class p .. end.
static int single_match(const Matcher *m, const char *s, const char *p, const char *end) {
    if (s >= m->subject_end)
        return 0;
    int c = byte_at(s);
    switch (*p) {
    case '.': return 1;
    case ESCAPE: return in_class(c, byte_at(p + 1));
    case '[': return in_set(c, p, end - 1);
    default: return byte_at(p) == c;
    }
}

// MARK: Matching

static const char *match(Matcher *m, const char *s, const char *p);

static const char *match_balance(Matcher *m, const char *s, const char *p) {
    if (p + 1 >= m->pattern_end)
        luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != *p)
        return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    for (const char *q = s + 1; q < m->subject_end; q++) {
        sl_step(m->L, &m->steps, 1);
        if (*q == close) {
            if (--depth == 0)
                return q + 1;
        } else if (*q == open) {
            depth++;
        }
    }
    return NULL;
}

static int closed_capture_index(Matcher *m, int digit) {
    int index = digit - '1';
    if (index < 0 || index >= m->level || m->captures[index].length == CAPTURE_OPEN)
        return luaL_error(m->L, "invalid capture index %%%d", index + 1);
    return index;
}

static const char *match_back_reference(Matcher *m, const char *s, int digit) {
    int index = closed_capture_index(m, digit);
    ptrdiff_t length = m->captures[index].length;
    if (length < 0) /* a position capture matches nothing */
        return NULL;
    sl_step(m->L, &m->steps, 1 + (unsigned)(length / 64));
    if ((size_t)(m->subject_end - s) >= (size_t)length &&
        memcmp(m->captures[index].start, s, (size_t)length) == 0)
        return s + length;
    return NULL;
}

/// Greedy repetition of the class p .. end, from s; backs off one byte at a
/// time until the rest of the pattern matches.
static const char *match_greedy(Matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t count = 0;
    while (single_match(m, s + count, p, end)) {
        sl_step(m->L, &m->steps, 1);
        count++;
    }
    for (; count >= 0; count--) {
        sl_step(m->L, &m->steps, 1);
        const char *rest = match(m, s + count, end + 1);
        if (rest != NULL)
            return rest;
    }
    return NULL;
}

/// Lazy repetition: tries the rest of the pattern first, then one more byte.
static const char *match_lazy(Matcher *m, const char *s, const char *p, const char *end) {
    for (;;) {
        sl_step(m->L, &m->steps, 1);
        const char *rest = match(m, s, end + 1);
        if (rest != NULL)
            return rest;
        if (!single_match(m, s, p, end))
            return NULL;
        s++;
    }
}

static const char *open_capture(Matcher *m, const char *s, const char *p, ptrdiff_t kind) {
    if (m->level >= MAX_CAPTURES)
        luaL_error(m->L, "too many captures");
    m->captures[m->level].start = s;
    m->captures[m->level].length = kind;
    m->level++;
    const char *rest = match(m, s, p);
    if (rest == NULL)
        m->level--;
    return rest;
}

static const char *close_capture(Matcher *m, const char *s, const char *p) {
    int index = m->level - 1;
    while (index >= 0 && m->captures[index].length != CAPTURE_OPEN)
        index--;
    if (index < 0)
        luaL_error(m->L, "invalid pattern capture");
    m->captures[index].length = s - m->captures[index].start;
    const char *rest = match(m, s, p);
    if (rest == NULL)
        m->captures[index].length = CAPTURE_OPEN;
    return rest;
}

/// Matches pattern p .. pattern_end against the subject from s; returns the
/// end of the match or NULL.
static const char *match(Matcher *m, const char *s, const char *p) {
    if (m->depth_left-- == 0)
        luaL_error(m->L, "pattern too complex");
    while (p < m->pattern_end) {
        sl_step(m->L, &m->steps, 1);
        switch (*p) {
        case '(':
            s = p[1] == ')' ? open_capture(m, s, p + 2, CAPTURE_POSITION)
                            : open_capture(m, s, p + 1, CAPTURE_OPEN);
            goto done;
        case ')':
            s = close_capture(m, s, p + 1);
            goto done;
        case '$':
            if (p + 1 == m->pattern_end) {
                s = s == m->subject_end ? s : NULL;
                goto done;
            }
            break; /* a '$' elsewhere is an ordinary byte */
        case ESCAPE:
            if (p[1] == 'b') {
                s = match_balance(m, s, p + 2);
                if (s == NULL)
                    goto done;
                p += 4;
                continue;
            }
            if (p[1] == 'f') {
                p += 2;
                if (*p != '[')
                    luaL_error(m->L, "missing '[' after '%%f' in pattern");
                const char *end = class_end(m, p);
                int before = s == m->subject ? '\0' : byte_at(s - 1);
                int here = s < m->subject_end ? byte_at(s) : '\0';
                if (!in_set(before, p, end - 1) && in_set(here, p, end - 1)) {
                    p = end;
                    continue;
                }
                s = NULL;
                goto done;
            }
            if (isdigit(byte_at(p + 1))) {
                s = match_back_reference(m, s, byte_at(p + 1));
                if (s == NULL)
                    goto done;
                p += 2;
                continue;
            }
            break; /* a class such as %a */
        default:
            break;
        }
        /* A single-character class, maybe followed by a repetition. */
        const char *end = class_end(m, p);
        if (!single_match(m, s, p, end)) {
            if (*end == '*' || *end == '?' || *end == '-') { /* zero repetitions */
                p = end + 1;
                continue;
            }
            s = NULL;
            goto done;
        }
        switch (*end) {
        case '?': {
            const char *rest = match(m, s + 1, end + 1);
            if (rest != NULL) {
                s = rest;
                goto done;
            }
            p = end + 1;
            continue;
        }
        case '+': s = match_greedy(m, s + 1, p, end); goto done;
        case '*': s = match_greedy(m, s, p, end); goto done;
        case '-': s = match_lazy(m, s, p, end); goto done;
        default:
            s++;
            p = end;
            continue;
        }
    }
done:
    m->depth_left++;
    return s;
}

// MARK: Captures

/// stack: -> capture i (the whole match s .. e if there are no captures and i is 0)
static void push_capture(Matcher *m, int i, const char *s, const char *e) {
    if (i >= m->level) {
        if (i != 0)
            luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t length = m->captures[i].length;
    if (length == CAPTURE_OPEN)
        luaL_error(m->L, "unfinished capture");
    if (length == CAPTURE_POSITION)
        lua_pushinteger(m->L, (m->captures[i].start - m->subject) + 1);
    else
        lua_pushlstring(m->L, m->captures[i].start, (size_t)length);
}

/// stack: -> captures (or the whole match when there are none and whole is set)
static int push_captures(Matcher *m, const char *s, const char *e, int whole) {
    int count = m->level == 0 && whole ? 1 : m->level;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++)
        push_capture(m, i, s, e);
    return count;
}

// MARK: Library functions

/// A 1-based start position from a possibly negative one (§6.4).
static size_t start_position(lua_Integer position, size_t length) {
    if (position > 0)
        return (size_t)position;
    if (position == 0)
        return 1;
    if (position < -(lua_Integer)length)
        return 1;
    return length + (size_t)position + 1;
}

static int has_specials(const char *p, size_t length) {
    for (size_t i = 0; i < length; i++) {
        if (p[i] != '\0' && strchr(SPECIALS, p[i]) != NULL)
            return 1;
    }
    return 0;
}

/// A plain substring search whose cost is counted (a near-match needle
/// costs a memcmp per position).
static const char *plain_find(lua_State *L, sl_steps *steps, const char *s, size_t length,
                              const char *needle, size_t needle_length) {
    if (needle_length == 0)
        return s;
    if (needle_length > length)
        return NULL;
    const char *last = s + (length - needle_length);
    while (s <= last) {
        const char *hit = memchr(s, needle[0], (size_t)(last - s) + 1);
        if (hit == NULL)
            return NULL;
        sl_step(L, steps, 1 + (unsigned)((size_t)(hit - s) / 256) + (unsigned)(needle_length / 64));
        if (memcmp(hit + 1, needle + 1, needle_length - 1) == 0)
            return hit;
        s = hit + 1;
    }
    return NULL;
}

static int find_or_match(lua_State *L, int find) {
    size_t length, pattern_length;
    const char *s = luaL_checklstring(L, 1, &length);
    const char *p = luaL_checklstring(L, 2, &pattern_length);
    size_t init = start_position(luaL_optinteger(L, 3, 1), length) - 1;
    if (init > length) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !has_specials(p, pattern_length))) {
        sl_steps steps = {sl_rt(L), 0};
        const char *hit = plain_find(L, &steps, s + init, length - init, p, pattern_length);
        if (hit != NULL) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (hit - s) + (lua_Integer)pattern_length);
            return 2;
        }
    } else {
        Matcher m;
        int anchored = *p == '^';
        if (anchored) {
            p++;
            pattern_length--;
        }
        matcher_init(&m, L, s, length, p, pattern_length);
        const char *start = s + init;
        do {
            matcher_reset(&m);
            const char *end = match(&m, start, p);
            if (end != NULL) {
                if (!find)
                    return push_captures(&m, start, end, 1);
                lua_pushinteger(L, (start - s) + 1);
                lua_pushinteger(L, end - s);
                return push_captures(&m, NULL, NULL, 0) + 2;
            }
        } while (start++ < m.subject_end && !anchored);
    }
    luaL_pushfail(L);
    return 1;
}

static int str_find(lua_State *L) { return find_or_match(L, 1); }
static int str_match(lua_State *L) { return find_or_match(L, 0); }

/// upvalues: subject, pattern, next start offset, end offset of the last
/// match (-1 before the first), so an empty match never repeats in place.
static int gmatch_step(lua_State *L) {
    size_t length, pattern_length;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &length);
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &pattern_length);
    lua_Integer next = lua_tointeger(L, lua_upvalueindex(3));
    lua_Integer last = lua_tointeger(L, lua_upvalueindex(4));
    Matcher m;
    matcher_init(&m, L, s, length, p, pattern_length);
    for (const char *start = s + next; start <= m.subject_end; start++) {
        matcher_reset(&m);
        const char *end = match(&m, start, p);
        if (end != NULL && end - s != last) {
            lua_pushinteger(L, end - s);
            lua_replace(L, lua_upvalueindex(3));
            lua_pushinteger(L, end - s);
            lua_replace(L, lua_upvalueindex(4));
            return push_captures(&m, start, end, 1);
        }
    }
    return 0;
}

static int str_gmatch(lua_State *L) {
    size_t length;
    luaL_checklstring(L, 1, &length);
    luaL_checkstring(L, 2);
    size_t init = start_position(luaL_optinteger(L, 3, 1), length) - 1;
    if (init > length)
        init = length + 1; /* past the end: no matches */
    lua_settop(L, 2);
    lua_pushinteger(L, (lua_Integer)init);
    lua_pushinteger(L, -1);
    lua_pushcclosure(L, gmatch_step, 4);
    return 1;
}

/// Appends the replacement string (argument 3) with %0-%9 and %% expanded.
static void add_template(Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t length;
    const char *text = lua_tolstring(L, 3, &length);
    const char *text_end = text + length;
    const char *escape;
    while ((escape = memchr(text, ESCAPE, (size_t)(text_end - text))) != NULL) {
        luaL_addlstring(b, text, (size_t)(escape - text));
        int c = byte_at(escape + 1); /* '\0' past the end: strings are terminated */
        if (c == ESCAPE) {
            luaL_addchar(b, ESCAPE);
        } else if (c == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit(c)) {
            push_capture(m, c - '1', s, e);                 /* stack: -> capture */
            luaL_tolstring(L, -1, NULL);                    /* stack: -> capture, text */
            lua_remove(L, -2);
            luaL_addvalue(b);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", ESCAPE);
        }
        text = escape + 2;
    }
    luaL_addlstring(b, text, (size_t)(text_end - text));
}

/// Appends what replaces the match s .. e. Returns whether it changed the
/// text: a function or table answering nil or false keeps the match.
static int add_replacement(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int type) {
    lua_State *L = m->L;
    switch (type) {
    case LUA_TFUNCTION: {
        lua_pushvalue(L, 3);
        int n = push_captures(m, s, e, 1);
        lua_call(L, n, 1);                                  /* stack: f, captures -> value */
        break;
    }
    case LUA_TTABLE:
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);                                 /* stack: key -> value */
        break;
    default:
        add_template(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) { /* false or nil: keep the match */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int str_gsub(lua_State *L) {
    size_t length, pattern_length;
    const char *s = luaL_checklstring(L, 1, &length);
    const char *p = luaL_checklstring(L, 2, &pattern_length);
    int type = lua_type(L, 3);
    lua_Integer limit = luaL_optinteger(L, 4, (lua_Integer)length + 1);
    luaL_argexpected(L, type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION ||
                            type == LUA_TTABLE,
                     3, "string/function/table");
    int anchored = *p == '^';
    if (anchored) {
        p++;
        pattern_length--;
    }
    Matcher m;
    matcher_init(&m, L, s, length, p, pattern_length);
    luaL_Buffer result;
    luaL_buffinit(L, &result);
    const char *last = NULL;
    lua_Integer count = 0;
    int changed = 0;
    while (count < limit) {
        matcher_reset(&m);
        const char *end = match(&m, s, p);
        if (end != NULL && end != last) {
            count++;
            changed |= add_replacement(&m, &result, s, end, type);
            s = last = end;
        } else if (s < m.subject_end) {
            luaL_addchar(&result, *s++);
        } else {
            break;
        }
        if (anchored)
            break;
    }
    if (changed) {
        luaL_addlstring(&result, s, (size_t)(m.subject_end - s));
        luaL_pushresult(&result);
    } else {
        lua_pushvalue(L, 1); /* as stock Lua: the subject itself (a number stays a number) */
    }
    lua_pushinteger(L, count);
    return 2;
}

/// string.rep: the stock one loops n times even when every copy is empty
/// (string.rep("", 2^62) never returns).
static int str_rep(lua_State *L) {
    size_t length, separator_length;
    const char *s = luaL_checklstring(L, 1, &length);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *separator = luaL_optlstring(L, 3, "", &separator_length);
    if (n <= 0 || (length == 0 && separator_length == 0)) {
        lua_pushliteral(L, "");
        return 1;
    }
    size_t unit = length + separator_length;
    if (unit < length || unit > (size_t)INT_MAX / (lua_Unsigned)n)
        return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * length + (size_t)(n - 1) * separator_length;
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, total);
    sl_steps steps = {sl_rt(L), 0};
    for (lua_Integer i = 0; i < n; i++) {
        if (i > 0) {
            memcpy(out, separator, separator_length);
            out += separator_length;
        }
        memcpy(out, s, length);
        out += length;
        sl_step(L, &steps, 1 + (unsigned)(unit / 64));
    }
    luaL_pushresultsize(&b, total);
    return 1;
}

void sl_install_patterns(lua_State *L, int lib, int stock) {
    static const luaL_Reg functions[] = {
        {"find", str_find}, {"match", str_match}, {"gmatch", str_gmatch},
        {"gsub", str_gsub}, {"rep", str_rep},     {NULL, NULL},
    };
    lib = lua_absindex(L, lib);
    stock = lua_absindex(L, stock);
    for (const luaL_Reg *f = functions; f->name != NULL; f++) {
        lua_getfield(L, lib, f->name);
        lua_setfield(L, stock, f->name);
        lua_pushcfunction(L, f->func);
        lua_setfield(L, lib, f->name);
    }
}
