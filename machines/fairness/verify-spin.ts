/**
 * The fairness page's check of a past spin (docs/decisions/0100-prize-wheel.md),
 * which the fairness machine runs when the member asks to verify: once its
 * server seed is revealed, the seed must hash to the commitment published
 * before the spin, and the draw recomputed from it, the client seed and the
 * nonce over the spin's weights (src/contract/rules/wheel.ts, the server's
 * own function) must land on the slice the spin gave.
 */
import type { SpinRecord } from '../../src/contract/rewards.ts';
import { drawSlice, seedHash } from '../../src/contract/rules/wheel.ts';

/** match: the spin recomputes to its slice; unrevealed: its seed is still in use (rotate to reveal it); mismatch: it does not. */
export type SpinCheck = 'match' | 'mismatch' | 'unrevealed';

export function verifySpin(spin: SpinRecord): SpinCheck {
  if (spin.serverSeed === null) return 'unrevealed';
  if (seedHash(spin.serverSeed) !== spin.seedHash) return 'mismatch';
  try {
    const index = drawSlice(spin.serverSeed, spin.clientSeed, spin.nonce, spin.weights);
    return spin.weights[index]?.code === spin.code ? 'match' : 'mismatch';
  } catch {
    // A record without a positive total weight cannot have drawn anything.
    return 'mismatch';
  }
}
