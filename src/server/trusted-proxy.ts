/**
 * TRUST_PROXY's proxies (config.ts: false, or their addresses and CIDRs),
 * compiled once per configuration, as Fastify's trustProxy reads them: the
 * request id a proxy may hand on (operating/request-id.ts), the connection
 * caps a proxy is exempt from (connections.ts), and the client address a
 * socket is counted under (chat/socket-caps.ts) all ask the same question.
 */
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from './config.ts';

/** Whether `address`, `hop` proxies away from us, is a trusted proxy (proxy-addr's form). */
export type ProxyTrust = (address: string, hop: number) => boolean;

const compiled = new WeakMap<readonly string[], ProxyTrust>();

/** The trusted proxies' check, or null when TRUST_PROXY names none. */
export function proxyTrust(trustProxy: Config['trustProxy']): ProxyTrust | null {
  if (!Array.isArray(trustProxy)) return null;
  let trust = compiled.get(trustProxy);
  if (!trust) compiled.set(trustProxy, (trust = proxyAddr.compile(trustProxy)));
  return trust;
}
