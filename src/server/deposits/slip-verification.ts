/**
 * A new slip checked with the bank through the slip verifier
 * (docs/decisions/0137-slip-verification.md), right after it was recorded
 * PENDING. It is credited without an operator only when every check
 * passes: the bank's reference is the QR's, the money went to one of our
 * deposit accounts and came from the member's registered account under
 * their whole name and from no other member's (./slip-parties.ts), it is
 * new (to the service and to our ledger), within the slip's time window
 * (contract/rules/slips.ts, the upload's rule too), in baht, and within
 * dual control's limits (approvals/alone.ts: the approval threshold, and
 * operatorDailyAlone over the verifier's own credits of the last 24
 * hours). The amount credited is the bank's. Anything else stays PENDING
 * with the findings beside it for an operator; a verifier that does not
 * answer (UNAVAILABLE) or a failure of ours (FAILED) leaves it PENDING
 * too, never credited.
 *
 * Crediting is the operator's approval path (slip-review.ts creditSlip):
 * the slip's approval lock, the slip row locked and still PENDING, one
 * ledger transfer under `deposit:{reference}`, so an operator deciding the
 * same slip at that moment and the verifier never both credit it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SlipVerificationFindings, SlipVerifyProblem } from '../../contract/deposit.ts';
import { toMajor } from '../../contract/money.ts';
import { slipAgeProblem, transferAt } from '../../contract/rules/slips.ts';
import { aloneLimitPassed, aloneWindowStart, type AloneLimits } from '../approvals/alone.ts';
import type { Db } from '../db/client.ts';
import { transferByKey } from '../ledger/transfers.ts';
import { inMovement } from '../money/movement.ts';
import { ProviderFailure } from '../providers/http.ts';
import { lockSubject } from '../repositories/approvals.ts';
import { getSettings } from '../repositories/settings.ts';
import { lockSlip, lockVerifierCredits, recordSlipVerification, verifierCreditsSince, type SlipRow } from '../repositories/slips.ts';
import { findProfile, type ProfileRow } from '../repositories/users.ts';
import type { BankParty, BankRecord, SlipVerifier } from '../slips/verifier.ts';
import { bankDepositKey } from './credit.ts';
import { slipPartyProblems } from './slip-parties.ts';
import { creditSlip } from './slip-review.ts';

export interface SlipCheckInput {
  /** The reference the slip's QR carries (the slip row's). */
  qrReference: string;
  record: BankRecord;
  /** The service verified this slip before. */
  duplicate: boolean;
  /** Our ledger already credited this reference. */
  alreadyCredited: boolean;
  member: Pick<ProfileRow, 'currency'>;
  maxAgeMinutes: number;
  /** Dual control's limits (0121): the verifier moves money alone within them, as an operator does. */
  limits: AloneLimits;
  /** What the verifier credited in the last 24 hours, minor units of baht. */
  creditedToday: bigint;
  now: Date;
}

/** Every check the slip fails but who paid whom (./slip-parties.ts); none there and here: it may be credited without an operator. */
export function slipProblems({ qrReference, record, duplicate, alreadyCredited, member, maxAgeMinutes, limits, creditedToday, now }: SlipCheckInput): SlipVerifyProblem[] {
  const problems: SlipVerifyProblem[] = [];
  if (record.reference !== qrReference) problems.push('REFERENCE_MISMATCH');
  if (duplicate) problems.push('DUPLICATE_AT_PROVIDER');
  if (alreadyCredited) problems.push('ALREADY_CREDITED');
  // The upload's date check's rule, on the bank's exact time.
  if (slipAgeProblem(transferAt(record.date), now, maxAgeMinutes) !== null) problems.push('OUTSIDE_TIME_WINDOW');
  if (member.currency !== 'BAHT' || record.country !== 'TH') problems.push('NOT_BAHT');
  else {
    const passed = aloneLimitPassed(record.amount, 'BAHT', creditedToday, limits);
    if (passed === 'THRESHOLD') problems.push('ABOVE_APPROVAL_THRESHOLD');
    if (passed === 'DAILY') problems.push('VERIFIER_DAILY_LIMIT');
  }
  return problems;
}

