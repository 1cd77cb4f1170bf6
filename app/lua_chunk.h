/*
 * lua_chunk.h - the functions of a compiled Lua chunk, read back from the
 * chunk's own dump (lua_dump), so loom can look at the instructions Lua 5.4.4
 * generated before they run (app/lua_bugs.c refuses the ones that trip its
 * known bugs).
 *
 * The dump is Lua 5.4's binary chunk format (header, then each function:
 * source, lines, parameters, code, constants, upvalues, nested functions,
 * debug information); an instruction is 32 bits, the opcode in its low 7.
 * Only the fields loom's checks need are kept.
 */
#ifndef LOOM_APP_LUA_CHUNK_H
#define LOOM_APP_LUA_CHUNK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct lua_State;

/* Lua 5.4's opcodes used by the checks (lopcodes.h order, stable in 5.4). */
enum {
    APP_OP_MOVE = 0,
    APP_OP_LOADI = 1,
    APP_OP_LOADK = 3,
    APP_OP_LOADKX = 4,
    APP_OP_LOADNIL = 8,
    APP_OP_GETUPVAL = 9,
    APP_OP_GETTABUP = 11,
    APP_OP_GETTABLE = 12,
    APP_OP_GETI = 13,
    APP_OP_GETFIELD = 14,
    APP_OP_SELF = 20,
    APP_OP_BAND = 41,
    APP_OP_BOR = 42,
    APP_OP_BXOR = 43,
    APP_OP_CLOSE = 54,
    APP_OP_JMP = 56,
    APP_OP_CALL = 68,
    APP_OP_TAILCALL = 69,
    APP_OP_TFORPREP = 75,
    APP_OP_TFORCALL = 76,
    APP_OP_TFORLOOP = 77,
    APP_OP_EXTRAARG = 82,
    APP_OP_COUNT = 83,
};

/* The fields of an instruction. */
static inline int app_op(uint32_t i) {
    return (int)(i & 0x7f);
}
static inline int app_arg_a(uint32_t i) {
    return (int)((i >> 7) & 0xff);
}
static inline int app_arg_k(uint32_t i) {
    return (int)((i >> 15) & 1);
}
static inline int app_arg_b(uint32_t i) {
    return (int)((i >> 16) & 0xff);
}
static inline int app_arg_c(uint32_t i) {
    return (int)((i >> 24) & 0xff);
}
static inline int app_arg_bx(uint32_t i) {
    return (int)(i >> 15);
}
static inline int app_arg_ax(uint32_t i) {
    return (int)(i >> 7);
}
static inline int app_arg_sj(uint32_t i) {
    return (int)(i >> 7) - ((1 << 24) - 1);
}

/* One function of the chunk: sections of the parsed dump. The debug
 * sections are kept as the dump writes them and read by the functions below. */
typedef struct app_chunk_function {
    int linedefined;
    int code_count;
    const unsigned char *code; /* code_count instructions, 4 bytes each, native order */
    int constant_count;
    const unsigned char *constants; /* as dumped: a tag, then the value */
    int lineinfo_count;
    const signed char *lineinfo; /* one line delta per instruction */
    int absline_count;
    const unsigned char *absline; /* as dumped: pairs of sizes, pc and line */
    int local_count;
    const unsigned char *locals; /* as dumped: name, startpc, endpc */
    const unsigned char *end;    /* the end of the dump */
} app_chunk_function;

/* Instruction pc of f. */
static inline uint32_t app_chunk_instruction(const app_chunk_function *f, int pc) {
    uint32_t i;
    memcpy(&i, f->code + 4 * (size_t)pc, 4);
    return i;
}

/* The source line of instruction pc of f (its first line without line
 * information). */
int app_chunk_line(const app_chunk_function *f, int pc);

/* Whether constant index of f is an integer. */
bool app_chunk_constant_is_integer(const app_chunk_function *f, int index);

/* Whether register reg holds an active local variable at pc (Lua numbers
 * the active locals' registers in declaration order). */
bool app_chunk_is_local(const app_chunk_function *f, int reg, int pc);

/* Calls visit for each function of the Lua function on top of L's stack
 * (the nested ones before the one holding them) until it returns
 * false. Returns 0 when every function was visited (or visit stopped), or
 * an error: memory refused by the state's allocator (the dump is kept in
 * memory the state allocates, under its limit) or a dump loom cannot read.
 * The function stays on the stack. */
enum { APP_CHUNK_OK = 0, APP_CHUNK_NO_MEMORY = 1, APP_CHUNK_UNREADABLE = 2 };
int app_chunk_visit(struct lua_State *L, bool (*visit)(const app_chunk_function *f, void *context),
                    void *context);

#endif
