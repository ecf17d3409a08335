/**
 * The member's bank account name in the deposit modal (spec 2, spec 5 Bank
 * account name edit): KTB, TMB and BBL need it in English letters; until it
 * is, a copy of a receiving account's number waits for it.
 */

export interface BankAccountNameInput {
  /** The member's registered account (GET /api/wallet bankAccount); null when the wallet has none. */
  account: { bankCode: string; bankAccountName: string } | null;
}

export interface BankAccountNameContext {
  bankCode: string;
  /** The registered name: shown, and replaced by the saved one. */
  name: string;
  /** The English name as typed. */
  draft: string;
  /** A copy the member asked for while the English name was missing: it runs once the name is saved. */
  heldCopy: string | null;
  /** The server's refusal, or NETWORK_ERROR. */
  error: string | null;
}

export type BankAccountNameEvent =
  | { type: 'name.change'; value: string }
  | { type: 'name.save' }
  /** A copy button (a receiving account's number). */
  | { type: 'copy.request'; text: string };

/**
 * Actor the view provides: saveName ({ bankCode, bankAccountName } → Result<{ bankAccountName }>),
 * PUT /api/account/bankAccountName.
 * Emitted for the view: copy ({ text }) — to the clipboard, with the
 * 'Copied: {text}' or 'Failed to copy' toast; nameRejected — the
 * requiredEngLang toast (spec 5).
 * Tags: 'ready' (copies run at once), 'needed' (the English-name form), 'busy' (saving).
 */
export type BankAccountNameTag = 'ready' | 'needed' | 'busy';

export type BankAccountNameEmitted = { type: 'copy'; text: string } | { type: 'nameRejected' };
