/*
 * lua_bugs.c - refuses, when a chunk is loaded, the code Lua 5.4.4 compiles
 * into something that misbehaves. Each check reads the compiled instructions
 * (app/lua_chunk.h): they say exactly what the compiler did, where a scan of
 * the text would have to guess it. Three bugs are answered here:
 *
 *   - upstream 997f11f5, "'break' may not properly close variable in a 'for'
 *     loop": a 'break' out of a generic for, whose body keeps a local in a
 *     closure, closes from the register above the loop's four control
 *     variables, so the loop's to-be-closed value stays in the thread's list
 *     after the loop; the next to-be-closed variable below it then writes
 *     past the stack (a SIGSEGV). The compiler leaves its mark: the CLOSE
 *     right after the loop's TFORLOOP names the wrong register.
 *   - upstream c764ca71, "wrong code generation in bitwise operations": in a
 *     function of more than 256 constants, 'K & e', 'K | e', 'K ~ e' with an
 *     integer constant K on the left load K into a register after e's code
 *     has begun: e's jumps to its end skip the load (1 ~ (2 or 3) is 0).
 *     Refused when the left register of a BAND, BOR or BXOR, not a local,
 *     was last loaded with an integer (LOADI, LOADK) that a jump from before
 *     it skips: every wrong case, and the rare right one whose left side
 *     ends in an integer and a jump ('(a or 3) ~ x') in such functions.
 *   - upstream 7923dbbf, "recursion in 'getobjname' can stack overflow": to
 *     name the variable in an error message ("attempt to index a nil value
 *     (field 'x')"), Lua follows the instructions that computed a register
 *     back, one C call for each step of a chain a.b.c.d..., scanning the
 *     function from its start each time. A chain of 100,000 fields crashes
 *     the C stack (and 40,000 take a second of C work). The length of every
 *     chain is computed in one pass over the code, as Lua would follow it
 *     (an upper bound: Lua also stops at locals and jumps), and a chain
 *     longer than CHAIN_LIMIT is refused.
 */
#include "lua_bugs.h"

#include <lauxlib.h>
#include <lua.h>
#include <string.h>

#include "lua_chunk.h"

enum {
    CHAIN_LIMIT = 200,    /* steps a name may be followed back */
    CONSTANT_LIMIT = 256, /* constants an instruction's K operand can index */
    REGISTERS = 256,
    LOOK_BACK = 64, /* instructions searched back for an operand's load */
};

typedef struct finding {
    int line;
    char what[256];
} finding;

/* Whether op sets register A (Lua's testAMode). */
static bool sets_a(int op) {
    static const unsigned char no_a[] = {10, 15, 16, 17, 18, 46, 47, 48, 54, 55, 56, 57, 58, 59,
                                         60, 61, 62, 63, 64, 65, 66, 70, 71, 72, 75, 76, 78, 82};
    if (op < 0 || op >= APP_OP_COUNT)
        return false;
    return memchr(no_a, op, sizeof no_a) == NULL;
}

/* ----------------------------------------------------- break out of for -- */

static bool break_closes_wrong_level(const app_chunk_function *f, finding *out) {
    for (int pc = 0; pc + 1 < f->code_count; pc++) {
        uint32_t loop = app_chunk_instruction(f, pc);
        if (app_op(loop) != APP_OP_TFORLOOP)
            continue;
        uint32_t close = app_chunk_instruction(f, pc + 1);
        if (app_op(close) == APP_OP_CLOSE && app_arg_a(close) != app_arg_a(loop)) {
            out->line = app_chunk_line(f, pc);
            snprintf(out->what, sizeof out->what,
                     "'break' out of this 'for ... in' loop, whose body makes a function "
                     "using its locals, would leave the loop's to-be-closed value open (a bug "
                     "of Lua 5.4.4); leave the loop with 'goto' to a label after its 'end'");
            return true;
        }
    }
    return false;
}

/* --------------------------------------------------- bitwise constants -- */

/* The pc of the instruction that last set register reg before pc if it
 * loaded an integer constant (LOADI, LOADK, LOADKX), else -1. */
static int integer_load(const app_chunk_function *f, int reg, int pc) {
    for (int at = pc - 1; at >= 0 && at >= pc - LOOK_BACK; at--) {
        uint32_t i = app_chunk_instruction(f, at);
        int op = app_op(i);
        if (op == APP_OP_CALL || op == APP_OP_TAILCALL) {
            if (reg >= app_arg_a(i))
                return -1;
            continue;
        }
        if (!sets_a(op) || app_arg_a(i) != reg)
            continue;
        bool integer = false;
        if (op == APP_OP_LOADI)
            integer = true;
        else if (op == APP_OP_LOADK)
            integer = app_chunk_constant_is_integer(f, app_arg_bx(i));
        else if (op == APP_OP_LOADKX && at + 1 < f->code_count)
            integer =
                app_chunk_constant_is_integer(f, app_arg_ax(app_chunk_instruction(f, at + 1)));
        return integer ? at : -1;
    }
    return -1;
}

/* Whether a jump before load lands after it, at op or before: the right
 * operand's code, emitted before the constant, skips the constant's load. */
