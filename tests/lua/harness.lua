-- harness.lua - the smallest test harness that does the job.
--
--   local t = require "harness"
--   t.check(cond, name)
--   t.check_near(a, b, tol, name)
--   t.check_error(fn, exact_message, name)
--
-- Each check prints "ok - name" or "not ok - name (details)". tests/lua_runner
-- reads t.passed and t.failed at the end and prints the summary line.
--
-- check_error calls fn and expects it to raise exact_message. A message
-- raised from Lua starts with the position of the code that called the
-- failing function ("tests/lua/test_errors.lua:12: "); that one prefix is
-- removed before comparing, and nothing else: the rest must match exactly.

local harness = { passed = 0, failed = 0 }

local function report(ok, name, details)
    if ok then
        harness.passed = harness.passed + 1
        print("ok - " .. name)
    else
        harness.failed = harness.failed + 1
        print("not ok - " .. name .. " (" .. details .. ")")
    end
    return ok
end

function harness.check(cond, name)
    return report(cond and true or false, name, "condition is false")
end

function harness.check_near(a, b, tol, name)
    local ok = type(a) == "number" and type(b) == "number" and math.abs(a - b) <= tol
    return report(ok, name, string.format("got %s, expected %s within %s",
                                          tostring(a), tostring(b), tostring(tol)))
end

-- The message without its leading "source:line: ", if it has one.
function harness.strip_position(message)
    return (message:gsub("^[^\n]-:%d+: ", "", 1))
end

function harness.check_error(fn, expected, name)
    local ok, err = pcall(fn)
    if ok then
        return report(false, name, "no error raised")
    end
    if type(err) ~= "string" then
        return report(false, name, "error is a " .. type(err) .. ", not a string")
    end
    local message = harness.strip_position(err)
    return report(message == expected, name,
                  string.format("got %q, expected %q", message, expected))
end

return harness
