/**
 * The wheel's fairness page as a test model: the first read, the client
 * seed typed (a new valid one, one that breaks the rule, the saved one) and
 * saved, the rotation, the pages of spins and verifying them (a page with a
 * spin whose seed is not revealed, one that recomputes to its slice and one
 * that does not).
 */
import { fairnessMachine } from '../../machines/fairness/fairness.machine.ts';
import type { Fairness, FairnessAnswer, FairnessContext, FairnessRead, HistoryPage, HistoryRead } from '../../machines/fairness/fairness.types.ts';
import type { SpinCheck } from '../../machines/fairness/verify-spin.ts';
import { CLIENT_SEED, type SpinRecord } from '../../src/contract/rewards.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type FairnessMachine = typeof fairnessMachine;

export const SAVED_SEED = 'member-seed';
export const NEW_SEED = 'lucky.seed:7';

/** A server seed and its SHA-256 (tests/unit/verify-spin.test.ts's, whose draws that test computes with node:crypto). */
const SERVER_SEED = '5f1c0a9e7d3b2a41c6e8f0b9d2a7c3e1f4b8a6d0c2e9f7a1b3d5c7e9f0a2b4c6';
const SEED_HASH = 'd5a1e19b6a5b5111e9f1a9bc494ffa3c5efce11a2b09b2c26036b87ccd4e8d4d';
const VERIFY_SEED = 'member-seed';

export const FAIRNESS: Fairness = { seedHash: SEED_HASH, clientSeed: SAVED_SEED, nonce: 3, previous: null };
const ROTATED: Fairness = { seedHash: 'd1'.repeat(32), clientSeed: SAVED_SEED, nonce: 0, previous: { seedHash: SEED_HASH, serverSeed: SERVER_SEED } };

const spin = (id: string, serverSeed: string | null, nonce: number, code: string): SpinRecord => ({
  _id: id,
  createdAt: '2025-06-01T10:00:00.000Z',
  seedHash: SEED_HASH,
  serverSeed,
  clientSeed: VERIFY_SEED,
  nonce,
  code,
  label: code,
  weights: [
    { code: 'B100', weight: 1 },
    { code: 'NONE', weight: 6 },
    { code: 'B20', weight: 3 },
  ],
});

/**
 * What Verify finds for each spin of the page, written out: spin 1's seed is
 * not revealed; with the revealed seed, nonce 20 draws B100 (spin 2 says so)
 * and nonce 0 draws B20 (spin 3 says B100).
 */
export const SPIN_CHECKS: Record<string, SpinCheck> = { '1': 'unrevealed', '2': 'match', '3': 'mismatch' };

/** Two pages of spins (12), and a page of none. */
const TWO_PAGES: HistoryPage = { spins: [spin('1', null, 4, 'NONE'), spin('2', SERVER_SEED, 20, 'B100'), spin('3', SERVER_SEED, 0, 'B100')], total: 12 };
const NONE: HistoryPage = { spins: [], total: 0 };

const events = {
  'seed.change': () => [
    { type: 'seed.change', value: NEW_SEED },
    { type: 'seed.change', value: 'my seed!' },
    { type: 'seed.change', value: SAVED_SEED },
  ],
  'seed.save': () => [{ type: 'seed.save' }],
  'seed.rotate': () => [{ type: 'seed.rotate' }],
  'history.page': () => [
    { type: 'history.page', page: 1 },
    { type: 'history.page', page: 2 },
  ],
  'history.verify': () => [{ type: 'history.verify' }],
  'fairness.retry': () => [{ type: 'fairness.retry' }],
  // The shell's connectivity actor is online again (docs/decisions/0146-reads-that-wait.md).
  'read.online': () => [{ type: 'read.online' }],
} satisfies EventFixtures<FairnessMachine>;

export const fairnessReplies = {
  load: [
    { ok: true, data: { fairness: FAIRNESS, history: TWO_PAGES } },
    { ok: true, data: { fairness: ROTATED, history: NONE } },
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
    // No answer (a gateway's 502, 503 or 504 without a message, or past the time limit): the page waits.
    { ok: false, message: 'NETWORK_ERROR' },
  ] satisfies FairnessRead[],
  loadHistory: [{ ok: true, data: TWO_PAGES }, { ok: false, message: 'INTERNAL_SERVER_ERROR' }] satisfies HistoryRead[],
  saveClientSeed: [{ ok: true, data: { ...FAIRNESS, clientSeed: NEW_SEED } }, { ok: false, message: 'KEY_INVALID' }] satisfies FairnessAnswer[],
  rotate: [{ ok: true, data: ROTATED }, { ok: false, message: 'INTERNAL_SERVER_ERROR' }] satisfies FairnessAnswer[],
};

/** The typed seed as the rules see it: the saved one, a new valid one, or one the rule refuses. */
export function draftRule(context: Pick<FairnessContext, 'seedDraft' | 'fairness'>): string | null {
  if (context.fairness === null) return null;
  if (context.seedDraft === context.fairness.clientSeed) return 'saved';
  return CLIENT_SEED.test(context.seedDraft) ? 'valid' : 'invalid';
}

export const fairnessModels: FlowModel<FairnessMachine>[] = [
  {
    name: 'fairness page',
    machine: fairnessMachine,
    input: undefined,
    events: offerAll(events),
    replies: fairnessReplies,
    // The errors and the checks only show (every step checks them): not part of the state.
    abstraction: ({ context }) => ({
      draft: draftRule(context),
      page: context.page,
      shown: context.shownPage,
      pages: Math.ceil(context.total / 10),
    }),
  },
];
