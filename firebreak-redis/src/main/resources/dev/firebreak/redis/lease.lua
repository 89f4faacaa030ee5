-- One instance asks the fleet's token bucket for a lease of tokens, and says it is alive.
-- KEYS[1]: the bucket (a hash: tokens, at); KEYS[2]: the members (a sorted set: instance -> last seen)
-- ARGV: permits per second, burst, tokens wanted, instance id, key time-to-live in milliseconds,
-- members' window in milliseconds (an instance not seen for that long no longer counts)
-- Returns {tokens granted, instances seen within the members' window}.
-- The clock is the server's (TIME), the same for every instance; the script runs whole or not at all.
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) * 1000000 + tonumber(now_parts[2])
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local wanted = tonumber(ARGV[3])
local ttl = tonumber(ARGV[5])
local window = tonumber(ARGV[6])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = burst
  at = now
end
if now > at then
  tokens = math.min(burst, tokens + (now - at) * rate / 1000000)
  at = now
end
local granted = math.min(wanted, math.floor(tokens))
if granted < 0 then
  granted = 0
end
tokens = tokens - granted
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('ZADD', KEYS[2], now, ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window * 1000)
redis.call('PEXPIRE', KEYS[2], ttl)
return {granted, redis.call('ZCARD', KEYS[2])}
