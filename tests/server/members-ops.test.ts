/**
 * The console's member search (GET /api/ops/members, support and finance):
 * the phone, the name, the bank account number or name, any case, anywhere
 * in it; newest first, 20 a page, with the total. LIKE's own characters in
 * the query are only themselves.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { registerMember } from './helpers/members.ts';
import { operatorToken } from './helpers/operators.ts';

async function search(t: TestApp, token: string, query: Record<string, string>) {
  const response = await call(t.app, endpoints.opsMembers, undefined, { token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { members: { username: string; name: string; bank: { accountNo: string } | null }[]; total: number };
}

describe('GET /api/ops/members', () => {
  it('finds a member by part of their phone, name, account number or account name, in any case', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const support = await operatorToken(t, 'support', '0810000601');
    const noi = await registerMember(t, { name: 'Noi Sriwan', bankAccountName: 'NOI SRIWAN', bankAccountNo: '1234509876' });
    await registerMember(t, { name: 'Somchai Dee', bankAccountName: 'SOMCHAI DEE', bankAccountNo: '5550001111' });
    const usernames = async (q: string) => (await search(t, support, { q })).members.map((member) => member.username);

    expect(await usernames(noi.phone.slice(5))).toEqual([noi.phone]);
    expect(await usernames('sriwan')).toEqual([noi.phone]);
    expect(await usernames('45098')).toEqual([noi.phone]);
    expect(await usernames('NOI SRI')).toEqual([noi.phone]);
    expect(await usernames('%')).toEqual([]);
    expect(await usernames('_')).toEqual([]);
    expect((await search(t, support, { q: 'sriwan' })).members[0]).toEqual({
      username: noi.phone,
      name: 'Noi Sriwan',
      status: 'active',
      bank: { code: noi.body.bankCode, accountName: 'NOI SRIWAN', accountNo: '1234509876', currency: 'BAHT' },
      createdAt: t.clock().toISOString(),
    });
  });

  it('lists everyone newest first, 20 a page, with the total; finance may search too', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const before = (await search(t, await operatorToken(t, 'finance', '0810000610'), {})).total;
    const phones: string[] = [];
    for (let i = 0; i < 21; i++) {
      // An address registers 10 members an hour.
      t.clock.advance(i % 10 === 0 ? 3600_000 : 1_000);
      phones.push((await registerMember(t, { bankAccountNo: `77700000${String(i).padStart(2, '0')}` })).phone);
    }
    const finance = await operatorToken(t, 'finance', '0810000611');

    const first = await search(t, finance, { q: '777000' });
    const second = await search(t, finance, { q: '777000', page: '2' });

    expect([first.total, first.members.length, second.members.length]).toEqual([21, 20, 1]);
    expect([...first.members, ...second.members].map((member) => member.username)).toEqual([...phones].reverse());
    expect((await search(t, finance, {})).total).toBe(before + 21);
    for (const query of [{ page: '0' }, { q: 'x'.repeat(61) }] as Record<string, string>[]) {
      const refused = await call(t.app, endpoints.opsMembers, undefined, { token: finance, query });
      expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    }
  });
});
