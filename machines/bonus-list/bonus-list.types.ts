/**
 * The console's offers (docs/decisions/0130-promotions-console.md): read
 * with the bounds of docs/decisions/0120-offer-bounds.md; paused or made
 * active after the operator confirms (finance makes active the offers that
 * wait above the bounds); an offer the form saved replaces its row.
 */
import type { OpsBonus, OpsOfferBounds } from '../../src/contract/bonus.ts';
import type { Result } from '../shared/result.ts';

export type OfferStatus = OpsBonus['status'];

export interface BonusListContext {
  bonuses: OpsBonus[];
  /** Null until the first read. */
  bounds: OpsOfferBounds | null;
  /** The status change asked and waiting for the operator's confirmation, or on its way. */
  pending: { code: string; status: OfferStatus } | null;
  /** Why the last read or status change failed (a catalogue code or NETWORK_ERROR). */
  failure: string | null;
}

export type BonusListEvent =
  | { type: 'list.reload' }
  /** Pause or make active: asks to confirm first. */
  | { type: 'status.change'; code: string; status: OfferStatus }
  | { type: 'status.confirm' }
  | { type: 'status.cancel' }
  /** The form saved an offer: its row is replaced, or added. */
  | { type: 'bonus.saved'; bonus: OpsBonus };

export type BonusesAnswer = Result<{ bonuses: OpsBonus[]; bounds: OpsOfferBounds }>;
export type StatusAnswer = Result<{ bonus: OpsBonus }>;

/**
 * Actors the view provides (bonus-list.actors.ts): loadBonuses
 * (→ BonusesAnswer), setStatus ({ code, status } → StatusAnswer).
 * Tags: 'loading', 'failed', 'ready', 'confirming', 'changing'.
 */
export type BonusListTag = 'loading' | 'failed' | 'ready' | 'confirming' | 'changing';
