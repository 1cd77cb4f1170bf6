/*
 * budget_string.c - string.find, match, gmatch, gsub and rep that stop at the
 * time limit.
 *
 * Lua's own pattern functions run in C: a pattern such as ".-.-.-.-x" over a
 * long subject backtracks for years without executing one Lua instruction,
 * so the count hook never runs. These replacements match Lua 5.4's patterns
 * (same results, same errors; tests/cli_budget_string.sh compares them with
 * lua5.4 over a list of cases), with a backtracking matcher written here that
 * counts its steps and asks the host's deadline (app_host_over_time) every
 * BUDGET_STEPS of them; past it they raise the time-limit error at the
 * script's line. string.rep copies in doubling blocks, asking between them.
 */
#include "budget_string.h"

#include <ctype.h>
#include <lauxlib.h>
#include <lua.h>
#include <limits.h>
#include <lualib.h>
#include <string.h>

#include "host.h"

enum {
    BUDGET_STEPS = 4096,   /* matcher steps between two looks at the clock */
    SET_BYTES = 16,        /* bytes of a set [...] that count as one more step */
    MAX_CAPTURES = 32,     /* LUA_MAXCAPTURES */
    MAX_DEPTH = 200,       /* recursion of the matcher: "pattern too complex" */
    CAPTURE_OPEN = -1,     /* a capture not closed yet */
    CAPTURE_POSITION = -2, /* () */
};

#define ESCAPE   '%'
#define SPECIALS "^$*+?.([%-"

typedef struct matcher {
    lua_State *L;
    app_host *host;
    const char *subject, *subject_end;
    const char *pattern_end;
    int depth;
    size_t steps; /* since the last look at the clock */
    int level;    /* captures open or closed */
    struct {
        const char *start;
        ptrdiff_t length; /* or CAPTURE_OPEN, CAPTURE_POSITION */
    } capture[MAX_CAPTURES];
} matcher;

/* Counts work and raises the time-limit error once past the deadline. */
static void spend_some(matcher *m, size_t steps) {
    m->steps += steps;
    if (m->steps >= BUDGET_STEPS) {
        m->steps = 0;
        if (app_host_over_time(m->host))
            app_host_time_error(m->L);
    }
}

static void spend(matcher *m) {
    spend_some(m, 1);
}

static void start_matching(matcher *m) {
    m->level = 0;
    m->depth = MAX_DEPTH;
}

/* ---------------------------------------------------------- classes -- */

/* The end of the single-character class at p (one past it). */
static const char *class_end(matcher *m, const char *p) {
    char c = *p++;
    if (c == ESCAPE) {
        if (p >= m->pattern_end)
            luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        const char *start = p;
        if (p < m->pattern_end && *p == '^')
            p++;
        do { /* the first ']' of a set is one of its characters */
            if (p >= m->pattern_end)
                luaL_error(m->L, "malformed pattern (missing ']')");
            if (*p++ == ESCAPE && p < m->pattern_end)
                p++;
        } while (*p != ']');
        spend_some(m, (size_t)(p - start) / SET_BYTES); /* a long set is long work */
        return p + 1;
    }
    return p;
}

/* Whether c is in the class %letter (letter lower case: in it; upper case:
 * not). The classes are the C library's, as Lua's: they follow the locale
 * (always "C" in the sandbox; os.setlocale may change it under --trust). */
static bool in_class(int c, int letter) {
    bool in;
    switch (tolower(letter)) {
    case 'a':
        in = isalpha(c);
        break;
    case 'c':
        in = iscntrl(c);
        break;
    case 'd':
        in = isdigit(c);
        break;
    case 'g':
        in = isgraph(c);
        break;
    case 'l':
        in = islower(c);
        break;
    case 'p':
        in = ispunct(c);
        break;
    case 's':
        in = isspace(c);
        break;
    case 'u':
        in = isupper(c);
        break;
    case 'w':
        in = isalnum(c);
        break;
    case 'x':
        in = isxdigit(c);
        break;
    case 'z': /* deprecated since Lua 5.2, still there */
        in = c == 0;
        break;
    default:
        return letter == c; /* %., %(, ...: the character itself */
    }
    return isupper(letter) ? !in : in;
}

