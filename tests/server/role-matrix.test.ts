/**
 * Who may call each operator route: every `/api/ops` route the app serves ×
 * anonymous, a member and each operator role, against the roles the back
 * office gives each kind of work (finance: deposits, payouts, approvals,
 * adjustments; support: members and chat; marketing: promotions and texts;
 * admin: everything). The expected table is written here, apart from the
 * contract, so a route that drifts from it fails; the run prints the matrix.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { OperatorRole } from '../../src/contract/api.ts';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { buildTestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';
import { operatorToken } from './helpers/operators.ts';

type Role = Exclude<OperatorRole, 'admin'>;

/** Every operator route and the roles besides admin that may call it. */
const EXPECTED: Record<string, readonly Role[]> = {
  'GET /api/ops/me': ['finance', 'support', 'marketing'],
  // finance: money in and out
  'GET /api/ops/withdrawals': ['finance'],
  'POST /api/ops/withdrawals/:id/paid': ['finance'],
  'POST /api/ops/withdrawals/:id/rejected': ['finance'],
  'POST /api/ops/deposits': ['finance'],
  'GET /api/ops/payments': ['finance'],
  'POST /api/ops/payments/:id/credit': ['finance'],
  'POST /api/ops/payments/:id/dismissed': ['finance'],
  'GET /api/ops/slips': ['finance'],
  'POST /api/ops/slips/:id/approved': ['finance'],
  'POST /api/ops/slips/:id/rejected': ['finance'],
  'GET /api/ops/approvals': ['finance'],
  'POST /api/ops/approvals/:id/approved': ['finance'],
  'POST /api/ops/approvals/:id/rejected': ['finance'],
  'POST /api/ops/adjustments': ['finance'],
  // the audit is the admins' to read
  'GET /api/ops/audit': [],
  'GET /api/ops/audit.csv': [],
  // marketing: offers, the wheel, the rewards' settings, texts; finance reads the offers
  // and the wheel, and makes active an offer above marketing's bounds
  'GET /api/ops/bonuses': ['marketing', 'finance'],
  'POST /api/ops/bonuses': ['marketing'],
  'PUT /api/ops/bonuses/:code': ['marketing'],
  'POST /api/ops/bonuses/:code/paused': ['marketing'],
  'POST /api/ops/bonuses/:code/active': ['marketing', 'finance'],
  'PUT /api/ops/settings/agreements': ['marketing'],
  'PUT /api/ops/settings/conditions': ['marketing'],
  'GET /api/ops/changes': ['marketing'],
  'GET /api/ops/spinwheel': ['marketing', 'finance'],
  'PUT /api/ops/spinwheel': ['marketing'],
  'PUT /api/ops/settings/invite': ['marketing'],
  'PUT /api/ops/settings/refund': ['marketing'],
  'PUT /api/ops/settings/banners/:area': ['marketing'],
  // support: members' standing and the chat; canned replies are the admin's to write
  'POST /api/ops/members/:username/status': ['support'],
  'GET /api/ops/chat/conversations': ['support'],
  'GET /api/ops/chat/conversations/:id': ['support'],
  'POST /api/ops/chat/conversations/:id/history': ['support'],
  'POST /api/ops/chat/conversations/:id/messages': ['support'],
  'PUT /api/ops/chat/conversations/:id/read': ['support'],
  'POST /api/ops/chat/conversations/:id/end': ['support'],
  'POST /api/ops/chat/conversations/:id/upload-image': ['support'],
  'POST /api/ops/chat/conversations/:id/upload-video': ['support'],
  'GET /api/ops/chat/canned': ['support'],
  'POST /api/ops/chat/canned': [],
  'PUT /api/ops/chat/canned/:id': [],
  'DELETE /api/ops/chat/canned/:id': [],
};

const CALLERS = ['anonymous', 'member', 'admin', 'finance', 'support', 'marketing'] as const;
type CallerName = (typeof CALLERS)[number];

const operatorEndpoints = Object.values(endpoints as Record<string, Endpoint>).filter((endpoint) => endpoint.access === 'operator');
const nameOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** Any value for a path's parameters: the refusal comes before the parameters are read. */
const ANY_PARAMS = { id: '1', code: 'WELCOME100', username: '0812345678', area: 'invite' };

/** Reached: the route let the caller in (whatever it then answered to an empty body). */
function reached(status: number, body: string): boolean {
  if (status === 401) return false;
  return !(status === 403 && body.includes('"UNAUTHORIZED"'));
}

/**
 * "METHOD /path" of every route in Fastify's route tree as printRoutes draws it: each line a
 * segment under the line one level up (its depth is where its branch mark stands), with its methods.
 */
function servedRoutes(tree: string): string[] {
  const parents: string[] = [];
  return tree.split('\n').flatMap((line) => {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) return [];
    const depth = match[1]!.length / 4;
    const path = (depth === 0 ? '' : parents[depth - 1]!) + match[2]!;
    parents[depth] = path;
    return (match[3] ?? '').split(', ').filter((method) => method !== '' && method !== 'HEAD').map((method) => `${method} ${path}`);
  });
}

const printed: string[] = [];
afterAll(() => {
  const width = Math.max(...operatorEndpoints.map((endpoint) => nameOf(endpoint).length));
  console.log(['', `${'route'.padEnd(width)}  ${CALLERS.map((c) => c.padEnd(9)).join(' ')}`, ...printed].join('\n'));
});

describe('the operator routes × who calls them', () => {
  it('has an expected row for every operator route the app serves, and no row for a route it does not', async () => {
    const t = await buildTestApp();
    const served = servedRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) => route.includes(' /api/ops'));
    expect(new Set(served).size).toBeGreaterThan(0);
    expect([...new Set(served)].sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(operatorEndpoints.map(nameOf).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('lets in exactly the expected roles (admin everywhere), never a member or anonymous', async () => {
    const t = await buildTestApp();
    const tokens: Record<CallerName, string | undefined> = {
      anonymous: undefined,
      member: (await signedInMember(t)).token,
      admin: await operatorToken(t, 'admin', '0800000401'),
      finance: await operatorToken(t, 'finance', '0800000402'),
      support: await operatorToken(t, 'support', '0800000403'),
      marketing: await operatorToken(t, 'marketing', '0800000404'),
    };

    const wrong: string[] = [];
    for (const endpoint of operatorEndpoints) {
      const expected = EXPECTED[nameOf(endpoint)] ?? [];
      const row: string[] = [];
      for (const caller of CALLERS) {
        const token = tokens[caller];
        const body = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {};
        const response = await call(t.app, endpoint, body, { params: ANY_PARAMS, ...(token !== undefined && { token }) });
        const inside = reached(response.statusCode, response.body);
        const allowed = caller === 'admin' || (caller !== 'anonymous' && caller !== 'member' && expected.includes(caller));
        row.push((inside ? 'yes' : '-').padEnd(9));
        if (inside !== allowed) wrong.push(`${nameOf(endpoint)} as ${caller}: ${response.statusCode} ${response.body}`);
      }
      printed.push(`${nameOf(endpoint).padEnd(Math.max(...operatorEndpoints.map((e) => nameOf(e).length)))}  ${row.join(' ')}`);
    }

    expect(wrong).toEqual([]);
  });
});
