/**
 * Logging in (POST /api/login) and out, for members and operators alike:
 * one phone names at most one of them. Members log in with phone and password;
 * operators also with a TOTP code, except in demo mode the bootstrap admin
 * (scripts and tests log in as before) and an operator with no second
 * factor enrolled (the demo agent, db/seed-data.ts DEMO_OPERATOR).
 *
 * What an attacker repeats is limited before any password is checked:
 * failures per client address first (so one address cannot use up the
 * rest), then the server's ceiling of login attempts, then a wait that
 * grows with each failure for this phone from this address (policy.ts
 * LOGIN_DELAY), and, from an address the phone's owner never logged in
 * from, a wait that grows with the phone's failures from all such
 * addresses together (ACCOUNT_LOGIN_DELAY), so guessing spread over many
 * addresses slows down too. An address the owner logged in from skips that
 * one: an attacker's failures elsewhere never keep the owner's right
 * password out there. Each attempt is counted as a failure up front, so
 * parallel guesses cannot slip past, and taken back when it succeeds. A
 * wrong phone, a wrong password and an operator's wrong code get the same
 * answer in about the same time.
 */
import type { ChatHub } from '../chat/hub.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { clientOf, type Limits } from '../limits/limits.ts';
import { ACCOUNT_LOGIN_DELAY, KNOWN_ADDRESS_LIFETIME_MS, LOGIN_DELAY, OPERATOR_SESSION_LIFETIME_MS, SESSION_LIFETIME_MS } from '../policy.ts';
import { isKnownLoginAddress, noteLoginAddress } from '../repositories/login-addresses.ts';
import { findOperatorByPhone, insertOperatorSession, revokeOperatorSession, takeTotpStep, type Operator } from '../repositories/operators.ts';
import { insertSession, revokeSession } from '../repositories/sessions.ts';
import { findUserByPhone } from '../repositories/users.ts';
import { verifyPassword } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';
import { totpStep } from './totp.ts';

export interface LoginAttempt {
  phone: string;
  password: string;
  otpCode: string | undefined;
  /** The client address (per-address limits). */
  ip: string;
  /**
   * The service is terminated from the console: a member's right password
   * is answered 410 'gone' (operators still log in, so an admin can resume
   * it). Told only after the limits and the password, so the answer never
   * says which phones are operators'.
   */
  membersTurnedAway?: boolean;
}

export interface LoginContext {
  db: Db;
  limits: Limits;
  config: Pick<Config, 'production'>;
  now: Date;
}

/** The throttle key of a phone's password attempts from one client (limits.ts `clientOf`). */
export const loginThrottleKey = (phone: string, ip: string) => `login:${phone}:${clientOf(ip)}`;
/** The throttle key of a phone's password attempts from every address its owner never logged in from. */
const accountThrottleKey = (phone: string) => `login-account:${phone}`;

/** Starts a session and answers the token; only its hash is stored. */
async function startSession(db: Queryable, account: { kind: 'member' | 'operator'; id: number }, now: Date): Promise<string> {
  const token = newToken();
  if (account.kind === 'member') {
    await insertSession(db, account.id, hashToken(token), now, new Date(now.getTime() + SESSION_LIFETIME_MS));
  } else {
    await insertOperatorSession(db, account.id, hashToken(token), now, new Date(now.getTime() + OPERATOR_SESSION_LIFETIME_MS));
  }
  return token;
}

/**
 * An operator's second factor: required of every operator but, in demo
 * mode, the bootstrap admin and one with none enrolled (only the demo
 * agent: ops:add always enrols one); a code works once. A missing or wrong
 * code is answered as a wrong password, so the answer never tells a
 * guesser that the password was right.
 */
async function checkSecondFactor(db: Db, operator: Operator, otpCode: string | undefined, { production }: Pick<Config, 'production'>, now: Date): Promise<void> {
  if (!production && (operator.bootstrap || operator.totpSecret === null)) return;
  const step = operator.totpSecret === null || otpCode === undefined ? null : totpStep(operator.totpSecret, otpCode, now);
  if (step === null || !(await takeTotpStep(db, operator.id, step))) throw new ApiError(400, 'WRONG_CREDENTIAL');
}

/** Checks the attempt against every limit and the account; the new session's token. */
export async function logIn({ db, limits, config, now }: LoginContext, { phone, password, otpCode, ip, membersTurnedAway = false }: LoginAttempt): Promise<string> {
  const addressFailure = await limits.countAddress('loginFailures', ip, now);
  await limits.countLogin(now);
  const throttle = loginThrottleKey(phone, ip);
  await limits.reserve(throttle, LOGIN_DELAY, now);
  const known = await isKnownLoginAddress(db, phone, clientOf(ip), new Date(now.getTime() - KNOWN_ADDRESS_LIFETIME_MS));
  if (!known) await limits.reserve(accountThrottleKey(phone), ACCOUNT_LOGIN_DELAY, now);

  // An operator first: a phone is one account's (migration 0005 left a closed member beside an operator at most).
  const found = await findOperatorByPhone(db, phone);
  // A disabled operator is as unknown as a phone nobody has.
  const operator = found?.disabledAt === null ? found : undefined;
  const member = found ? undefined : await findUserByPhone(db, phone);
  const account = operator ?? member;
  const passwordMatches = await verifyPassword(password, account?.passwordHash ?? null);
  if (!account || !passwordMatches) throw new ApiError(400, 'WRONG_CREDENTIAL');
  if (operator) await checkSecondFactor(db, operator, otpCode, config, now);

  // The phone's owner, not a guesser: the attempt was no failure, and this address is theirs. The account-wide
  // count is cleared only by a login that went through it: the owner's logins at home must not hand a guesser
  // spread over other addresses ten new guesses each time.
  await limits.release(throttle);
  if (!known) await limits.release(accountThrottleKey(phone));
  await limits.uncount(addressFailure);
  await noteLoginAddress(db, phone, clientOf(ip), now);
  if (member && membersTurnedAway) throw new ApiError(410, 'gone');
  if (member && member.status !== 'active') throw new ApiError(403, 'INACTIVE_USER');
  return startSession(db, member ? { kind: 'member', id: member.id } : { kind: 'operator', id: operator!.id }, now);
}

/** Ends the caller's session; `sockets` closes its chat sockets then, on every process (chat/realtime.ts). */
export async function logOut(db: Db, session: { kind: 'member' | 'operator'; sessionId: number }, now: Date, sockets: Pick<ChatHub, 'endSessions'>): Promise<void> {
  if (session.kind === 'member') await revokeSession(db, session.sessionId, now);
  else await revokeOperatorSession(db, session.sessionId, now);
  sockets.endSessions(session.kind, [session.sessionId]);
}