/* Whether c is in the set [...] from p (at '[') to end (at its ']'). */
static bool in_set(int c, const char *p, const char *end) {
    bool in = true;
    p++;
    if (*p == '^') {
        in = false;
        p++;
    }
    for (; p < end; p++) {
        if (*p == ESCAPE) {
            p++;
            if (in_class(c, (unsigned char)*p))
                return in;
        } else if (p[1] == '-' && p + 2 < end) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2])
                return in;
            p += 2;
        } else if ((unsigned char)*p == c) {
            return in;
        }
    }
    return !in;
}

/* Whether the subject character at s matches the class from p to end. A
 * set's test is counted by its length: a set of 16 MiB is that much work
 * at every character it is tried on. */
static bool single_match(matcher *m, const char *s, const char *p, const char *end) {
    if (s >= m->subject_end)
        return false;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.':
        return true;
    case ESCAPE:
        return in_class(c, (unsigned char)p[1]);
    case '[':
        spend_some(m, (size_t)(end - p) / SET_BYTES);
        return in_set(c, p, end - 1);
    default:
        return (unsigned char)*p == c;
    }
}

/* ---------------------------------------------------------- matching -- */

static const char *match(matcher *m, const char *s, const char *p);

static const char *greedy(matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t count = 0;
    while (single_match(m, s + count, p, end)) {
        count++;
        spend(m);
    }
    for (; count >= 0; count--) { /* the longest first, then shorter */
        const char *done = match(m, s + count, end + 1);
        if (done)
            return done;
        spend(m);
    }
    return NULL;
}

static const char *lazy(matcher *m, const char *s, const char *p, const char *end) {
    for (;;) {
        const char *done = match(m, s, end + 1);
        if (done)
            return done;
        if (!single_match(m, s, p, end))
            return NULL;
        s++;
        spend(m);
    }
}

static const char *open_capture(matcher *m, const char *s, const char *p, ptrdiff_t kind) {
    if (m->level >= MAX_CAPTURES)
        luaL_error(m->L, "too many captures");
    m->capture[m->level].start = s;
    m->capture[m->level].length = kind;
    m->level++;
    const char *done = match(m, s, p);
    if (!done)
        m->level--;
    return done;
}

static const char *close_capture(matcher *m, const char *s, const char *p) {
    int open = m->level - 1;
    while (open >= 0 && m->capture[open].length != CAPTURE_OPEN)
        open--;
    if (open < 0)
        luaL_error(m->L, "invalid pattern capture");
    m->capture[open].length = s - m->capture[open].start;
    const char *done = match(m, s, p);
    if (!done)
        m->capture[open].length = CAPTURE_OPEN;
    return done;
}

/* %bxy at p (at 'b'): a balanced run from x to y. */
static const char *balanced(matcher *m, const char *s, const char *p) {
    if (p + 2 >= m->pattern_end)
        luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != p[1])
        return NULL;
    int depth = 1;
    while (++s < m->subject_end) {
        spend(m);
        if (*s == p[2]) {
            if (--depth == 0)
                return s + 1;
        } else if (*s == p[1]) {
            depth++;
        }
    }
    return NULL;
}

/* The capture a back-reference %1..%9 names (digit '1'..'9'). */
static int capture_index(matcher *m, int digit) {
    int index = digit - '1';
    if (index < 0 || index >= m->level || m->capture[index].length == CAPTURE_OPEN)
        luaL_error(m->L, "invalid capture index %%%d", index + 1);
    return index;
}

