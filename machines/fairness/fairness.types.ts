/**
 * The fairness page of the prize wheel (spec 2 Spin wheel; docs/decisions/0100-prize-wheel.md):
 * the published hash of the member's current server seed, their client seed
 * (which they may change), the rotation that reveals the old seed, and the
 * history of spins 10 a page, each recomputable from its revealed seed.
 */
import type { FairnessResponse, SpinRecord } from '../../src/contract/rewards.ts';
import type { Output } from '../../src/contract/common.ts';
import type { RetryContext } from '../shared/read-retry.ts';
import type { Result } from '../shared/result.ts';
import type { SpinCheck } from './verify-spin.ts';

export type Fairness = Output<typeof FairnessResponse>;

/** One page of past spins. */
export interface HistoryPage {
  spins: SpinRecord[];
  total: number;
}

export interface PageQuery {
  page: number;
  limit: number;
}

export type FairnessRead = Result<{ fairness: Fairness; history: HistoryPage }>;
export type HistoryRead = Result<HistoryPage>;
/** The client seed saved, or the seed rotated: the member's commitment as it now is. */
export type FairnessAnswer = Result<Fairness>;

export interface FairnessContext extends RetryContext {
  /** The commitment; null until the first read answered. */
  fairness: Fairness | null;
  /** The page of spins shown, and how many there are in all. */
  spins: SpinRecord[];
  total: number;
  /** The page asked for (from 1), and the page whose spins are shown. */
  page: number;
  shownPage: number;
  /** The client seed field as typed; it starts as the saved seed. */
  seedDraft: string;
  /** Why the seed was not saved: KEY_INVALID (spec: 1–64 of A–Z a–z 0–9 _ . : -), the server's code, or NETWORK_ERROR. */
  seedError: string | null;
  /** A failed first read or rotation: its code. */
  error: string | null;
  /**
   * What Verify found for each spin shown, in the order of `spins`
   * (verify-spin.ts: match, mismatch, or unrevealed while its seed is in
   * use); null until the member asks, and again once another page shows.
   */
  checks: SpinCheck[] | null;
}

export type FairnessEvent =
  /** The connection is back (the shell's connectivity actor): a page waiting for it is read now. */
  | { type: 'read.online' }
  | { type: 'seed.change'; value: string }
  /** Save the typed client seed: refused in the page when it breaks the rule; nothing is sent when it is the saved one. */
  | { type: 'seed.save' }
  /** Rotate the server seed: the current one is revealed and a new one committed. */
  | { type: 'seed.rotate' }
  | { type: 'history.page'; page: number }
  /** Recompute each spin shown (its checks): those whose seed is revealed match or not. */
  | { type: 'history.verify' }
  /** Read again after the first read failed. */
  | { type: 'fairness.retry' };

/**
 * Actors the view provides (fairnessActors(api)): load (PageQuery →
 * FairnessRead), loadHistory (PageQuery → HistoryRead), saveClientSeed
 * ({ clientSeed } → FairnessAnswer), rotate (() → FairnessAnswer).
 * Action the view provides: logFailure ({ message }).
 * Tags: 'loading', 'skeleton', 'failed' (the first read), 'shown' (the page
 * shows), 'ready' (it shows and nothing is on its way), 'busy' (a seed is
 * being saved or rotated: those buttons are disabled), 'pageLoading'
 * (another page of spins is on its way).
 */
export type FairnessTag = 'loading' | 'skeleton' | 'offline' | 'failed' | 'shown' | 'ready' | 'busy' | 'pageLoading';
