/**
 * How one environment variable is read: the rules every block of the
 * configuration shares (config.ts, and a provider's own block such as
 * games/hub88/config.ts). A module of its own so that a provider's block
 * can read variables without importing config.ts, which imports it.
 */
import ipaddr from 'ipaddr.js';
import * as v from 'valibot';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

/**
 * Reads one variable. Unset and empty mean "use the default" (undefined).
 * Secrets are never echoed in the error line.
 */
export function read<S extends v.GenericSchema<string, unknown>>(
  env: Env,
  name: string,
  expected: string,
  schema: S,
  { secret = false } = {},
): v.InferOutput<S> | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const result = v.safeParse(schema, raw);
  if (result.success) return result.output;
  // JSON quoting keeps the message on one line whatever the value holds.
  const got = secret ? `${raw.length} characters` : JSON.stringify(raw);
  throw new ConfigError(`Invalid configuration: ${name} must be ${expected} (got ${got})`);
}

/** How a provider's own configuration block reads its variables (the same rules as here). */
export type ReadVariable = typeof read;

/**
 * This machine, where the providers' local fakes run: all of 127.0.0.0/8,
 * ::1, 0.0.0.0 and :: (any of its addresses, also written as IPv6, e.g.
 * ::ffff:127.0.0.1), and localhost's names. Production refuses a provider's
 * address that is one of them.
 */
export function isThisMachine(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(host)) return false;
  const range = ipaddr.process(host).range();
  return range === 'loopback' || range === 'unspecified';
}
