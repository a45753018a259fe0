-- wrk script: every request takes a random path from the file named by the
-- PATHS environment variable (one path per line), so reads spread over the
-- whole table instead of repeating one row or one page.
local paths = {}
for line in io.lines(os.getenv("PATHS")) do
  paths[#paths + 1] = line
end

function setup(thread)
  thread:set("seed", math.random(1, 2 ^ 30))
end

function init()
  math.randomseed(seed)
end

function request()
  return wrk.format("GET", paths[math.random(#paths)])
end
