/**
 * Operator accounts: adding, disabling and resetting them (the ops:*
 * commands), and the bootstrap admin that OPERATOR_PHONE and
 * OPERATOR_PASSWORD describe. Every change that takes rights away (disable,
 * new password, new second factor) ends the operator's sessions at once.
 */
import { randomInt } from 'node:crypto';
import type { OperatorRole } from '../../contract/api.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { newTotpSecret, totpUri } from '../auth/totp.ts';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import { violatedUniqueConstraint, type Db, type Queryable } from '../db/client.ts';
import { recordAudit } from '../repositories/audit.ts';
import {
  enabledBootstrapAdminsExcept,
  findOperatorByPhone,
  insertOperator,
  revokeOperatorSessions,
  updateOperator,
  type Operator,
} from '../repositories/operators.ts';
import { findUserByPhone } from '../repositories/users.ts';

/** Why an operator change was refused: the catalogue code the console shows (404 NO_DATA for no operator, 409 the others). */
export type OperatorRefusal = 'NO_DATA' | 'OPERATOR_EXISTS' | 'OPERATOR_PHONE_IS_MEMBER' | 'OPERATOR_DISABLED' | 'OPERATOR_BOOTSTRAP' | 'OPERATOR_SELF';

/**
 * An operator change refused for a reason a person can fix: the ops commands print its message,
 * the console's routes answer its code like any ApiError (404 for no operator, 403 for one's own
 * account, 409 otherwise).
 */
export class OperatorRefused extends ApiError {
  constructor(code: OperatorRefusal, message: string) {
    super(code === 'NO_DATA' ? 404 : code === 'OPERATOR_SELF' ? 403 : 409, code);
    this.name = 'OperatorRefused';
    this.message = message;
  }
}

/**
 * The admin who makes a change in the console, for the audit (written in
 * the change's transaction); the ops commands run on the server's machine
 * and name nobody.
 */
export type ChangedBy = number | null;

async function audit(tx: Queryable, by: ChangedBy, action: 'operator.add' | 'operator.disabled' | 'operator.reset', operator: Pick<Operator, 'phone' | 'role' | 'name'>, now: Date): Promise<void> {
  if (by === null) return;
  // Never the password or the second factor: the audit says who, not how to sign in.
  await recordAudit(tx, { operatorId: by, action, subject: operator.phone, after: { role: operator.role, name: operator.name }, createdAt: now });
}

/** What an operator needs to log in, shown once: the password (null when it follows OPERATOR_PASSWORD) and the TOTP enrolment. */
export interface Enrolment {
  phone: string;
  role: OperatorRole;
  password: string | null;
  totpSecret: string;
  /** otpauth:// address for an authenticator app (also drawn as a QR in the terminal). */
  totpUri: string;
}

