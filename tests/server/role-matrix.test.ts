/**
 * Who may call each operator route: every route the app serves is either a
 * member's or the public's (the contract says so), one of the few outside
 * the contract that are no operator's (listed below with who calls them),
 * or an operator route in the table below; each operator route × anonymous,
 * a member and each operator role is called, against the roles the back
 * office gives each kind of work (finance: deposits, payouts, approvals,
 * adjustments, a game round's rollback; support: members and chat;
 * marketing: promotions and texts; admin: everything). The table is written
 * here, apart from the contract, so a route that drifts from it fails; the
 * run prints the matrix.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { OperatorRole } from '../../src/contract/api.ts';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { FAKE_OPN_SECRET_KEY, loadConfig } from '../../src/server/config.ts';
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
  'GET /api/ops/withdrawals.csv': ['finance'],
  'POST /api/ops/withdrawals/:id/paid': ['finance'],
  'POST /api/ops/withdrawals/:id/rejected': ['finance'],
  'POST /api/ops/deposits': ['finance'],
  'GET /api/ops/payments': ['finance'],
  'POST /api/ops/payments/:id/credit': ['finance'],
  'POST /api/ops/payments/:id/dismissed': ['finance'],
  'GET /api/ops/slips': ['finance'],
  'GET /api/ops/slips/:id': ['finance'],
  'POST /api/ops/slips/:id/approved': ['finance'],
  'POST /api/ops/slips/:id/rejected': ['finance'],
  'GET /api/ops/approvals': ['finance'],
  'POST /api/ops/approvals/:id/approved': ['finance'],
  'POST /api/ops/approvals/:id/rejected': ['finance'],
  'POST /api/ops/adjustments': ['finance'],
  // a game round's bet returned (games/pages.ts: outside the contract, on the game pages' API)
  'POST /games/api/rounds/:roundId/rollback': ['finance'],
  // the games on offer: marketing and support read them, marketing switches one off (docs/decisions/0133-aggregator-games.md)
  'GET /api/ops/games': ['marketing', 'support'],
  'PUT /api/ops/games/:code': ['marketing'],
  // the audit is the admins' to read
  'GET /api/ops/audit': [],
  'GET /api/ops/audit.csv': [],
  // the day's figures for every role; the ledger check is finance's
  'GET /api/ops/dashboard': ['finance', 'support', 'marketing'],
  'POST /api/ops/ledger/check': ['finance'],
  // operators are the admins' to manage
  'GET /api/ops/operators': [],
  'POST /api/ops/operators': [],
  'POST /api/ops/operators/:phone/disabled': [],
  'POST /api/ops/operators/:phone/reset': [],
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
  // what is live, for the console's forms: marketing writes it, finance reads it
  'GET /api/ops/settings/invite': ['marketing', 'finance'],
  'GET /api/ops/settings/refund': ['marketing', 'finance'],
  'GET /api/ops/settings/banners/:area': ['marketing', 'finance'],
  'GET /api/ops/settings/agreements': ['marketing', 'finance'],
  'GET /api/ops/settings/conditions': ['marketing', 'finance'],
  'GET /api/ops/settings/notice': ['marketing', 'finance'],
  'PUT /api/ops/settings/notice': ['marketing'],
  'GET /api/ops/settings/contact': ['marketing', 'finance'],
  'PUT /api/ops/settings/contact': ['marketing'],
  // support: members' standing and the chat; canned replies are the admin's to write
  'GET /api/ops/members': ['support', 'finance'],
  'POST /api/ops/members/:username/status': ['support'],
  // a member's page (docs/decisions/0128-members-and-service-in-the-console.md): support and finance read it;
  // support ends sessions; the login phone and the service are an admin's
  'GET /api/ops/members/:username': ['support', 'finance'],
  'GET /api/ops/members/:username/statement': ['support', 'finance'],
  'GET /api/ops/members/:username/slips': ['support', 'finance'],
  'GET /api/ops/members/:username/invites': ['support', 'finance'],
  'POST /api/ops/members/:username/sessions/ended': ['support'],
  'POST /api/ops/members/:username/phone': [],
  'GET /api/ops/service': [],
  'PUT /api/ops/service': [],
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

/** The routes outside the contract that no operator role opens, and who may call them. */
const NO_OPERATORS_OUTSIDE_THE_CONTRACT: Record<string, string> = {
  // the contract's QR code routes, as Fastify draws a path with two parameters in one segment
  'GET /api/qrcode/:bankCode|:qrcodeId': 'member',
  'POST /api/qrcode/:bankCode|:qrcodeId': 'member',
  'DELETE /api/qrcode/:bankCode|:qrcodeId': 'member',
  'POST /api/hooks/payments/:provider': 'a payment provider (its signature)',
  'POST /api/hooks/payments/opn': 'anyone, limited per address (with PAYMENT_PROVIDER=opn; the charge is checked with Opn)',
  'GET /api/hooks/simulator/qrcodes/:qrcodeId': 'the demo payment simulator (demo mode only)',
  'GET /games/assets/:file': 'anyone (the game pages\' scripts and styles)',
  'GET /games/api/state': 'a game session',
  'POST /games/api/spin': 'a game session',
  'POST /games/login': 'a member’s one-time game entry',
  'GET /games/:code': 'a member’s one-time game entry',
  'GET /files/:area/:name': 'a signed link',
  // Operating the server (docs/decisions/0148-operating-it.md)
  'GET /healthz': 'anyone (the process is up)',
  'GET /readyz': 'anyone (the database and Redis answer)',
  'GET /metrics': 'METRICS_ALLOW addresses, or the METRICS_TOKEN bearer',
  // Hub88's Wallet API (with GAME_AGGREGATOR=hub88): Hub88, by its signature
  'POST /api/providers/hub88/user/info': 'Hub88 (its signature)',
  'POST /api/providers/hub88/user/balance': 'Hub88 (its signature)',
  'POST /api/providers/hub88/transaction/bet': 'Hub88 (its signature)',
  'POST /api/providers/hub88/transaction/win': 'Hub88 (its signature)',
  'POST /api/providers/hub88/transaction/rollback': 'Hub88 (its signature)',
};

