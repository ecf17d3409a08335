/**
 * The stored-file route (routes/files.ts) counts requests per client
 * address, good links and forged ones alike: past FILE_REQUESTS_PER_ADDRESS
 * it answers 429 REQUEST_LIMIT until the window ends; other addresses are
 * not affected; LIMITS_PER_IP=off turns it off.
 */
import { describe, expect, it } from 'vitest';
import { FILE_REQUESTS_PER_ADDRESS } from '../../src/server/policy.ts';
import { signedUrl } from '../../src/server/storage/signed-urls.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';

/** A well-signed link to a slip that is not stored (404), and the same link with a forged signature (403). */
function links(t: TestApp): { missing: string; forged: string } {
  const missing = signedUrl(t.config.fileLinkSecret, `slips/${'C'.repeat(24)}.webp`, new Date(t.clock().getTime() + 60 * 60_000));
  return { missing, forged: missing.replace(/sig=.*/, `sig=${'A'.repeat(43)}`) };
}

function fetchFrom(t: TestApp, url: string, remoteAddress = '203.0.113.7') {
  return t.app.inject({ method: 'GET', url, remoteAddress });
}

describe('requests for stored files per client address', () => {
  it(`answers 429 REQUEST_LIMIT past ${FILE_REQUESTS_PER_ADDRESS.max} a minute from one address, forged links counted too`, async () => {
    const t = await buildTestApp();
    const { missing, forged } = links(t);
    const statuses = new Set<number>();
    for (let i = 0; i < FILE_REQUESTS_PER_ADDRESS.max; i += 1) statuses.add((await fetchFrom(t, i % 2 === 0 ? missing : forged)).statusCode);
    expect([...statuses].sort()).toEqual([403, 404]);

    const refused = await fetchFrom(t, missing);
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fetchFrom(t, missing, '198.51.100.9')).statusCode).toBe(404);

    t.clock.advance(FILE_REQUESTS_PER_ADDRESS.windowMs);
    expect((await fetchFrom(t, missing)).statusCode).toBe(404);
  });

  it('is off with LIMITS_PER_IP=off (load tests from one address)', async () => {
    const t = await buildTestApp({ limits: { perIp: null, loginsGlobal: { max: 1000, windowMs: 60_000 } } });
    const { missing } = links(t);
    const statuses = new Set<number>();
    for (let i = 0; i <= FILE_REQUESTS_PER_ADDRESS.max; i += 1) statuses.add((await fetchFrom(t, missing)).statusCode);
    expect([...statuses]).toEqual([404]);
  });
});
