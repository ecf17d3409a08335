/**
 * The settings table's values (key → jsonb), one type per key: the ground
 * floor that the defaults (seed-data.ts) and the typed reads and writes
 * (repositories/settings.ts) share, so neither imports the other's floor.
 */
import type { Localized } from '../language.ts';

export interface Settings {
  registerOTP: boolean;
  info: { name: string; website: string };
  contact: { contactText: Localized; lineLink: string; lineName: string; lineQR: string };
  /** HTML, one string per condition: cleaned on write (promotions/html.ts), sanitised again by the SPA. */
  conditions: Localized<string[]>;
  agreements: Localized<string[]>;
  /** HTML, cleaned on write as the conditions are; an empty text means no notice in that language. */
  notice: Localized;
  enableChatWidget: boolean;
  /**
   * An admin terminated the service from the console: members' calls answer
   * 'gone' and the app shows /terminated until it is resumed
   * (service/switch.ts; SERVICE_STATUS=terminated is the deploy's own switch).
   */
  serviceTerminated: boolean;
  /** Withdrawal limits in the currency's major unit (spec 5: the server's values). */
  withdrawMin: number;
  withdrawMax: number;
  /** Smallest wallet ↔ game transfer in major units (spec 9: default 1 baht). */
  transferMin: number;
  /**
   * Deposits: the receiving accounts shown by GET /api/lookup/deposit;
   * `promptPayId` (a 13-digit tax id, a 10-digit phone or an e-wallet id)
   * is what a QR on that provider pays to. Names of the banks come from the
   * banks lookup.
   */
  depositAccounts: {
    bankCode: string;
    bankType: 'BANK' | 'PAYMENT';
    mode: string;
    bankAccountName: string;
    bankAccountNo: string;
    currency: 'BAHT' | 'LAK';
    promptPayId: string | null;
  }[];
  depositWallets: { mode: string; walletAccountName: string }[];
  /** True: deposits are checked by hand (the lookup's isManual). */
  depositIsManual: boolean;
  /** How long a QR stays payable, in minutes. */
  qrMinutes: number;
  /** Smallest QR amount per provider in major units (spec 5's client rules are the floor). */
  qrMinimums: Record<string, number>;
  /**
   * Largest QR deposit in major units, any provider: a larger QR is not
   * created (QR_FAIL) and a payment above it is kept for review, never
   * credited on its own.
   */
  qrMaximum: number;
  /** 'HH:mm' in the variant's local time: slips are taken until then each day. */
  slipClosingTime: string;
  /**
   * spec 2 (within 1 hour): how old a slip's transfer may be, by the one rule of contract/rules/slips.ts
   * slipAgeProblem: a TrueMoney QR's day (EXPIRED_SLIP), the slip verifier's bank time (OUTSIDE_TIME_WINDOW);
   * bank mini QRs carry no date (docs/decisions/0064-slip-automatic-checks.md).
   */
  slipMaxAgeMinutes: number;
  /** spec 5 and 9: mobile-wallet links of at least this much (major units). */
  trueWalletMinimum: number;
  /** Mobile-wallet links of at most this much (major units); a larger voucher is refused before it is redeemed. */
  trueWalletMaximum: number;
  /**
   * The most one member may receive from one offer in one of its periods
   * (its largest grant, a percent grant's cap or a fixed grant's amount,
   * times its receipts a period, at most its quota) that marketing alone
   * may make active, per offer currency, in major units:
   * above it an offer is written paused until finance or an admin makes it
   * active (docs/decisions/0096-operator-api-for-offers.md). Changed in the
   * settings table by an admin; a currency missing or not a number counts
   * as 0 (every grant needs finance).
   */
  offerGrantCeiling: Record<'BAHT' | 'LAK', number>;
  /**
   * The smallest turnover multiplier marketing alone may make active: an
   * offer played through fewer times is cash, and waits for finance or an
   * admin like one above the ceiling (docs/decisions/0120-offer-bounds.md).
   * Not a number: every offer needs finance (fails closed).
   */
  offerMinTurnoverMultiplier: number;
  /**
   * Per currency, in major units: a manual deposit, a reviewed payment's
   * credit, a slip's approval or a withdrawal's payout of more than this
   * waits for a second operator (docs/decisions/0121-dual-control.md). Missing or not an
   * amount counts as 0 (every one waits).
   */
  approvalThreshold: Record<'BAHT' | 'LAK', number>;
  /**
   * Per currency, in major units: what one operator may move alone (each
   * within the threshold) in 24 hours; beyond it their next movement waits
   * for a second operator too, so a large amount cannot pass as many small
   * ones. Missing or not an amount counts as 0.
   */
  operatorDailyAlone: Record<'BAHT' | 'LAK', number>;
  /**
   * Per currency, in major units: what one operator may credit alone by
   * adjustments (money no bank transfer stands behind) in 24 hours, within
   * operatorDailyAlone; beyond it their next credit waits for a second
   * operator (docs/decisions/0122-adjustments.md). Missing or not an amount counts as 0.
   */
  adjustmentCreditsAlone: Record<'BAHT' | 'LAK', number>;
  /** The invite bonus (docs/decisions/0098-invite-bonus.md); amounts in major units. */
  invite: { active: boolean; percent: number; minimumDeposit: number; turnoverMultiplier: number; windowDays: number };
  /** The loss refund (docs/decisions/0099-loss-refund.md); the minimum in major units; info is HTML, cleaned on write. */
  refund: { active: boolean; percent: number; period: 'day' | 'week'; minimum: number; info: Localized };
  /**
   * Prize-wheel coins: one per this much of the member's bets at the
   * reference games (the coin's price), major units per currency; 0 earns
   * none. Deposits earn none (docs/decisions/0103-coins-from-play.md).
   */
  wheelCoins: Record<'BAHT' | 'LAK', number>;
  /**
   * The largest return of an active wheel that marketing alone may write,
   * in percent: what a coin pays on average in credit prizes ÷ its price
   * (wheelCoins), per currency. Above it the wheel is an admin's (403
   * UNAUTHORIZED for marketing, who may write it inactive). Kept below the
   * reference games' house edge (5 %), so betting to farm coins loses money
   * (docs/decisions/0103-coins-from-play.md). Changed in the settings table
   * by an admin; missing or not a number counts as 0 (every wheel that pays
   * a coin anything needs an admin).
   */
  wheelReturnCeiling: number;
  /** The carousels shown before the invite and refund modals; HTML cleaned on write. */
  inviteBanners: { image: string; html: Localized }[];
  refundBanners: { image: string; html: Localized }[];
}