static bool jumped_over(const app_chunk_function *f, int load, int op) {
    for (int at = load - 1; at >= 0 && at >= load - LOOK_BACK; at--) {
        uint32_t i = app_chunk_instruction(f, at);
        if (app_op(i) != APP_OP_JMP)
            continue;
        int target = at + 1 + app_arg_sj(i);
        if (target > load && target <= op)
            return true;
    }
    return false;
}

static bool bitwise_constant_left(const app_chunk_function *f, finding *out) {
    if (f->constant_count <= CONSTANT_LIMIT)
        return false;
    for (int pc = 0; pc < f->code_count; pc++) {
        uint32_t i = app_chunk_instruction(f, pc);
        int op = app_op(i);
        if (op != APP_OP_BAND && op != APP_OP_BOR && op != APP_OP_BXOR)
            continue;
        int left = app_arg_b(i);
        if (app_chunk_is_local(f, left, pc))
            continue;
        int load = integer_load(f, left, pc);
        if (load < 0 || !jumped_over(f, load, pc))
            continue;
        const char *symbol = op == APP_OP_BAND ? "&" : op == APP_OP_BOR ? "|" : "~";
        out->line = app_chunk_line(f, pc);
        snprintf(out->what, sizeof out->what,
                 "'%s' with an integer constant on its left (or an expression ending in one), "
                 "in a function of more than %d constants, is compiled wrongly by Lua 5.4.4; "
                 "write the constant on the right ('x %s 1'), or move the long table into a "
                 "function of its own",
                 symbol, CONSTANT_LIMIT, symbol);
        return true;
    }
    return false;
}

/* --------------------------------------------------------- name chains -- */

static int larger(int a, int b) {
    return a > b ? a : b;
}

/* The steps getobjname would take from register reg at pc: 0 for an
 * active local when exact (it names it at once). */
static int steps_from(const app_chunk_function *f, const int *steps, int reg, int pc, bool exact) {
    if (exact && steps[reg] > 0 && app_chunk_is_local(f, reg, pc))
        return 0;
    return steps[reg];
}

/* The longest chain, following Lua 5.4.4's getobjname and findsetreg; pc
 * of the instruction where it ends in *where. */
static int longest_chain(const app_chunk_function *f, bool exact, int *where) {
    int steps[REGISTERS] = {0};
    int longest = 0;
    for (int pc = 0; pc < f->code_count; pc++) {
        uint32_t i = app_chunk_instruction(f, pc);
        int op = app_op(i), a = app_arg_a(i), b = app_arg_b(i), c = app_arg_c(i);
        int set = 0;
        switch (op) {
        case APP_OP_MOVE:
            set = b < a ? 1 + steps_from(f, steps, b, pc, exact) : 0;
            break;
        case APP_OP_GETTABUP:
        case APP_OP_GETI:
            set = 1;
            break;
        case APP_OP_GETTABLE:
            set =
                1 + larger(steps_from(f, steps, b, pc, exact), steps_from(f, steps, c, pc, exact));
            break;
        case APP_OP_GETFIELD:
            set = 1 + steps_from(f, steps, b, pc, exact);
            break;
        case APP_OP_SELF: /* only A counts as set, as for Lua */
            set = 1 + (app_arg_k(i) ? 0 : steps_from(f, steps, c, pc, exact));
            break;
        case APP_OP_LOADNIL:
            for (int r = a; r <= a + b && r < REGISTERS; r++)
                steps[r] = 0;
            continue;
        case APP_OP_TFORCALL:
            for (int r = a + 2; r < REGISTERS; r++)
                steps[r] = 0;
            continue;
        case APP_OP_CALL:
        case APP_OP_TAILCALL:
            for (int r = a; r < REGISTERS; r++)
                steps[r] = 0;
            continue;
        default:
            if (sets_a(op))
                steps[a] = 0;
            continue;
        }
        steps[a] = set;
        if (set > longest) {
            longest = set;
            *where = pc;
        }
    }
    return longest;
}

static bool chain_too_long(const app_chunk_function *f, finding *out) {
    int where = 0;
    if (longest_chain(f, false, &where) <= CHAIN_LIMIT ||
        longest_chain(f, true, &where) <= CHAIN_LIMIT)
        return false;
    out->line = app_chunk_line(f, where);
    snprintf(out->what, sizeof out->what,
             "this expression chains more than %d field accesses ('a.b.c...'), which Lua "
             "5.4.4 follows back one C call each to name them in an error message (a long "
             "chain overflows the C stack); break the chain with local variables",
             CHAIN_LIMIT);
    return true;
}

/* --------------------------------------------------------------- check -- */

static bool check_function(const app_chunk_function *f, void *context) {
    finding *out = context;
    return !(break_closes_wrong_level(f, out) || bitwise_constant_left(f, out) ||
             chain_too_long(f, out));
}

bool app_lua_bugs_check(lua_State *L) {
    finding found = {.line = -1};
    int status = app_chunk_visit(L, check_function, &found);
    if (status == APP_CHUNK_NO_MEMORY)
        luaL_error(L, "not enough memory");
    if (status == APP_CHUNK_OK && found.line < 0)
        return true;
    lua_Debug ar;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &ar); /* pops the copy */
    if (status != APP_CHUNK_OK)
        lua_pushfstring(L, "%s: loom could not read the compiled chunk back", ar.short_src);
    else
        lua_pushfstring(L, "%s:%d: %s", ar.short_src, found.line, found.what);
    lua_replace(L, -2);
    return false;
}