static const char *match(matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0)
        luaL_error(m->L, "pattern too complex");
    for (;;) {
        spend(m);
        if (p == m->pattern_end)
            break;
        if (*p == '(') {
            s = p + 1 < m->pattern_end && p[1] == ')' ? open_capture(m, s, p + 2, CAPTURE_POSITION)
                                                      : open_capture(m, s, p + 1, CAPTURE_OPEN);
            break;
        }
        if (*p == ')') {
            s = close_capture(m, s, p + 1);
            break;
        }
        if (*p == '$' && p + 1 == m->pattern_end) {
            s = s == m->subject_end ? s : NULL;
            break;
        }
        if (*p == ESCAPE && p + 1 < m->pattern_end && p[1] == 'b') {
            s = balanced(m, s, p + 1);
            if (s) {
                p += 4;
                continue;
            }
            break;
        }
        if (*p == ESCAPE && p + 1 < m->pattern_end && p[1] == 'f') {
            p += 2;
            if (p >= m->pattern_end || *p != '[')
                luaL_error(m->L, "missing '[' after '%%f' in pattern");
            const char *end = class_end(m, p);
            int before = s == m->subject ? 0 : (unsigned char)s[-1];
            int here = s < m->subject_end ? (unsigned char)*s : 0;
            if (!in_set(before, p, end - 1) && in_set(here, p, end - 1)) {
                p = end;
                continue;
            }
            s = NULL;
            break;
        }
        if (*p == ESCAPE && p + 1 < m->pattern_end && p[1] >= '0' && p[1] <= '9') {
            int index = capture_index(m, (unsigned char)p[1]);
            size_t length = (size_t)m->capture[index].length;
            if ((size_t)(m->subject_end - s) >= length &&
                memcmp(m->capture[index].start, s, length) == 0) {
                s += length;
                p += 2;
                continue;
            }
            s = NULL;
            break;
        }
        /* A single-character class, maybe with a repetition after it. */
        const char *end = class_end(m, p);
        char repeat = end < m->pattern_end ? *end : '\0';
        if (!single_match(m, s, p, end)) {
            if (repeat == '*' || repeat == '?' || repeat == '-') {
                p = end + 1; /* zero repetitions */
                continue;
            }
            s = NULL;
            break;
        }
        if (repeat == '?') {
            const char *done = match(m, s + 1, end + 1);
            if (done) {
                s = done;
                break;
            }
            p = end + 1;
            continue;
        }
        if (repeat == '+') {
            s = greedy(m, s + 1, p, end);
            break;
        }
        if (repeat == '*') {
            s = greedy(m, s, p, end);
            break;
        }
        if (repeat == '-') {
            s = lazy(m, s, p, end);
            break;
        }
        s++;
        p = end;
    }
    m->depth++;
    return s;
}

/* ---------------------------------------------------------- captures -- */

/* Pushes capture i (0: the whole match s..e when there are no captures). */
static void push_capture(matcher *m, int i, const char *s, const char *e) {
    if (i >= m->level) {
        if (i != 0)
            luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t length = m->capture[i].length;
    if (length == CAPTURE_OPEN)
        luaL_error(m->L, "unfinished capture");
    if (length == CAPTURE_POSITION)
        lua_pushinteger(m->L, m->capture[i].start - m->subject + 1);
    else
        lua_pushlstring(m->L, m->capture[i].start, (size_t)length);
}

/* Pushes the captures (or the whole match, when s is not NULL and there are
 * none); returns how many. */
static int push_captures(matcher *m, const char *s, const char *e) {
    int count = m->level == 0 && s ? 1 : m->level;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++)
        push_capture(m, i, s, e);
    return count;
}

/* ---------------------------------------------------------- functions -- */

/* Past the deadline a call raises the time-limit error at once, at the
 * script's line (else its first allocation would fail, without a line). */
static app_host *check_entry(lua_State *L) {
    app_host *host = app_host_of(L);
    if (app_host_timed_out(host))
        app_host_time_error(L);
    return host;
}

static void prepare(matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->host = check_entry(L);
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    m->steps = 0;
    start_matching(m);
}

