/*
 * budget_string.h - Lua's string pattern functions and string.rep, checked
 * against the host's time limit while they work (app/host.h).
 */
#ifndef LOOM_APP_BUDGET_STRING_H
#define LOOM_APP_BUDGET_STRING_H

struct lua_State;

/* Replaces string.find, string.match, string.gmatch, string.gsub and
 * string.rep (the string library table, so methods on strings too) with
 * versions that give Lua 5.4's results and raise the host's time-limit
 * error at the script's line once its call is past its deadline. The state
 * must be a host's (app_host_of). */
void app_budget_string_open(struct lua_State *L);

#endif
