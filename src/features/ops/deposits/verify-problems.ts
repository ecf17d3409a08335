/** Why the slip verifier left a slip for an operator (contract/deposit.ts SLIP_VERIFY_PROBLEMS), as the operator reads it. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SlipVerifyProblem } from '../../../contract/deposit.ts';

export const VERIFY_PROBLEMS: Readonly<Record<SlipVerifyProblem, MessageDescriptor>> = {
  NOT_FOUND: msg`The bank knows no such transfer.`,
  REFERENCE_MISMATCH: msg`The bank's reference is not the one in the QR.`,
  RECEIVER_NOT_OURS: msg`Not paid to one of our deposit accounts.`,
  RECEIVER_NAME_MISMATCH: msg`Paid to an account whose shown digits are ours but whose holder's name is not: probably someone else's account.`,
  PAID_TO_PROXY: msg`Paid through PromptPay or a QR: check it against the QR payments first.`,
  SENDER_ACCOUNT_MISMATCH: msg`Not sent from the member's registered bank account.`,
  SENDER_NAME_MISMATCH: msg`The sender's name is not the member's registered account name.`,
  SENDER_NAME_PARTIAL: msg`The bank shows only part of the sender's name: check that it is the member's.`,
  SENDER_AMBIGUOUS: msg`Another member's registered account fits the sender as the bank shows it: check whose money this is.`,
  DUPLICATE_AT_PROVIDER: msg`The verification service has checked this slip before.`,
  ALREADY_CREDITED: msg`Our ledger credited this reference already.`,
  OUTSIDE_TIME_WINDOW: msg`The transfer is older than a slip may be, or dated ahead.`,
  NOT_BAHT: msg`Not a transfer in baht to a member in baht.`,
  ABOVE_APPROVAL_THRESHOLD: msg`Above the approval threshold: an operator approves it, and a second operator too.`,
  VERIFIER_DAILY_LIMIT: msg`The verifier's credits of the last 24 hours reached the daily sum one may move alone: an operator approves it.`,
};