/* A position argument as Lua reads it: negative counts from the end, 0 is 1. */
static size_t start_position(lua_Integer position, size_t length) {
    if (position > 0)
        return (size_t)position;
    if (position == 0)
        return 1;
    if (position < -(lua_Integer)length)
        return 1;
    return length + (size_t)position + 1;
}

static bool has_specials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++)
        if (p[i] != '\0' && strchr(SPECIALS, p[i]))
            return true;
    return false;
}

/* The first occurrence of needle in haystack, or NULL; asks the budget. */
static const char *find_plain(matcher *m, const char *haystack, size_t lh, const char *needle,
                              size_t ln) {
    if (ln == 0)
        return haystack;
    if (ln > lh)
        return NULL;
    const char *last = haystack + (lh - ln);
    const char *at = haystack;
    while (at <= last) {
        const char *first = memchr(at, needle[0], (size_t)(last - at) + 1);
        if (!first)
            return NULL;
        spend_some(m, 1 + ln / 64); /* the comparison's share of the work */
        if (memcmp(first + 1, needle + 1, ln - 1) == 0)
            return first;
        at = first + 1;
    }
    return NULL;
}

static int find_or_match(lua_State *L, bool find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls);
    if (init > ls + 1) {
        luaL_pushfail(L);
        return 1;
    }
    matcher m;
    prepare(&m, L, s, ls, p, lp);
    if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        const char *at = find_plain(&m, s + init - 1, ls - init + 1, p, lp);
        if (at) {
            lua_pushinteger(L, at - s + 1);
            lua_pushinteger(L, (lua_Integer)(at - s + lp));
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    bool anchored = lp > 0 && *p == '^';
    if (anchored) {
        p++;
        lp--;
    }
    const char *from = s + init - 1;
    do {
        start_matching(&m);
        const char *e = match(&m, from, p);
        if (e) {
            if (find) {
                lua_pushinteger(L, from - s + 1);
                lua_pushinteger(L, e - s);
                return push_captures(&m, NULL, NULL) + 2;
            }
            return push_captures(&m, from, e);
        }
    } while (from++ < m.subject_end && !anchored);
    luaL_pushfail(L);
    return 1;
}

static int budget_find(lua_State *L) {
    return find_or_match(L, true);
}

static int budget_match(lua_State *L) {
    return find_or_match(L, false);
}

/* gmatch's state, the iterator's upvalue 3 (upvalues 1 and 2: subject, pattern). */
typedef struct gmatch_state {
    size_t position;   /* where the next search starts (0-based) */
    size_t last_match; /* end of the last match (0-based), or SIZE_MAX */
} gmatch_state;

static int gmatch_next(lua_State *L) {
    size_t ls, lp;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
    gmatch_state *state = lua_touserdata(L, lua_upvalueindex(3));
    matcher m;
    prepare(&m, L, s, ls, p, lp);
    for (size_t from = state->position; from <= ls; from++) {
        start_matching(&m);
        const char *e = match(&m, s + from, p);
        if (e && (size_t)(e - s) != state->last_match) {
            state->position = state->last_match = (size_t)(e - s);
            return push_captures(&m, s + from, e);
        }
    }
    return 0;
}

static int budget_gmatch(lua_State *L) {
    check_entry(L);
    size_t ls;
    luaL_checklstring(L, 1, &ls);
    luaL_checkstring(L, 2);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls)
        init = ls + 1; /* past the end: nothing to find */
    lua_settop(L, 2);
    gmatch_state *state = lua_newuserdatauv(L, sizeof *state, 0);
    state->position = init;
    state->last_match = (size_t)-1;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* Appends the replacement string (argument 3) for the match s..e. */
