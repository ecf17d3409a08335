/**
 * The limits the server enforces where an attacker pays nothing for trying
 * again: counters per client address, per member and for the whole server,
 * and waits that grow with failures. A refusal is 429 with Retry-After
 * (plugins/errors.ts), REQUEST_LIMIT unless the caller names another code.
 *
 * Per-address limits come from the configuration (LIMIT_*_PER_IP,
 * LIMITS_PER_IP=off for load tests from one address); the others from
 * policy.ts. The state lives in a LimitStore (store.ts).
 */
import ipaddr from 'ipaddr.js';
import type { ApiMessage } from '../../contract/errors.ts';
import { ApiError } from '../errors.ts';
import type { Counted, DelayPolicy, LimitStore } from './store.ts';

/** At most `max` in each window of `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** What the per-address limits count: the attempts an attacker repeats. */
export const IP_LIMIT_NAMES = ['loginFailures', 'otpSends', 'otpFailures', 'registrations', 'validations', 'opnWebhooks'] as const;
export type IpLimitName = (typeof IP_LIMIT_NAMES)[number];

export interface LimitsConfig {
  /** Null: per-address limits are off (LIMITS_PER_IP=off; refused in production). */
  perIp: Record<IpLimitName, WindowLimit> | null;
  /** Login attempts over the whole server, whoever makes them. */
  loginsGlobal: WindowLimit;
}

/** 429 with a Retry-After: the caller may try again after `retryAfterSeconds`. */
export class RateLimited extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(retryAt: Date, now: Date, code: ApiMessage = 'REQUEST_LIMIT') {
    super(429, code);
    this.name = 'RateLimited';
    this.retryAfterSeconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  }
}

/**
 * The part of a client address that names one client: an IPv4 address, or
 * an IPv6 /64 (one home or phone gets a whole /64, so single addresses
 * would give an attacker billions of fresh counters).
 */
export function clientOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

export class Limits {
  constructor(
    readonly store: LimitStore,
    private readonly config: LimitsConfig,
  ) {}

  /** Counts one attempt under `key`; RateLimited when the window already holds `max`. */
  async count(key: string, limit: WindowLimit, now: Date, code?: ApiMessage): Promise<Counted> {
    const counted = await this.store.count(key, limit.windowMs, now);
    if (counted.count > limit.max) throw new RateLimited(counted.resetAt, now, code);
    return counted;
  }

  /** Counts one attempt against the client address's limit; null when per-address limits are off. */
  async countAddress(name: IpLimitName, ip: string, now: Date): Promise<Counted | null> {
    const limit = this.config.perIp?.[name];
    return limit ? this.count(`ip:${name}:${clientOf(ip)}`, limit, now) : null;
  }

  /**
   * Counts one `action` from the client address against a limit of the
   * feature's own (policy.ts: chat, files), under the same switch as the
   * configured ones; null when per-address limits are off.
   */
  async countFromAddress(action: string, limit: WindowLimit, ip: string, now: Date): Promise<Counted | null> {
    return this.config.perIp ? this.count(`ip:${action}:${clientOf(ip)}`, limit, now) : null;
  }

  /** One login attempt of the whole server's ceiling. */
  countLogin(now: Date): Promise<Counted> {
    return this.count('logins', this.config.loginsGlobal, now);
  }

  /** Takes back an attempt that turned out not to count (a login that succeeded is no failure). */
  async uncount(counted: Counted | null): Promise<void> {
    if (counted) await this.store.uncount(counted);
  }

  /** Reserves an attempt under `key` (see store.ts); RateLimited while the last one's wait runs. */
  async reserve(key: string, policy: DelayPolicy, now: Date, code?: ApiMessage): Promise<void> {
    const reservation = await this.store.reserve(key, policy, now);
    if (!reservation.allowed) throw new RateLimited(reservation.retryAt, now, code);
  }

  /** Forgets the attempts reserved under `key` (the right password, a slip that was no slip). */
  release(key: string): Promise<void> {
    return this.store.release(key);
  }
}
