/** Operators for the server suites: added with a role and signed in as the back office does. */
import type { OperatorRole } from '../../../src/contract/api.ts';
import { endpoints } from '../../../src/contract/endpoints.ts';
import { totpCode } from '../../../src/server/auth/totp.ts';
import { addOperator } from '../../../src/server/operators/accounts.ts';
import type { TestApp } from './app.ts';
import { call } from './http.ts';

/** A new operator of `role`, signed in (password and second factor): their token. */
export async function operatorToken(t: TestApp, role: OperatorRole, phone: string): Promise<string> {
  const enrolment = await addOperator(t.db, { phone, role, name: `${role} operator` }, t.clock());
  // The second factor's step must be later than any accepted before.
  t.clock.advance(30_000);
  const response = await call(t.app, endpoints.login, { username: phone, password: enrolment.password, otpCode: totpCode(enrolment.totpSecret, t.clock()) });
  if (response.statusCode !== 200) throw new Error(`operator login: ${response.body}`);
  return response.json().token;
}