static void add_string(matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    size_t length;
    const char *r = lua_tolstring(m->L, 3, &length);
    const char *end = r + length;
    while (r < end) {
        const char *escape = memchr(r, ESCAPE, (size_t)(end - r));
        if (!escape) {
            luaL_addlstring(b, r, (size_t)(end - r));
            break;
        }
        luaL_addlstring(b, r, (size_t)(escape - r));
        r = escape + 1;
        if (r < end && *r == ESCAPE) {
            luaL_addchar(b, ESCAPE);
        } else if (r < end && *r >= '0' && *r <= '9') {
            if (*r == '0')
                luaL_addlstring(b, s, (size_t)(e - s));
            else {
                push_capture(m, *r - '1', s, e);
                luaL_tolstring(m->L, -1, NULL);
                lua_remove(m->L, -2);
                luaL_addvalue(b);
            }
        } else {
            luaL_error(m->L, "invalid use of '%c' in replacement string", ESCAPE);
        }
        r++;
    }
}

/* Appends the replacement of the match s..e (a string, a table's value, a
 * function's result); false when it is the match itself (nil or false). */
static bool add_value(matcher *m, luaL_Buffer *b, const char *s, const char *e, int type) {
    lua_State *L = m->L;
    if (type == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (type == LUA_TTABLE) {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_string(m, b, s, e);
        return true;
    }
    if (!lua_toboolean(L, -1)) { /* nil or false: the original text stays */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return false;
    }
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return true;
}

static int budget_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int type = lua_type(L, 3);
    lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L,
                     type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION ||
                         type == LUA_TTABLE,
                     3, "string/function/table");
    bool anchored = lp > 0 && *p == '^';
    if (anchored) {
        p++;
        lp--;
    }
    matcher m;
    prepare(&m, L, s, ls, p, lp);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const char *from = s, *last_match = NULL;
    lua_Integer count = 0;
    bool changed = false;
    while (count < most) {
        start_matching(&m);
        const char *e = match(&m, from, p);
        if (e && e != last_match) {
            count++;
            changed = add_value(&m, &b, from, e, type) || changed;
            from = last_match = e;
        } else if (from < m.subject_end) {
            luaL_addchar(&b, *from++);
        } else {
            break;
        }
        if (anchored)
            break;
    }
    if (changed) {
        luaL_addlstring(&b, from, (size_t)(m.subject_end - from));
        luaL_pushresult(&b);
    } else {
        lua_pushvalue(L, 1); /* as Lua: the subject itself (a number stays one) */
    }
    lua_pushinteger(L, count);
    return 2;
}

/* string.rep(s, n [, sep]), copied in doubling blocks with a look at the
 * clock between them. */
static int budget_rep(lua_State *L) {
    size_t length, separator_length;
    const char *s = luaL_checklstring(L, 1, &length);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *separator = luaL_optlstring(L, 3, "", &separator_length);
    if (n <= 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    size_t unit = length + separator_length;
    size_t limit = INT_MAX; /* Lua's string library keeps results under it */
    if (unit < length || (unit > 0 && (size_t)n > limit / unit))
        return luaL_error(L, "resulting string too large");
    if (unit == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    size_t total = unit * (size_t)n - separator_length;
    app_host *host = check_entry(L);
    if (total > (1u << 20) && app_host_over_time(host))
        return app_host_time_error(L);
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, total);
    memcpy(out, s, length);
    if (separator_length > 0 && n > 1)
        memcpy(out + length, separator, separator_length);
    size_t done = n > 1 ? unit : length; /* bytes holding whole units (with their separators) */
    while (done < total) {
        size_t copy = done <= total - done ? done : total - done;
        memcpy(out + done, out, copy);
        done += copy;
        if (copy > (1u << 20) && app_host_over_time(host))
            return app_host_time_error(L);
    }
    luaL_pushresultsize(&b, total);
    return 1;
}

void app_budget_string_open(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"find", budget_find}, {"match", budget_match}, {"gmatch", budget_gmatch},
        {"gsub", budget_gsub}, {"rep", budget_rep},     {NULL, NULL},
    };
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (lua_getfield(L, -1, LUA_STRLIBNAME) == LUA_TTABLE)
        luaL_setfuncs(L, functions, 0);
    lua_pop(L, 2);
}
