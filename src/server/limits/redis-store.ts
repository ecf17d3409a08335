/**
 * Rate-limit state in Redis (REDIS_URL): several server processes share the
 * counts without writing to the database. Each operation is one Lua script,
 * which Redis runs atomically. Expiry is relative (PEXPIRE), so keys live as
 * long as their window or wait whatever the app's clock says.
 */
import { Redis } from 'ioredis';
import { windowStartOf, type Counted, type DelayPolicy, type LimitStore, type Reservation } from './store.ts';

const COUNT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

const UNCOUNT = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end
return 0`;

// The same rule as databaseLimitStore.reserve and store.ts delayAfter.
const RESERVE = `
local now, free, base, max, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local held = redis.call('HMGET', KEYS[1], 'attempts', 'until', 'last')
local attempts, blockedUntil, last = tonumber(held[1]), tonumber(held[2]), tonumber(held[3])
if blockedUntil and blockedUntil > now then return {0, tostring(blockedUntil)} end
if (not last) or last <= now - forget then attempts = 1 else attempts = attempts + 1 end
local delay = 0
if attempts > free then delay = math.min(max, base * 2 ^ math.min(attempts - free - 1, 40)) end
redis.call('HSET', KEYS[1], 'attempts', attempts, 'until', tostring(now + delay), 'last', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.floor(math.max(delay, forget)) + 1000)
return {1, tostring(attempts)}`;

/** Room after a window's end before its key goes, so an `uncount` just after still finds it. */
const SLACK_MS = 60_000;

/** A deployment's keys: CHAT_PREFIX names the deployment, as it names its socket.io channel, so two sharing one Redis keep their counts apart. */
export const limitKeyPrefix = (deployment: string) => `limits:${deployment}:`;

export function redisLimitStore(url: string, prefix: string): LimitStore {
  // Rate limits must not hang a login when Redis is away: fail fast, and the caller answers 500.
  // Auto-pipelining: the counts of requests arriving together go to Redis in one write (as the database store's share a statement).
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true });
  const counterKey = (key: string, windowStart: Date) => `${prefix}count:${key}:${windowStart.getTime()}`;

  return {
    async count(key, windowMs, now): Promise<Counted> {
      const windowStart = windowStartOf(now, windowMs);
      const resetAt = new Date(windowStart.getTime() + windowMs);
      const ttl = resetAt.getTime() - now.getTime() + SLACK_MS;
      const count = Number(await redis.eval(COUNT, 1, counterKey(key, windowStart), ttl));
      return { key, windowStart, count, resetAt };
    },

    async uncount({ key, windowStart }) {
      await redis.eval(UNCOUNT, 1, counterKey(key, windowStart));
    },

    async reserve(key, { free, baseMs, maxMs, forgetAfterMs }: DelayPolicy, now): Promise<Reservation> {
      const [allowed, value] = (await redis.eval(RESERVE, 1, `${prefix}reserve:${key}`, now.getTime(), free, baseMs, maxMs, forgetAfterMs)) as [
        number,
        string,
      ];
      return allowed === 1 ? { allowed: true, attempts: Number(value) } : { allowed: false, retryAt: new Date(Number(value)) };
    },

    async release(key) {
      await redis.del(`${prefix}reserve:${key}`);
    },

    // Keys expire on their own.
    async prune() {},

    async close() {
      await redis.quit();
    },
  };
}
