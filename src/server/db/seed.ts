/**
 * Runs at every start and adds only what is missing, so it is safe to repeat
 * and never overwrites an operator's edits. Two things follow the
 * configuration instead: REGISTER_OTP (when set) and the bootstrap admin.
 * The demo member is for trying the app: production has none. So are the
 * demo offers and the demo rewards (the wheel, the coin rule, the invite and
 * refund settings and their banners), which production does not
 * add. Where a demo database left them, production pauses the offers,
 * deactivates the wheel and switches off the invite and refund settings no
 * operator changed (docs/decisions/0101-rewards-operator-api-and-demo.md).
 * Demo mode also gives the chat's agents a few canned replies (docs/decisions/0106-chat-widget-and-inbox.md),
 * and an operator to answer with (the demo agent), whom production disables
 * while its password is still the one in the source.
 */
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { anyAudit } from '../repositories/audit.ts';
import { addMissingGames } from '../repositories/games.ts';
import { addMissingBanks, addMissingSources } from '../repositories/lookups.ts';
import { addMissingSettings, getSettings, putSetting } from '../repositories/settings.ts';
import { disableOperator, syncBootstrapAdmin, type Enrolment } from '../operators/accounts.ts';
import { findOperatorByPhone, insertOperator } from '../repositories/operators.ts';
import { findUserByPhone, insertBankAccount, insertUser } from '../repositories/users.ts';
import { addMissingOffers, pauseUnchangedOffers } from '../promotions/offers.ts';
import { addDemoWheel, deactivateSeededWheel } from '../rewards/rewards-ops.ts';
import { addDemoCannedReplies } from '../chat/canned.ts';
import { violatedUniqueConstraint, type Db } from './client.ts';
import { users } from './schema.ts';
import {
  DEFAULT_SETTINGS,
  DEMO_CANNED_REPLIES,
  DEMO_MEMBER,
  DEMO_MEMBER_COINS,
  DEMO_OFFERS,
  DEMO_OPERATOR,
  DEMO_REWARD_SETTINGS,
  DEMO_WHEEL,
  SEED_BANKS,
  SEED_GAMES,
  SEED_SOURCES,
} from './seed-data.ts';

/**
 * Answers the bootstrap admin's second-factor enrolment when one was made
 * now (production, first start), for the server to show once.
 */
export async function seed(db: Db, config: Config, clock: Clock = systemClock): Promise<Enrolment | null> {
  await addMissingBanks(db, SEED_BANKS);
  await addMissingSources(db, SEED_SOURCES);
  // Demo mode's rewards are on; production's start off. Either way only missing settings are added: an operator's values stand.
  await addMissingSettings(db, config.production ? DEFAULT_SETTINGS : { ...DEFAULT_SETTINGS, ...DEMO_REWARD_SETTINGS });
  await addMissingGames(db, SEED_GAMES);
  if (config.registerOtp !== undefined) await putSetting(db, 'registerOTP', config.registerOtp);
  if (config.production) {
    await refuseDemoMember(db, config.demo);
    await disableDemoOperator(db, clock());
    await pauseDemoOffers(db, DEMO_OFFERS.map((offer) => offer.code), clock());
    await deactivateDemoWheel(db);
    await switchOffDemoRewardSettings(db);
  } else {
    await addDemoMember(db, config.demo, clock());
    // Demo offers in the variant's currency: baht in the Thai build; the Laos build's members may hold either.
    await addMissingOffers(db, DEMO_OFFERS.map((offer) => ({ ...offer, currency: 'BAHT', status: 'active' })), clock());
    await addDemoWheel(db, DEMO_WHEEL, clock());
    await addDemoCannedReplies(db, DEMO_CANNED_REPLIES, clock());
  }
  const enrolment = await syncBootstrapAdmin(db, config, clock());
  // After the bootstrap admin, so that OPERATOR_PHONE may name the demo agent's phone: the phone is then the admin's.
  if (!config.production) await addDemoOperator(db, clock());
  return enrolment;
}

/**
 * A database that ran in demo mode holds the demo member, whose password is
 * in the source: anyone could sign in as them. Production does not start on
 * it until that member's password was changed (or on a new database).
 */