/** No 0/O, 1/l/I: the password is read off a terminal and typed. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 20 characters of 57: about 116 bits. */
function newOperatorPassword(): string {
  return Array.from({ length: 20 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

function enrolment(operator: Pick<Operator, 'phone' | 'role'>, password: string | null, totpSecret: string): Enrolment {
  return { phone: operator.phone, role: operator.role, password, totpSecret, totpUri: totpUri(totpSecret, operator.phone) };
}

async function refuseMemberPhone(db: Db, phone: string, what: string): Promise<void> {
  // A member never gains a role: operators and members never share a phone (also a database trigger).
  if (await findUserByPhone(db, phone)) throw new OperatorRefused('OPERATOR_PHONE_IS_MEMBER', `${what} ${phone} is a member's phone; an operator needs a phone of its own`);
}

/**
 * Adds an operator with a new password and second factor, or gives a
 * disabled one back its rights with new ones. An enabled operator on the
 * phone is refused (use resetOperator).
 */
export async function addOperator(db: Db, { phone, role, name }: { phone: string; role: OperatorRole; name: string }, now: Date, by: ChangedBy = null): Promise<Enrolment> {
  await refuseMemberPhone(db, phone, 'phone');
  const password = newOperatorPassword();
  const totpSecret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  const existing = await findOperatorByPhone(db, phone);
  if (existing) {
    if (existing.disabledAt === null) throw new OperatorRefused('OPERATOR_EXISTS', `an operator with phone ${phone} exists; reset it with ops:reset`);
    if (existing.bootstrap) throw new OperatorRefused('OPERATOR_BOOTSTRAP', `${phone} was the bootstrap admin (OPERATOR_PHONE); add the operator on another phone`);
    await db.transaction(async (tx) => {
      await updateOperator(tx, existing.id, { role, name, passwordHash, totpSecret, disabledAt: null });
      await revokeOperatorSessions(tx, existing.id, now);
      await audit(tx, by, 'operator.add', { phone, role, name }, now);
    });
    return enrolment({ phone, role }, password, totpSecret);
  }
  try {
    await db.transaction(async (tx) => {
      await insertOperator(tx, { phone, role, name, passwordHash, totpSecret }, now);
      await audit(tx, by, 'operator.add', { phone, role, name }, now);
    });
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'phone_has_one_owner') throw new OperatorRefused('OPERATOR_PHONE_IS_MEMBER', `phone ${phone} is a member's phone; an operator needs a phone of its own`);
    if (constraint === 'operators_phone_unique') throw new OperatorRefused('OPERATOR_EXISTS', `an operator with phone ${phone} exists; reset it with ops:reset`);
    throw error;
  }
  return enrolment({ phone, role }, password, totpSecret);
}

async function existingOperator(db: Db, phone: string): Promise<Operator> {
  const operator = await findOperatorByPhone(db, phone);
  if (!operator) throw new OperatorRefused('NO_DATA', `no operator has phone ${phone}`);
  return operator;
}

/**
 * Takes an operator's rights away at once: no login, no live session. In
 * the console (`by` an admin) never the admin's own account, nor the
 * bootstrap admin, which follows OPERATOR_PHONE at every start.
 */
export async function disableOperator(db: Db, phone: string, now: Date, by: ChangedBy = null): Promise<Operator> {
  const operator = await existingOperator(db, phone);
  if (by !== null && operator.id === by) throw new OperatorRefused('OPERATOR_SELF', 'an admin cannot disable their own account');
  if (by !== null && operator.bootstrap) throw new OperatorRefused('OPERATOR_BOOTSTRAP', `${phone} is the bootstrap admin; it follows OPERATOR_PHONE`);
  const disabledAt = operator.disabledAt ?? now;
  await db.transaction(async (tx) => {
    await updateOperator(tx, operator.id, { disabledAt });
    await revokeOperatorSessions(tx, operator.id, now);
    if (operator.disabledAt === null) await audit(tx, by, 'operator.disabled', operator, now);
  });
  return { ...operator, disabledAt };
}

/**
 * A new second factor and (except for the bootstrap admin, whose password
 * is OPERATOR_PASSWORD's) a new password; the operator's sessions end.
 */
export async function resetOperator(db: Db, phone: string, now: Date, by: ChangedBy = null): Promise<Enrolment> {
  const operator = await existingOperator(db, phone);
  if (operator.disabledAt !== null) throw new OperatorRefused('OPERATOR_DISABLED', `operator ${phone} is disabled; add it again with ops:add`);
  const password = operator.bootstrap ? null : newOperatorPassword();
  const totpSecret = newTotpSecret();
  const passwordHash = password === null ? operator.passwordHash : await hashPassword(password);
  await db.transaction(async (tx) => {
    await updateOperator(tx, operator.id, { passwordHash, totpSecret });
    await revokeOperatorSessions(tx, operator.id, now);
    await audit(tx, by, 'operator.reset', operator, now);
  });
  return enrolment(operator, password, totpSecret);
}

/**
 * Makes the operators table agree with OPERATOR_PHONE/OPERATOR_PASSWORD at
 * start. A bootstrap admin on another phone (the variable changed, or was
 * removed) is disabled. The one on the phone is created, or given back its
 * rights, and its password follows the variable (a change ends its
 * sessions). In production it needs a second factor like every operator:
 * when it has none yet, one is made and answered, to be shown once.
 */
export async function syncBootstrapAdmin(db: Db, config: Pick<Config, 'operator' | 'production'>, now: Date): Promise<Enrolment | null> {
  const wanted = config.operator;
  for (const previous of await enabledBootstrapAdminsExcept(db, wanted?.phone ?? null)) {
    await db.transaction(async (tx) => {
      await updateOperator(tx, previous.id, { disabledAt: now });
      await revokeOperatorSessions(tx, previous.id, now);
    });
  }
  if (!wanted) return null;
  await refuseMemberPhone(db, wanted.phone, 'OPERATOR_PHONE');

  const existing = await findOperatorByPhone(db, wanted.phone);
  if (existing && !existing.bootstrap) {
    throw new OperatorRefused('OPERATOR_EXISTS', `OPERATOR_PHONE ${wanted.phone} is an operator added with ops:add; the bootstrap admin needs a phone of its own`);
  }
  const totpSecret = config.production && !existing?.totpSecret ? newTotpSecret() : null;
  if (!existing) {
    const passwordHash = await hashPassword(wanted.password);
    try {
      await insertOperator(db, { phone: wanted.phone, name: 'Bootstrap admin', role: 'admin', passwordHash, totpSecret, bootstrap: true }, now);
    } catch (error) {
      // Another instance starting at the same moment created it first (and shows its enrolment).
      if (violatedUniqueConstraint(error) === 'operators_phone_unique') return null;
      throw error;
    }
  } else {
    const passwordChanged = !(await verifyPassword(wanted.password, existing.passwordHash));
    const changes = {
      ...(passwordChanged && { passwordHash: await hashPassword(wanted.password) }),
      ...(totpSecret !== null && { totpSecret }),
      ...(existing.disabledAt !== null && { disabledAt: null }),
    };
    if (Object.keys(changes).length > 0) {
      await db.transaction(async (tx) => {
        await updateOperator(tx, existing.id, changes);
        if (passwordChanged || totpSecret !== null) await revokeOperatorSessions(tx, existing.id, now);
      });
    }
  }
  return totpSecret === null ? null : enrolment({ phone: wanted.phone, role: 'admin' }, null, totpSecret);
}
