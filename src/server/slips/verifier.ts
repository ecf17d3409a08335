/**
 * What a slip verifier answers, whichever service asks the bank: the
 * bank's own record of the transfer a slip's QR names. EasySlip
 * (./easyslip.ts) is the one adapter; SlipOK, Slip2Go and RDCW answer the
 * same things (a reference, a time, an amount, sender and receiver with a
 * masked account and names) and would be adapters beside it.
 */

/** One side of a transfer as the bank records it; accounts come masked ("xxx-x-x1234-x"). */
export interface BankParty {
  /** The bank's 3-digit code at the Bank of Thailand ("004"). */
  bankId: string;
  /** Our bank code for it (KBANK), when we know the bank. */
  bankCode: string | null;
  /** The bank account, masked; null when the bank names only a proxy. */
  account: string | null;
  /** A PromptPay proxy (phone, tax id, e-wallet), masked; null when none. */
  proxy: string | null;
  nameTh: string | null;
  nameEn: string | null;
}

export interface BankRecord {
  /** The bank's transaction reference. */
  reference: string;
  date: Date;
  /** Minor units (satang). */
  amount: bigint;
  /** The country whose banks moved it ("TH"). */
  country: string;
  sender: BankParty;
  receiver: BankParty;
}

export type Verified =
  /** The bank knows the transfer; `duplicate`: the service verified this slip before (for anyone). */
  | { found: true; record: BankRecord; duplicate: boolean }
  /** The bank knows no such transfer, or the QR is not one it reads: the provider's code. */
  | { found: false; code: string };

export interface SlipVerifier {
  /** Names the service in findings and logs. */
  readonly name: string;
  /**
   * Asks about the transfer whose slip QR reads `payload`. Throws
   * ProviderFailure (providers/http.ts) when the service cannot answer.
   */
  verify(payload: string): Promise<Verified>;
}

/** The Bank of Thailand's codes of the banks we list (seed-data.ts SEED_BANKS). */
export const THAI_BANK_IDS: Readonly<Record<string, string>> = {
  '002': 'BBL',
  '004': 'KBANK',
  '006': 'KTB',
  '011': 'TMB',
  '014': 'SCB',
  '022': 'CIMBT',
  '024': 'UOBT',
  '025': 'BAY',
  '030': 'GSB',
  '033': 'GHB',
  '034': 'BAAC',
  // Thanachart merged into TMB (ttb); older slips still carry its code.
  '065': 'TMB',
  '069': 'KKP',
};
