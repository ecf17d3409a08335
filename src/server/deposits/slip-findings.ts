/**
 * What an operator checks before deciding one slip
 * (contract/deposit.ts OpsSlipDetailResponse): the member's bank account,
 * other slips with the same reference, a credit the reference already has
 * in the ledger (the slip's approval would then move nothing: the key
 * `deposit:{reference}` is spent), an approval waiting for a second
 * operator, and the age a slip may have (a setting).
 */
import type { Queryable } from '../db/client.ts';
import { transferByKey, type Transfer } from '../ledger/transfers.ts';
import { findPending, type ApprovalRow } from '../repositories/approvals.ts';
import { getSetting } from '../repositories/settings.ts';
import { findSlipView, slipsWithReference, type SlipView } from '../repositories/slips.ts';
import { findProfile, type ProfileRow } from '../repositories/users.ts';

/** More siblings than this say "duplicate" as clearly; the list stays short. */
const SIBLINGS_SHOWN = 10;

export interface SlipFindings {
  slip: SlipView;
  member: ProfileRow | undefined;
  sameReference: SlipView[];
  credited: Transfer | undefined;
  waiting: ApprovalRow | undefined;
  maxAgeMinutes: number;
}

/** The slip and its findings; undefined for an unknown slip. */
export async function slipFindings(db: Queryable, slipId: number): Promise<SlipFindings | undefined> {
  const slip = await findSlipView(db, slipId);
  if (!slip) return undefined;
  const reference = slip.reference;
  const [member, sameReference, credited, waiting, maxAgeMinutes] = await Promise.all([
    findProfile(db, slip.userId),
    reference === null ? [] : slipsWithReference(db, reference, slip.id, SIBLINGS_SHOWN),
    // The key the slip's approval credits under (deposits/slip-review.ts), shared with the manual deposit.
    reference === null ? undefined : transferByKey(db, `deposit:${reference}`),
    findPending(db, 'slip.approved', String(slip.id)),
    getSetting(db, 'slipMaxAgeMinutes'),
  ]);
  return { slip, member, sameReference, credited, waiting, maxAgeMinutes };
}
