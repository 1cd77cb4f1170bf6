-- test_springs.lua - every cloth builder default is stable at the default
-- dt with every integrator but explicit Euler (spring and spring + stick
-- cloths hanging from two corners), and the default k follows the step.
local t = require "harness"
local check = t.check
local cloth = require "loom.cloth"

for _, integrator in ipairs { "semi_implicit_euler", "verlet", "velocity_verlet", "midpoint", "rk4" } do
    for _, kind in ipairs { "spring", "both" } do
        local w = loom.world { integrator = integrator }
        local c = cloth.grid(w, { kind = kind, pin = { "top_left", "top_right" } })
        local far, later = 0, nil
        for s = 1, 300 do
            w:step()
            if s == 120 then later = w:energy().total end
            for _, row in ipairs(c.particles) do
                for _, p in ipairs(row) do
                    local x, y, z = p:pos()
                    far = math.max(far, math.abs(x), math.abs(y), math.abs(z))
                end
            end
        end
        local e = w:energy().total
        check(far < 6 and e == e, ("%s, %s cloth with the defaults stays in place for 5 s "
                                   .. "(reaches %.2f m)"):format(integrator, kind, far))
        check(e <= later + 1e-3, ("%s, %s cloth: no energy gained from 2 s to 5 s (%.4f -> %.4f J)")
              :format(integrator, kind, later, e))
    end
end