function shown(party: BankParty) {
  return {
    bank: party.bankCode ?? party.bankId,
    account: [party.account, party.proxy].filter((part) => part !== null).join(' / '),
    name: [party.nameTh, party.nameEn].filter((part) => part !== null).join(' / '),
  };
}

function findings(verifier: SlipVerifier, now: Date, outcome: SlipVerificationFindings['outcome'], rest: Partial<SlipVerificationFindings> = {}): SlipVerificationFindings {
  return { provider: verifier.name, outcome, checkedAt: now.toISOString(), problems: [], error: null, record: null, ...rest };
}

export interface SlipVerifyContext {
  db: Db;
  verifier: SlipVerifier;
  log: FastifyBaseLogger;
}

/**
 * Verifies a PENDING bank slip whose QR reads `payload` and credits it
 * when every check passes; answers the slip as it stands after. Never
 * throws: the slip is recorded already, and whatever goes wrong here
 * leaves it to an operator.
 */
export async function verifyNewSlip({ db, verifier, log }: SlipVerifyContext, slip: SlipRow & { reference: string }, payload: string, now: Date): Promise<SlipRow> {
  let verification: SlipVerificationFindings;
  try {
    const answer = await verifier.verify(payload);
    if (!answer.found) {
      verification = findings(verifier, now, 'REVIEW', { problems: ['NOT_FOUND'], error: answer.code });
    } else {
      const { record, duplicate } = answer;
      const [member, settings] = await Promise.all([
        findProfile(db, slip.userId),
        getSettings(db, 'depositAccounts', 'slipMaxAgeMinutes', 'approvalThreshold', 'operatorDailyAlone'),
      ]);
      if (!member) throw new Error(`slip ${slip.id} has no member`);
      const shownRecord = { reference: record.reference, date: record.date.toISOString(), amount: toMajor(record.amount), sender: shown(record.sender), receiver: shown(record.receiver) };
      return await inMovement(db, log, async (tx) => {
        // The verifier's credits one at a time (its daily sum), then the slip's, as an operator's movements are taken.
        await lockVerifierCredits(tx);
        await lockSubject(tx, 'slip.approved', String(slip.id));
        const locked = await lockSlip(tx, slip.id);
        // An operator decided it while the bank was asked: theirs stands.
        if (!locked || locked.status !== 'PENDING') return locked ?? slip;
        const problems = slipProblems({
          qrReference: slip.reference,
          record,
          duplicate,
          alreadyCredited: (await transferByKey(tx, bankDepositKey(slip.reference))) !== undefined,
          member,
          maxAgeMinutes: settings.slipMaxAgeMinutes,
          limits: settings,
          creditedToday: await verifierCreditsSince(tx, aloneWindowStart(now)),
          now,
        });
        // Who paid whom: to one of our deposit accounts, from this member's account and no other member's.
        problems.push(...(await slipPartyProblems(tx, record, member, settings.depositAccounts)));
        const credited = problems.length === 0;
        await recordSlipVerification(tx, slip.id, findings(verifier, now, credited ? 'CREDITED' : 'REVIEW', { problems, record: shownRecord }));
        if (credited) {
          const transfer = await creditSlip(tx, { ...slip, reference: slip.reference }, record.amount, null, now);
          log.info({ slipId: slip.id, transferId: transfer.id }, 'slip credited by its verifier');
          return { ...locked, status: 'SUCCESS' as const, amount: record.amount, transferId: transfer.id, reviewedAt: now };
        }
        log.info({ slipId: slip.id, problems }, 'slip left for an operator by its verifier');
        return locked;
      });
    }
  } catch (error) {
    if (error instanceof ProviderFailure) {
      // The service did not answer: nothing is known of the transfer.
      verification = findings(verifier, now, 'UNAVAILABLE', { error: error.reason });
    } else {
      // Ours failed (reading the member, the ledger, the credit's transaction): nothing was credited, whatever the bank said.
      log.error({ err: error, slipId: slip.id }, 'slip verification failed');
      verification = findings(verifier, now, 'FAILED');
    }
  }
  try {
    await recordSlipVerification(db, slip.id, verification);
  } catch (error) {
    log.error({ err: error, slipId: slip.id }, 'slip verification not recorded');
  }
  return slip;
}
