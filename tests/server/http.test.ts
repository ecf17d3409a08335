import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { noticeKey } from '../../src/contract/rules/notice-dismissals.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { JSON_BODY_LIMIT_BYTES, OPERATOR_JSON_BODY_LIMIT_BYTES } from '../../src/server/policy.ts';
import { getSetting, putSetting } from '../../src/server/repositories/settings.ts';
import { buildTestApp } from './helpers/app.ts';
import { placeBet } from './helpers/bonuses.ts';
import { call, headersFor } from './helpers/http.ts';
import { setInviteRule } from './helpers/invites.ts';
import { login, newPhone, registrationBody, signedInMember } from './helpers/members.ts';
import { buildMoneyApp, ledgerSnapshot, memberWithMoney } from './helpers/money.ts';
import { moveClockTo, receive, refundCheckOf, refundRowsOf, setRefund } from './helpers/refunds.ts';

const allEndpoints: Endpoint[] = Object.values(endpoints);

describe('X-Requested-With', () => {
  it.each(allEndpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s answers 403 UNAUTHORIZED without it',
    async (_name, endpoint) => {
      const { app } = await buildTestApp();

      const response = await app.inject({ method: endpoint.method, url: endpoint.path, payload: endpoint.body ? {} : undefined });

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'UNAUTHORIZED' });
    },
  );

  it('must say XMLHttpRequest', async () => {
    const { app } = await buildTestApp();

    const response = await app.inject({ url: endpoints.lookupBanks.path, headers: { 'x-requested-with': 'fetch' } });

    expect(response.statusCode).toBe(403);
  });

  it('is not needed under /api/hooks/, kept for payment webhooks', async () => {
    const { app } = await buildTestApp();

    const response = await app.inject({ method: 'POST', url: '/api/hooks/anything', payload: {} });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'NO_DATA' });
  });
});

describe('a terminated service', () => {
  const everythingButActive = allEndpoints.filter((endpoint) => endpoint !== endpoints.lookupActive);

  it.each(everythingButActive.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s answers 410 gone',
    async (_name, endpoint) => {
      const { app } = await buildTestApp({ serviceStatus: 'terminated' });
      // Any value for each path parameter: the service answers before looking at it.
      const params = Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 'x']));

      const response = await call(app, endpoint, endpoint.body ? {} : undefined, { params });

      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({ message: 'gone' });
    },
  );

  it('answers gone to unknown API paths and to calls without the marker too', async () => {
    const { app } = await buildTestApp({ serviceStatus: 'terminated' });

    const unknown = await call(app, { ...endpoints.lookupBanks, path: '/api/no/such/thing' });
    const unmarked = await app.inject({ url: endpoints.lookupBanks.path });

    expect(unknown.statusCode).toBe(410);
    expect(unmarked.statusCode).toBe(410);
  });

  it('still answers GET /api/lookup/active', async () => {
    const { app } = await buildTestApp({ serviceStatus: 'terminated' });

    const response = await call(app, endpoints.lookupActive);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isActive: false, status: 'gone' });
  });
});

