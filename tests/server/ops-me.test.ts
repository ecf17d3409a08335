/**
 * GET /api/ops/me: who the signed-in operator is, for any role, so the ops
 * pages know it without guessing from a refusal. No token, a dead one or a
 * disabled operator's answers 401 invalid-token (the ops pages go to their
 * login); a member's token 403 UNAUTHORIZED, as on every operator route.
 */
import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from '../../src/contract/api.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { disableOperator } from '../../src/server/operators/accounts.ts';
import { buildTestApp } from './helpers/app.ts';
import { operatorToken } from './helpers/operators.ts';
import { call } from './helpers/http.ts';
import { signedInMember } from './helpers/members.ts';
import { operatorIdOf } from './helpers/money.ts';

describe('GET /api/ops/me', () => {
  it('answers each operator’s id, name and role', async () => {
    const t = await buildTestApp();
    for (const [i, role] of OPERATOR_ROLES.entries()) {
      const phone = `080000030${i}`;
      const token = await operatorToken(t, role, phone);

      const me = await call(t.app, endpoints.opsMe, undefined, { token });

      expect([me.statusCode, me.json()]).toEqual([200, { id: String(await operatorIdOf(t.db, phone)), name: `${role} operator`, role }]);
    }
  });

  it('answers 401 without a live operator session and 403 to a member', async () => {
    const t = await buildTestApp();
    const phone = '0800000310';
    const token = await operatorToken(t, 'support', phone);
    const member = await signedInMember(t);
    const ask = async (token?: string) => {
      const response = await call(t.app, endpoints.opsMe, undefined, token === undefined ? {} : { token });
      return [response.statusCode, response.json()];
    };

    expect(await ask()).toEqual([401, { message: 'invalid-token' }]);
    expect(await ask('not-a-token')).toEqual([401, { message: 'invalid-token' }]);
    expect(await ask(member.token)).toEqual([403, { message: 'UNAUTHORIZED' }]);
    expect((await ask(token))[0]).toBe(200);
    await disableOperator(t.db, phone, t.clock());
    expect(await ask(token)).toEqual([401, { message: 'invalid-token' }]);

    const loggedOut = await operatorToken(t, 'admin', '0800000311');
    expect((await call(t.app, endpoints.logout, undefined, { token: loggedOut })).statusCode).toBe(200);
    expect(await ask(loggedOut)).toEqual([401, { message: 'invalid-token' }]);
  });
});
