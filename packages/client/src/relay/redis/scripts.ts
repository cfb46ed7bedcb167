// The Redis relay store's scripts: each step that must see and change several keys at once runs as one script, so
// two instances never both settle a question, both add past the limit, or both take over one dead instance's calls.
// Keys are made from the prefix inside the scripts: one Redis node (Redis Cluster is not supported).

/** Settles question `id` (pending only) and tells every instance: shared by the scripts below. */
const SETTLE_FN = `
local function settle(P, id, status, answer, retain)
  local qk = P .. 'q:' .. id
  local f = redis.call('HMGET', qk, 'status', 'principal', 'holder', 'rkey')
  if f[1] ~= 'pending' then return 0 end
  redis.call('HSET', qk, 'status', status)
  if answer ~= '' then redis.call('HSET', qk, 'answer', answer) end
  redis.call('ZREM', P .. 'p:' .. f[2], id)
  redis.call('SREM', P .. 'hq:' .. f[3], id)
  redis.call('PEXPIRE', qk, retain)
  if f[4] and f[4] ~= '' then
    local kk = P .. 'k:' .. f[2] .. ':' .. f[4]
    if status == 'withdrawn' then
      if redis.call('GET', kk) == id then redis.call('DEL', kk) end
    else
      redis.call('PEXPIRE', kk, retain)
    end
  end
  local event = '{"type":"settled","id":' .. cjson.encode(id) .. ',"status":' .. cjson.encode(status)
  if answer ~= '' then event = event .. ',"answer":' .. answer end
  redis.call('PUBLISH', P .. 'events', '{"principal":' .. cjson.encode(f[2]) .. ',"event":' .. event .. '}}')
  return 1
end
local function withdrawExpired(P, principal, now, retain)
  for _, old in ipairs(redis.call('ZRANGEBYSCORE', P .. 'p:' .. principal, '-inf', now)) do
    settle(P, old, 'withdrawn', '', retain)
  end
end
`;

/** ARGV: prefix, id, principal, question JSON, expiresAt, maxPending, now, resumeKey|'', call|'', holder, retainMs. */
export const ADD = `${SETTLE_FN}
local P, id, principal, question = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local expiresAt, maxPending, now = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local rkey, call, holder, retain = ARGV[8], ARGV[9], ARGV[10], tonumber(ARGV[11])
if rkey ~= '' then
  local existing = redis.call('GET', P .. 'k:' .. principal .. ':' .. rkey)
  if existing then
    local f = redis.call('HMGET', P .. 'q:' .. existing, 'status', 'answer', 'retired', 'question', 'expiresAt')
    if f[3] == '0' and f[1] == 'pending' and tonumber(f[5]) > now then return {'existing', f[4]} end
    if f[3] == '0' and f[1] == 'answered' and f[2] then return {'existing', f[4], f[2]} end
  end
end
withdrawExpired(P, principal, now, retain)
if redis.call('ZCARD', P .. 'p:' .. principal) >= maxPending then return {'full'} end
redis.call('HSET', P .. 'q:' .. id, 'question', question, 'status', 'pending', 'retired', '0', 'holder', holder,
  'principal', principal, 'call', call, 'rkey', rkey, 'expiresAt', expiresAt)
redis.call('ZADD', P .. 'p:' .. principal, expiresAt, id)
redis.call('SADD', P .. 'hq:' .. holder, id)
if rkey ~= '' then redis.call('SET', P .. 'k:' .. principal .. ':' .. rkey, id) end
if call ~= '' then redis.call('SADD', P .. 'cq:' .. call, id) end
redis.call('PUBLISH', P .. 'events',
  '{"principal":' .. cjson.encode(principal) .. ',"event":{"type":"asked","question":' .. question .. '}}')
return {'added'}
`;

/** ARGV: prefix, id, status, answer JSON|'', retainMs. 1 when this settle won. */
export const SETTLE = `${SETTLE_FN}
return settle(ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]))
`;

/** ARGV: prefix, principal, now, retainMs. The pending questions' JSON, soonest to expire (oldest) first. */
export const PENDING = `${SETTLE_FN}
local P, principal = ARGV[1], ARGV[2]
withdrawExpired(P, principal, tonumber(ARGV[3]), tonumber(ARGV[4]))
local found = {}
for _, id in ipairs(redis.call('ZRANGE', P .. 'p:' .. principal, 0, -1)) do
  local q = redis.call('HGET', P .. 'q:' .. id, 'question')
  if q then table.insert(found, q) end
end
return found
`;

/** ARGV: prefix, callId. Its answered questions are spent: a resumed call does not take them again. */
export const RETIRE = `
local P, call = ARGV[1], ARGV[2]
for _, id in ipairs(redis.call('SMEMBERS', P .. 'cq:' .. call)) do
  local qk = P .. 'q:' .. id
  local f = redis.call('HMGET', qk, 'status', 'principal', 'rkey')
  if f[1] ~= 'pending' then
    if f[1] then redis.call('HSET', qk, 'retired', '1') end
    if f[3] and f[3] ~= '' then
      local kk = P .. 'k:' .. f[2] .. ':' .. f[3]
      if redis.call('GET', kk) == id then redis.call('DEL', kk) end
    end
    redis.call('SREM', P .. 'cq:' .. call, id)
  end
end
return 1
`;

/** ARGV: prefix, callId. */
export const END_CALL = `
local P, call = ARGV[1], ARGV[2]
local holder = redis.call('HGET', P .. 'c:' .. call, 'holder')
if holder then redis.call('SREM', P .. 'hc:' .. holder, call) end
redis.call('DEL', P .. 'c:' .. call)
return 1
`;

/**
 * ARGV: prefix, me, now. Takes over the calls and pending questions of every instance whose lease lapsed.
 * Returns { calls JSON..., }, { questions JSON... }.
 */
export const TAKE_OVER = `
local P, me, now = ARGV[1], ARGV[2], tonumber(ARGV[3])
local holders = redis.call('HGETALL', P .. 'holders')
local calls, questions = {}, {}
for i = 1, #holders, 2 do
  local h, lease = holders[i], tonumber(holders[i + 1])
  if h ~= me and lease < now then
    for _, call in ipairs(redis.call('SMEMBERS', P .. 'hc:' .. h)) do
      local record = redis.call('HGET', P .. 'c:' .. call, 'record')
      if record then
        redis.call('HSET', P .. 'c:' .. call, 'holder', me)
        redis.call('SADD', P .. 'hc:' .. me, call)
        table.insert(calls, record)
      end
    end
    for _, id in ipairs(redis.call('SMEMBERS', P .. 'hq:' .. h)) do
      local f = redis.call('HMGET', P .. 'q:' .. id, 'status', 'question')
      if f[1] == 'pending' then
        redis.call('HSET', P .. 'q:' .. id, 'holder', me)
        redis.call('SADD', P .. 'hq:' .. me, id)
        table.insert(questions, f[2])
      end
    end
    redis.call('DEL', P .. 'hc:' .. h, P .. 'hq:' .. h)
    redis.call('HDEL', P .. 'holders', h)
  end
end
return {calls, questions}
`;