async function refuseDemoMember(db: Db, demo: Config['demo']): Promise<void> {
  const member = await findUserByPhone(db, demo.phone);
  if (member && (await verifyPassword(demo.password, member.passwordHash))) {
    throw new Error(
      `the database holds the demo member (phone ${demo.phone}) with the password from the source code; production needs a database that never ran in demo mode, or that member's password changed`,
    );
  }
}

/**
 * A database that ran in demo mode holds the demo agent, an admin whose
 * password is in the source. Production disables it (its sessions end)
 * unless it was given a password of its own (ops:reset).
 */
async function disableDemoOperator(db: Db, now: Date): Promise<void> {
  const operator = await findOperatorByPhone(db, DEMO_OPERATOR.phone);
  if (!operator || operator.disabledAt !== null || !(await verifyPassword(DEMO_OPERATOR.password, operator.passwordHash))) return;
  await disableOperator(db, DEMO_OPERATOR.phone, now);
  console.warn(`Disabled the demo agent (operator ${DEMO_OPERATOR.phone}): its password is in the source code (production mode)`);
}

/**
 * A database that ran in demo mode offers the demo's bonuses and its
 * promotion code, which is in the source: anyone could take them. Production
 * pauses those an operator never changed.
 */
async function pauseDemoOffers(db: Db, codes: string[], now: Date): Promise<void> {
  const paused = await pauseUnchangedOffers(db, codes, now);
  if (paused.length > 0) console.warn(`Paused the demo offers ${paused.join(', ')}: their codes are in the source code (production mode)`);
}

/**
 * A database that ran in demo mode has the demo wheel, whose prizes are in
 * the source code and no operator chose. Production deactivates it unless
 * an operator wrote a wheel since (a change is a new row with its author).
 */
async function deactivateDemoWheel(db: Db): Promise<void> {
  if (await deactivateSeededWheel(db)) console.warn('Deactivated the demo prize wheel: its prizes are in the source code (production mode)');
}

/**
 * A database that ran in demo mode has the demo's invite and refund
 * settings on, which would pay real money no one chose. Production switches
 * off those still exactly the demo's that no operator ever wrote (an
 * operator's values stand, the demo's numbers included).
 */
async function switchOffDemoRewardSettings(db: Db): Promise<void> {
  const stored = await getSettings(db, 'invite', 'refund');
  for (const key of ['invite', 'refund'] as const) {
    if (!stored[key].active || !isDeepStrictEqual(stored[key], DEMO_REWARD_SETTINGS[key]) || (await anyAudit(db, `settings.${key}`))) continue;
    await putSetting(db, key, { ...stored[key], active: false });
    console.warn(`Switched off the demo's ${key} setting: its numbers are in the source code and no operator chose them (production mode)`);
  }
}

/** The demo member is created once, with a few wheel coins to try the wheel; later changes to it (a new password) stand. */
async function addDemoMember(db: Db, demo: Config['demo'], now: Date): Promise<void> {
  if (await findUserByPhone(db, demo.phone)) return;
  const passwordHash = await hashPassword(demo.password);
  try {
    await db.transaction(async (tx) => {
      const userId = await insertUser(tx, { phone: demo.phone, name: DEMO_MEMBER.name, passwordHash }, now);
      await insertBankAccount(
        tx,
        userId,
        { bankCode: DEMO_MEMBER.bankCode, accountName: DEMO_MEMBER.accountName, accountNo: DEMO_MEMBER.accountNo, currency: 'BAHT' },
        now,
      );
      await tx.update(users).set({ coin: DEMO_MEMBER_COINS }).where(eq(users.id, userId));
    });
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if (violatedUniqueConstraint(error) === null) throw error;
  }
}

/**
 * The demo agent is created once, with no second factor, so it logs in with
 * phone and password alone in demo mode; later changes to it (disabled, a
 * reset) stand. A phone someone else took first (a member, an operator) is
 * left to them.
 */
async function addDemoOperator(db: Db, now: Date): Promise<void> {
  if (await findOperatorByPhone(db, DEMO_OPERATOR.phone)) return;
  const { phone, password, name, role } = DEMO_OPERATOR;
  try {
    await insertOperator(db, { phone, name, role, passwordHash: await hashPassword(password), totpSecret: null }, now);
  } catch (error) {
    // Another instance starting at the same moment created it first, or a member has the phone.
    const constraint = violatedUniqueConstraint(error);
    if (constraint !== 'operators_phone_unique' && constraint !== 'phone_has_one_owner') throw error;
  }
}
