/**
 * The console's member search (GET /api/ops/members, support and finance):
 * the phone, the name, the bank account number or name, any case, anywhere
 * in it; newest first (or oldest, or by name, as asked), 20 a page, with
 * the total. LIKE's own characters in the query are only themselves.
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
    for (const query of [{ page: '0' }, { q: 'x'.repeat(61) }, { sort: 'richest' }, { sort: 'NAME' }] as Record<string, string>[]) {
      const refused = await call(t.app, endpoints.opsMembers, undefined, { token: finance, query });
      expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    }
  });

  it('orders by the sort asked: newest (the default), oldest, name in any case; the id breaks ties, so pages neither repeat nor skip', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const support = await operatorToken(t, 'support', '0810000620');
    const names = ['Somchai Dee', 'anan Kaew', 'Noi Sriwan', 'Anan Kaew'];
    const registered: { phone: string; name: string; at: number }[] = [];
    for (let i = 0; i < 23; i++) {
      // Ten at one instant, then an hour on (an address registers 10 members an hour): registration times tie.
      if (i % 10 === 0) t.clock.advance(3600_000);
      const name = names[i % names.length]!;
      const member = await registerMember(t, { name, bankAccountNo: `88800000${String(i).padStart(2, '0')}` });
      registered.push({ phone: member.phone, name, at: t.clock().getTime() });
    }
    const pages = async (sort?: string) => {
      const query = { q: '888000', ...(sort !== undefined && { sort }) };
      const [first, second] = [await search(t, support, query), await search(t, support, { ...query, page: '2' })];
      expect([first.total, first.members.length, second.members.length]).toEqual([23, 20, 3]);
      return [...first.members, ...second.members].map((member) => member.username);
    };
    const oldest = registered.map((member) => member.phone);
    // Registration order is the id's order; among equal lowercase names the earlier registered comes first.
    const byName = registered
      .map((member, order) => ({ ...member, order }))
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'en') || a.order - b.order)
      .map((member) => member.phone);

    expect(await pages()).toEqual([...oldest].reverse());
    expect(await pages('newest')).toEqual([...oldest].reverse());
    expect(await pages('oldest')).toEqual(oldest);
    expect(await pages('name')).toEqual(byName);
    // The ties the tiebreak has to settle are there: 10 members share an instant, 11 a name in lowercase.
    expect(new Set(registered.map((member) => member.at)).size).toBe(3);
    expect(registered.filter((member) => member.name.toLowerCase() === 'anan kaew').length).toBe(11);
  });
});