describe('API answers', () => {
  it('carry a request id', async () => {
    const { app } = await buildTestApp();

    const first = await call(app, endpoints.lookupBanks);
    const second = await call(app, endpoints.lookupBanks);

    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('ignore a request id the client sends', async () => {
    const { app } = await buildTestApp();

    const response = await call(app, endpoints.lookupBanks, undefined, { headers: { 'x-request-id': 'forged' } });

    expect(response.headers['x-request-id']).not.toBe('forged');
  });

  it('take the request id of a trusted proxy only, and only of a plain shape (docs/decisions/0151-scale-out.md)', async () => {
    const nginxId = '0123456789abcdef0123456789abcdef';
    const { app } = await buildTestApp({ trustProxy: ['10.0.0.2'] });
    const from = async (remoteAddress: string, id: string) =>
      (await app.inject({ method: 'GET', url: endpoints.lookupBanks.path, remoteAddress, headers: { ...headersFor(), 'x-request-id': id } })).headers['x-request-id'];

    expect(await from('10.0.0.2', nginxId)).toBe(nginxId);
    expect(await from('10.0.0.3', nginxId)).not.toBe(nginxId);
    expect(await from('10.0.0.2', 'line\nbreak-0123456789')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answer 404 NO_DATA to an unknown API path or method', async () => {
    const { app } = await buildTestApp();

    const unknownPath = await call(app, { ...endpoints.lookupBanks, path: '/api/lookup/nothing' });
    const wrongMethod = await call(app, { ...endpoints.login, method: 'GET' });

    expect([unknownPath.statusCode, unknownPath.json()]).toEqual([404, { message: 'NO_DATA' }]);
    expect([wrongMethod.statusCode, wrongMethod.json()]).toEqual([404, { message: 'NO_DATA' }]);
  });

  it('hide an unexpected failure behind 500 INTERNAL_SERVER_ERROR and log it with the request id', async () => {
    const t = await buildTestApp({ logLevel: 'info' });
    t.app.get('/api/test/broken', async () => {
      throw new Error('database on fire at 10.0.0.5');
    });

    const response = await call(t.app, { ...endpoints.lookupBanks, path: '/api/test/broken' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'INTERNAL_SERVER_ERROR' });
    expect(response.body).not.toContain('on fire');
    const logged = t.logs.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unexpected failure');
    expect(logged).toMatchObject({ level: 50, reqId: response.headers['x-request-id'], err: { message: 'database on fire at 10.0.0.5' } });
  });

  it('log a failed query without its parameters or the database’s detail: they are members’ data', async () => {
    const t = await buildTestApp({ logLevel: 'info' });
    t.app.get('/api/test/query', async () => {
      const cause = Object.assign(new Error('invalid input syntax for type json'), { code: '22P02', detail: 'Token "secret-text" is invalid.' });
      throw new DrizzleQueryError('insert into chat_messages select from jsonb_to_recordset($1::jsonb)', ['[{"text":"secret-text"}]'], cause);
    });

    const response = await call(t.app, { ...endpoints.lookupBanks, path: '/api/test/query' });

    expect(response.statusCode).toBe(500);
    const logged = t.logs.find((line) => line.includes('unexpected failure'))!;
    expect(JSON.parse(logged)).toMatchObject({ err: { query: expect.stringContaining('jsonb_to_recordset'), cause: { code: '22P02', message: 'invalid input syntax for type json' } } });
    expect(logged).not.toContain('secret-text');
  });

  it.each([['/%'], ['/api/%zz']])('answer a malformed URL (%s) with KEY_INVALID, the security headers and no-store', async (url) => {
    const { app } = await buildTestApp();

    const response = await app.inject({ url });

    expect([response.statusCode, response.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['malformed JSON', '{"username": "0812345678",', 'application/json', 400],
    ['an empty JSON body', '', 'application/json', 400],
    ['form data', 'username=0812345678&password=x', 'application/x-www-form-urlencoded', 415],
    ['plain text', 'hello', 'text/plain', 415],
    ['a prototype-poisoning body', '{"__proto__": {"admin": true}, "username": "0812345678", "password": "x"}', 'application/json', 400],
    ['a body over 64 KB', JSON.stringify({ username: '0812345678', password: 'x'.repeat(70_000) }), 'application/json', 413],
  ])('refuse %s with KEY_INVALID', async (_case, payload, contentType, status) => {
    const { app } = await buildTestApp();

    const response = await app.inject({
      method: 'POST',
      url: endpoints.login.path,
      payload,
      headers: { ...headersFor(), 'content-type': contentType },
    });

    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: 'KEY_INVALID' });
  });

  it('refuse a POST without any body with KEY_MISSING', async () => {
    const { app } = await buildTestApp();

    const response = await app.inject({ method: 'POST', url: endpoints.login.path, headers: headersFor() });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'KEY_MISSING' });
  });
});

describe('HEAD requests', () => {
  it('find no route under /api: a HEAD of a GET that moves money (refund receive, invite collect) moves nothing', async () => {
    const m = await buildMoneyApp();
    await setRefund(m);
    await setInviteRule(m);
    const member = await memberWithMoney(m, { inGames: { TEST_SLOT: 100 } });
    await placeBet(m, member.userId, 'TEST_SLOT', 100);
    // Monday 9 March 2026 00:00 in Bangkok: the week of the bet closed, 10 to receive.
    await moveClockTo(m, '2026-03-08T17:00:00.000Z', member);
    expect((await refundCheckOf(m, member.token)).refundAmount).toBe(10);
    const before = await ledgerSnapshot(m.db);

    for (const url of ['/api/refund/receive', '/api/refund/addWallet', '/api/invite/bonus', '/api/wallet']) {
      const response = await m.app.inject({ method: 'HEAD', url, headers: headersFor({ token: member.token }) });
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect((await refundRowsOf(m.db, member.userId)).map((row) => [row.amount, row.transferId])).toEqual([[1_000n, null]]);

    // The GET itself still moves it.
    const received = await receive(m, member.token);
    expect([received.statusCode, received.json()]).toEqual([200, { message: 'REFUND_SUCCESS', amount: 10 }]);
    expect(await checkLedger(m.db)).toEqual([]);
  });
});

describe('API answers are never cached', () => {
  it('say Cache-Control: no-store on data, refusals and unknown paths', async () => {
    const t = await buildTestApp();
    const member = await signedInMember(t);

    const answers = [
      await call(t.app, endpoints.lookupBanks),
      await call(t.app, endpoints.wallet, undefined, { token: member.token }),
      await call(t.app, endpoints.wallet),
      await call(t.app, { ...endpoints.lookupBanks, path: '/api/lookup/nothing' }),
      await t.app.inject({ url: endpoints.lookupBanks.path }),
    ];

    expect(answers.map((answer) => [answer.statusCode, answer.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
      [403, 'no-store'],
    ]);
  });
});

describe('body limits', () => {
  /** HTML of `length` characters, Thai inside a paragraph: 3 bytes a character in UTF-8. */
  const thaiHtml = (length: number) => `<p>${'ก'.repeat(length - 7)}</p>`;

  it('let an operator send 10 banners with HTML of 20,000 characters in each language (about 1.8 MB)', async () => {
    const m = await buildMoneyApp();
    const banner = { image: '/images/rewards/invite.svg', html: { th: thaiHtml(20_000), la: thaiHtml(20_000), en: thaiHtml(20_000) } };
    const body = { banners: Array.from({ length: 10 }, () => banner) };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(1_800_000);

    const response = await call(m.app, endpoints.opsBanners, body, { token: m.operatorToken, params: { area: 'invite' } });

    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const stored = await getSetting(m.db, 'inviteBanners');
    expect(stored).toHaveLength(10);
    expect(stored[9]!.html.th).toBe(thaiHtml(20_000));
  });

  it('refuse an operator body over the operator limit, and a member\'s body over 64 KB, with 413 KEY_INVALID', async () => {
    const m = await buildMoneyApp();
    const member = await memberWithMoney(m);
    const operatorBody = { banners: [{ image: '/images/rewards/invite.svg', html: { th: 'x'.repeat(OPERATOR_JSON_BODY_LIMIT_BYTES), la: '', en: '' } }] };
    const memberBody = { page: 1, limit: 10, padding: 'x'.repeat(200 * 1024) };
    expect(JSON.stringify(memberBody).length).toBeGreaterThan(3 * JSON_BODY_LIMIT_BYTES);

    const tooLarge = await call(m.app, endpoints.opsBanners, operatorBody, { token: m.operatorToken, params: { area: 'invite' } });
    const memberRoute = await call(m.app, endpoints.invites, memberBody, { token: member.token });
    // An operator route's limit is not a member's: a member is refused before their body is read.
    const memberOnOperatorRoute = await call(m.app, endpoints.opsBanners, memberBody, { token: member.token, params: { area: 'invite' } });

    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([413, { message: 'KEY_INVALID' }]);
    expect([memberRoute.statusCode, memberRoute.json()]).toEqual([413, { message: 'KEY_INVALID' }]);
    expect([memberOnOperatorRoute.statusCode, memberOnOperatorRoute.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
  });
});

describe('logs', () => {
  it('never hold passwords, tokens or OTP codes, even at trace level', async () => {
    const t = await buildTestApp({ logLevel: 'trace', registerOtp: true });
    const phone = newPhone();
    const sent = await call(t.app, endpoints.otpSend, { phoneNumber: phone });
    const { otpToken } = sent.json();
    const code = t.sms.lastCodeFor(phone);
    await call(t.app, endpoints.otpVerify, { otpToken, otpCode: code });
    await call(t.app, endpoints.accountRegister, registrationBody({ username: phone, password: 'very-secret-password', otpToken }));
    const token = await login(t, phone, 'very-secret-password');
    await call(t.app, endpoints.changePassword, { oldPassword: 'very-secret-password', newPassword: 'another-secret' }, { token });

    const logs = t.logs.join('\n');

    expect(logs).toContain('/api/account/changepwd'); // the log was written
    expect(logs).not.toContain('very-secret-password');
    expect(logs).not.toContain('another-secret');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(otpToken);
    expect(logs).not.toContain(code);
  });
});

describe('the SPA', () => {
  let distDir: string;

  beforeAll(() => {
    distDir = mkdtempSync(path.join(tmpdir(), 'wallet-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    mkdirSync(path.join(distDir, 'images'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script>');
    writeFileSync(path.join(distDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    writeFileSync(path.join(distDir, 'images', 'contact-qr.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  it.each([['/'], ['/login']])('serves index.html at %s with the security headers', async (url) => {
    const { app } = await buildTestApp({ distDir });

    const response = await app.inject({ url });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers index.html for any other page, which draws its own 404', async () => {
    const { app } = await buildTestApp({ distDir });

    const member = await app.inject({ url: '/user/home?tab=1' });
    const unknown = await app.inject({ url: '/no/such/page' });

    expect(member.body).toContain('<div id="root">');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<div id="root">');
  });

  it('writes the operator\'s product name into the page (meta, title, top bar), escaped', async () => {
    const page = '<!doctype html><head><meta name="product-name" content="Mekong Wallet" /><title>Mekong Wallet</title></head><span class="top-bar__brand-name">Mekong Wallet</span>';
    writeFileSync(path.join(distDir, 'index.html'), page);
    try {
      const { app, db } = await buildTestApp({ distDir });
      await putSetting(db, 'info', { name: 'River "Gold" <Club> & Co', website: '' });

      for (const url of ['/', '/index.html', '/login']) {
        const response = await app.inject({ url });
        expect([url, response.statusCode, response.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
        expect(response.body).toBe(
          '<!doctype html><head><meta name="product-name" content="River &#34;Gold&#34; &#60;Club&#62; &#38; Co" /><title>River &#34;Gold&#34; &#60;Club&#62; &#38; Co</title></head><span class="top-bar__brand-name">River &#34;Gold&#34; &#60;Club&#62; &#38; Co</span>',
        );
      }
    } finally {
      writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script>');
    }
  });

  it('preloads the member script\'s fonts on member pages only, in the language the SPA remembered (docs/decisions/0147-the-member-home-paints-first.md)', async () => {
    const fonts = [
      'noto-sans-thai-thai-400-normal-T4.woff2',
      'noto-sans-thai-thai-600-normal-T6.woff2',
      'noto-sans-lao-lao-400-normal-L4.woff2',
      'noto-sans-lao-lao-600-normal-L6.woff2',
      'noto-sans-thai-latin-400-normal-A4.woff2',
      'noto-sans-thai-latin-600-normal-A6.woff2',
    ];
    for (const font of fonts) writeFileSync(path.join(distDir, 'assets', font), 'woff2');
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><head><title>Mekong Wallet</title></head><div id="root"></div>');
    const preload = (file: string) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>`;
    const head = (links: string) => `<!doctype html><head><title>Mekong Wallet</title>${links}</head><div id="root"></div>`;
    try {
      const { app, db } = await buildTestApp({ distDir });
      const page = async (url: string, cookie?: string) => {
        const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
        return [response.body, response.headers.vary ?? null];
      };

      // The variant's language (th) without a cookie; the cookie's otherwise; none for English. (The home's page carries its notice too: below.)
      expect(await page('/user/profile')).toEqual([head(preload(fonts[0]!) + preload(fonts[1]!)), 'Cookie']);
      expect(await page('/user/statement?page=2', 'other=1; locale=LA')).toEqual([head(preload(fonts[2]!) + preload(fonts[3]!)), 'Cookie']);
      expect(await page('/user/deposit', 'locale=EN')).toEqual([head(''), 'Cookie']);
      // The home's page draws text before its scripts (0152): the Latin files too (its notice's block aside).
      const home = async (cookie: string) => {
        const [body, vary] = await page('/user/home', cookie);
        return [body!.replace(/<script type="application\/json" id="notice-answer"[^>]*>[^<]*<\/script>/, ''), vary];
      };
      expect(await home('locale=EN')).toEqual([head(preload(fonts[4]!) + preload(fonts[5]!)), 'Cookie']);
      expect(await home('locale=LA')).toEqual([head(preload(fonts[2]!) + preload(fonts[3]!) + preload(fonts[4]!) + preload(fonts[5]!)), 'Cookie']);
      // A notice this device dismissed is not drawn: no Latin files for it.
      const { en } = await getSetting(db, 'notice');
      expect(await home(`locale=EN; dismissed-notice=${noticeKey(en)}`)).toEqual([head(''), 'Cookie']);
      // The public pages keep the page as it was built.
      for (const url of ['/', '/login', '/register', '/username']) expect(await page(url, 'locale=TH')).toEqual([head(''), null]);
    } finally {
      for (const font of fonts) rmSync(path.join(distDir, 'assets', font));
      writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script>');
    }
  });

  it('brings the home\'s notice in its page, as GET /api/lookup/notice answers it in the SPA\'s language, safe inside its script element (docs/decisions/0147-the-member-home-paints-first.md)', async () => {
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><head><title>Mekong Wallet</title></head><div id="root"></div>');
    // HTML that would end the script element, open a comment, or break a line for an old parser, were it written as it is.
    const hostile = '<strong>Maintenance</strong> </script><script>window.__pwned=1</script><!-- a & b > c \u2028\u2029 $& $1';
    const notice = { th: `${hostile} ไทย`, la: 'ລາວ <b>ບຸນ</b>', en: '' };
    const block = /<script type="application\/json" id="notice-answer" data-language="(th|la|en)">([^<]*)<\/script>/;
    try {
      const { app, db } = await buildTestApp({ distDir });
      await putSetting(db, 'notice', notice);
      const carried = async (url: string, cookie?: string) => {
        const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
        expect(response.statusCode).toBe(200);
        const found = block.exec(response.body);
        if (!found) return null;
        // Nothing inside it that HTML or an old parser would read as more than text.
        expect(found[2]).not.toMatch(/[<>&\u2028\u2029]/);
        // The one element, whole, at the end of the head, and the page around it as built.
        expect(response.body).toBe(`<!doctype html><head><title>Mekong Wallet</title>${found[0]}</head><div id="root"></div>`);
        return { language: found[1], answer: JSON.parse(found[2]!) as unknown };
      };
      const answered = async (language: string) => (await call(app, endpoints.lookupNotice, undefined, { language })).json() as unknown;

      // Without a cookie: the variant's language (th), as the SPA then asks; with one, the cookie's.
      expect(await carried('/user/home')).toEqual({ language: 'th', answer: await answered('th') });
      expect(await answered('th')).toEqual({ notice: notice.th });
      expect(await carried('/user/home?from=login', 'locale=LA')).toEqual({ language: 'la', answer: await answered('lo') });
      expect(await carried('/user/home/', 'other=1; locale=EN')).toEqual({ language: 'en', answer: { notice: null } });
      expect(await answered('en')).toEqual({ notice: null });

      // Only the home's page: the public pages, the worker's app shell and the other member pages are as built.
      for (const url of ['/', '/login', '/register', '/index.html', '/user/profile', '/user/homework', '/no/such/page']) {
        expect([url, await carried(url, 'locale=TH')]).toEqual([url, null]);
      }
      await putSetting(db, 'notice', { th: '', la: '', en: '' });
      expect(await carried('/user/home')).toEqual({ language: 'th', answer: { notice: null } });
    } finally {
      writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script>');
    }
  });

  it('caches hashed assets for a year and public files for an hour', async () => {
    const { app } = await buildTestApp({ distDir });

    const asset = await app.inject({ url: '/assets/app-1a2b3c.js' });
    const image = await app.inject({ url: '/images/contact-qr.svg' });

    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('does not answer index.html under /api', async () => {
    const { app } = await buildTestApp({ distDir });

    const response = await call(app, { ...endpoints.lookupBanks, path: '/api/unknown' });

    expect(response.json()).toEqual({ message: 'NO_DATA' });
  });

  it('says how to build it when dist is missing', async () => {
    const { app } = await buildTestApp({ distDir: path.join(distDir, 'missing') });

    const response = await app.inject({ url: '/login' });

    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});
