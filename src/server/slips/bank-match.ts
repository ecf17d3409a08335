/**
 * Comparing what a bank shows of a transfer's two sides with accounts we
 * hold in full (docs/decisions/0137-slip-verification.md). Banks mask
 * account numbers ("xxx-x-x1234-x", "1234xxxx5678") and put titles before
 * names ("MR. SOMCHAI JAIDEE", "นาย สมชาย ใจดี"), and some cut the last
 * name short ("MR. SOMCHAI J"). Four shown digits narrow an account to one
 * in ten thousand, which anyone can match by choosing an account, so a
 * side fits only by bank, every shown digit and the whole name; whatever
 * cannot be told for sure is a finding for an operator, never a credit.
 */
import type { SlipVerifyProblem } from '../../contract/deposit.ts';
import type { BankParty } from './verifier.ts';

/** Fewer visible digits than this prove nothing about whose account it is. */
const MIN_VISIBLE_DIGITS = 4;

/** A bank's mask without its dashes and spaces, x for a hidden digit; null when it is no mask or shows too few digits. */
function maskShape(masked: string | null): string | null {
  if (masked === null) return null;
  const shape = masked.replace(/[\s-]/g, '').toLowerCase().replace(/\*/g, 'x');
  if (!/^[\dx]+$/.test(shape)) return null;
  return shape.replace(/x/g, '').length >= MIN_VISIBLE_DIGITS ? shape : null;
}

/**
 * Whether `masked` can be `full`: the same number of characters once dashes
 * and spaces are gone, every visible digit equal, and at least four
 * visible. An x (or *) hides a digit.
 */
export function maskedMatches(masked: string | null, full: string): boolean {
  const shape = maskShape(masked);
  const digits = full.replace(/[\s-]/g, '');
  if (shape === null || shape.length !== digits.length || !/^\d+$/.test(digits)) return false;
  return [...shape].every((c, i) => c === 'x' || c === digits[i]);
}

/** The mask as an SQL LIKE pattern (a digit for a digit, _ for a hidden one), to find every account it can be; null as maskShape. */
export function maskLikePattern(masked: string | null): string | null {
  return maskShape(masked)?.replace(/x/g, '_') ?? null;
}

/** Titles banks put before a person's name, Thai and English, as words of their own. */
const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'นาย', 'นาง', 'นางสาว', 'น.ส', 'ด.ช', 'ด.ญ']);
/**
 * Titles ending in a dot, which may be written against the name
 * ("น.ส.สมหญิง", "MR.SOMCHAI"). A Thai title without a dot written against
 * the name ("นายสมชาย") is not taken off: "นางนวล" is a name.
 */
const DOTTED_TITLES = ['น.ส.', 'ด.ช.', 'ด.ญ.', 'MRS.', 'MR.', 'MS.'];

/** The words of a name to compare: the same letters however the bank spaced, cased, punctuated or titled them. */
function nameWords(name: string): string[] {
  let text = name
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\uFEFF]/g, '')
    .toUpperCase()
    .trim();
  const glued = DOTTED_TITLES.find((title) => text.startsWith(title));
  const [first = ''] = text.split(/\s+/, 1);
  if (TITLES.has(first.replace(/\.+$/, ''))) text = text.slice(first.length);
  else if (glued) text = text.slice(glued.length);
  // "CO.,LTD." and "CO LTD" are the same words.
  return text
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
}

/**
 * How a name the bank shows fits a name we hold: FULL, the same words (a
 * first and a last name at least); PARTIAL, the same first name and a last
 * name the held one begins with, cut short as some banks do (it may be
 * someone else's); NONE otherwise, and for a name of one word.
 */
export type NameFit = 'FULL' | 'PARTIAL' | 'NONE';

export function nameFit(shown: string | null, held: string | null): NameFit {
  if (shown === null || held === null) return 'NONE';
  const [first, ...rest] = nameWords(shown);
  const [heldFirst, ...heldRest] = nameWords(held);
  if (first === undefined || first !== heldFirst || rest.length === 0 || heldRest.length === 0) return 'NONE';
  const last = rest.join(' ');
  const heldLast = heldRest.join(' ');
  if (last === heldLast) return 'FULL';
  return heldLast.startsWith(last) ? 'PARTIAL' : 'NONE';
}

/** The better fit of the names the bank shows for a side, Thai and English. */
function partyNameFit(party: BankParty, held: string): NameFit {
  const fits = [nameFit(party.nameTh, held), nameFit(party.nameEn, held)];
  if (fits.includes('FULL')) return 'FULL';
  return fits.includes('PARTIAL') ? 'PARTIAL' : 'NONE';
}

/** An account we know in full: one of our deposit accounts, or a member's registered one. */
export interface Holder {
  bankCode: string;
  accountNo: string;
  name: string;
}

function accountFits(party: BankParty, holder: Holder): boolean {
  return party.bankCode !== null && party.bankCode === holder.bankCode && maskedMatches(party.account, holder.accountNo);
}

/**
 * Whether the money went to one of `ours`: by bank and shown digits
 * (RECEIVER_NOT_OURS), and by the holder's whole name
 * (RECEIVER_NAME_MISMATCH: another person's account whose shown digits
 * are ours); paid through a PromptPay proxy or a QR, a QR payment's
 * webhook may credit the same money under its own key (PAID_TO_PROXY).
 */
export function receiverProblems(receiver: BankParty, ours: readonly Holder[]): SlipVerifyProblem[] {
  const byNumber = ours.filter((account) => accountFits(receiver, account));
  if (byNumber.length === 0) return ['RECEIVER_NOT_OURS'];
  const problems: SlipVerifyProblem[] = [];
  if (!byNumber.some((account) => partyNameFit(receiver, account.name) === 'FULL')) problems.push('RECEIVER_NAME_MISMATCH');
  if (receiver.proxy !== null) problems.push('PAID_TO_PROXY');
  return problems;
}

/**
 * Whether the money came from the uploader's registered account: by bank
 * and shown digits (SENDER_ACCOUNT_MISMATCH) and by their whole name
 * (SENDER_NAME_MISMATCH, or SENDER_NAME_PARTIAL when the bank cut it
 * short), and from no other member's as far as the bank shows
 * (SENDER_AMBIGUOUS: `others`, other members' accounts at the sender's
 * bank, has one that fits by number and a name that may be the shown one).
 */
export function senderProblems(sender: BankParty, member: Holder | null, others: readonly Holder[]): SlipVerifyProblem[] {
  const problems: SlipVerifyProblem[] = [];
  const account = member !== null && accountFits(sender, member);
  if (!account) problems.push('SENDER_ACCOUNT_MISMATCH');
  const name = member === null ? 'NONE' : partyNameFit(sender, member.name);
  if (name === 'NONE') problems.push('SENDER_NAME_MISMATCH');
  if (name === 'PARTIAL') problems.push('SENDER_NAME_PARTIAL');
  const anotherFits = others.some((other) => accountFits(sender, other) && partyNameFit(sender, other.name) !== 'NONE');
  if (account && name !== 'NONE' && anotherFits) problems.push('SENDER_AMBIGUOUS');
  return problems;
}