const CALLERS = ['anonymous', 'member', 'admin', 'finance', 'support', 'marketing'] as const;
type CallerName = (typeof CALLERS)[number];

const contract = Object.values(endpoints as Record<string, Endpoint>);
const nameOf = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;
const operatorRoutes = Object.keys(EXPECTED);

/** Any value for a path's parameters: the refusal comes before the parameters are read. */
const ANY_PARAMS: Record<string, string> = { id: '1', code: 'WELCOME100', username: '0812345678', area: 'invite', phone: '0899999999', roundId: 'r-1' };
const fill = (path: string) => path.replace(/:([A-Za-z]+)/g, (_, name: string) => ANY_PARAMS[name] ?? '1');

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
  const width = Math.max(...operatorRoutes.map((route) => route.length));
  console.log(['', `${'route'.padEnd(width)}  ${CALLERS.map((c) => c.padEnd(9)).join(' ')}`, ...printed].join('\n'));
});

describe('the operator routes × who calls them', () => {
  it('knows every route the app serves: a member’s or the public’s, another caller’s, or an operator route with its row', async () => {
    // With every provider switched on (Hub88's Wallet API and Opn's webhook too); no job starts by itself.
    const providers = loadConfig({ GAME_AGGREGATOR: 'hub88', PAYMENT_PROVIDER: 'opn', OMISE_SECRET_KEY: FAKE_OPN_SECRET_KEY });
    const t = await buildTestApp({ hub88: providers.hub88, paymentProvider: 'opn', opn: providers.opn }, { jobTicker: { every: () => () => undefined } });
    const served = [...new Set(servedRoutes(t.app.printRoutes({ commonPrefix: false })))];
    const notOperators = new Set([...contract.filter((endpoint) => endpoint.access !== 'operator').map(nameOf), ...Object.keys(NO_OPERATORS_OUTSIDE_THE_CONTRACT)]);

    expect(served.length).toBeGreaterThan(operatorRoutes.length);
    expect(served.filter((route) => !notOperators.has(route)).sort()).toEqual([...operatorRoutes].sort());
    // The contract's operator endpoints are all in the table (the table may hold routes outside it).
    expect(contract.filter((endpoint) => endpoint.access === 'operator').map(nameOf).filter((route) => !operatorRoutes.includes(route))).toEqual([]);
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
    for (const route of operatorRoutes) {
      const [method, path] = route.split(' ') as [Endpoint['method'], string];
      const expected = EXPECTED[route] ?? [];
      const row: string[] = [];
      for (const caller of CALLERS) {
        const token = tokens[caller];
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const response = await call(t.app, { method, path: fill(path) } as Endpoint, body, token === undefined ? {} : { token });
        const inside = reached(response.statusCode, response.body);
        const allowed = caller === 'admin' || (caller !== 'anonymous' && caller !== 'member' && expected.includes(caller));
        row.push((inside ? 'yes' : '-').padEnd(9));
        if (inside !== allowed) wrong.push(`${route} as ${caller}: ${response.statusCode} ${response.body}`);
      }
      printed.push(`${route.padEnd(Math.max(...operatorRoutes.map((name) => name.length)))}  ${row.join(' ')}`);
    }

    expect(wrong).toEqual([]);
  });
});
