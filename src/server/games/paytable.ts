/**
 * The reference provider's games: what a player may pick, how a round's
 * outcome is drawn and what it pays. Pure functions over an injected source
 * of randomness (crypto.randomInt in the app, a fixed sequence in tests).
 *
 * Every payout is a whole multiple of the bet, so wins are exact in minor
 * units. The expected return of each game (RTP) is computed exactly by
 * `expectedReturn` from the same tables the rounds use, and a test keeps it
 * between 94 % and 96 % (docs/decisions/0056-paytables-return-95.md).
 */
import type { GameCategory } from '../../contract/api.ts';

/** A uniformly random integer in [0, max). */
export type Random = (max: number) => number;

export interface RoundOutcome {
  /** What the page shows: the reels, the winner and score, or the number drawn. */
  outcome: string[];
  /** Win = bet × multiplier (0: the bet is lost). */
  multiplier: number;
}

// ---------------------------------------------------------------- slot: three reels

/** Stops per symbol on each reel (32 stops); rarer symbols pay more. */
export const SLOT_REEL = [
  { symbol: 'seven', stops: 1 },
  { symbol: 'elephant', stops: 2 },
  { symbol: 'lotus', stops: 3 },
  { symbol: 'bell', stops: 5 },
  { symbol: 'coin', stops: 8 },
  { symbol: 'cherry', stops: 13 },
] as const;
export type SlotSymbol = (typeof SLOT_REEL)[number]['symbol'];

/** Three of a kind. */
export const SLOT_THREE: Record<SlotSymbol, number> = { seven: 200, elephant: 50, lotus: 40, bell: 20, coin: 10, cherry: 5 };
/** The first two reels alike and the third different. */
export const SLOT_TWO: Partial<Record<SlotSymbol, number>> = { bell: 2, coin: 2, cherry: 2 };

const REEL_STOPS = SLOT_REEL.reduce((sum, { stops }) => sum + stops, 0);

function spinReel(random: Random): SlotSymbol {
  let stop = random(REEL_STOPS);
  for (const { symbol, stops } of SLOT_REEL) {
    if (stop < stops) return symbol;
    stop -= stops;
  }
  throw new RangeError(`reel stop out of range`);
}

export function slotMultiplier([a, b, c]: readonly SlotSymbol[]): number {
  if (a === undefined || a !== b) return 0;
  return a === c ? SLOT_THREE[a] : (SLOT_TWO[a] ?? 0);
}

// ---------------------------------------------------------------- sport: pick a side

export const SPORT_SIDES = ['home', 'away'] as const;
/** Out of 1000 matches: home 475, away 475, draw 50 (a draw loses both sides). */
const SPORT_WIN_CHANCE = 475;
export const SPORT_MULTIPLIER = 2;

function playSport(pick: string, random: Random): RoundOutcome {
  const roll = random(1000);
  const winner = roll < SPORT_WIN_CHANCE ? 'home' : roll < 2 * SPORT_WIN_CHANCE ? 'away' : 'draw';
  // A score that fits the result, for the page to show.
  const high = winner === 'draw' ? random(4) : 1 + random(4);
  const low = winner === 'draw' ? high : random(high);
  const [home, away] = winner === 'away' ? [low, high] : [high, low];
  return { outcome: [winner, String(home), String(away)], multiplier: winner === pick ? SPORT_MULTIPLIER : 0 };
}

// ---------------------------------------------------------------- lotto: pick two digits

export const LOTTO_NUMBERS = 100;
export const LOTTO_MULTIPLIER = 95;
const LOTTO_PICK = /^\d{2}$/;

function playLotto(pick: string, random: Random): RoundOutcome {
  const drawn = String(random(LOTTO_NUMBERS)).padStart(2, '0');
  return { outcome: [drawn], multiplier: drawn === pick ? LOTTO_MULTIPLIER : 0 };
}

// ---------------------------------------------------------------- by category

/**
 * The player's pick as the round stores it, or undefined when it is not a
 * valid pick for the category (slots take none: null).
 */
export function parsePick(category: GameCategory, pick: unknown): string | null | undefined {
  if (category === 'slot') return pick === undefined || pick === null ? null : undefined;
  if (typeof pick !== 'string') return undefined;
  if (category === 'sport') return (SPORT_SIDES as readonly string[]).includes(pick) ? pick : undefined;
  return LOTTO_PICK.test(pick) ? pick : undefined;
}

/** Draws one round; `pick` must have passed parsePick for the category. */
export function playRound(category: GameCategory, pick: string | null, random: Random): RoundOutcome {
  if (category === 'slot') {
    const reels = [spinReel(random), spinReel(random), spinReel(random)];
    return { outcome: reels, multiplier: slotMultiplier(reels) };
  }
  if (pick === null) throw new RangeError(`a ${category} round needs a pick`);
  return category === 'sport' ? playSport(pick, random) : playLotto(pick, random);
}

/** The exact expected return per unit bet (RTP), from the tables above. */
export function expectedReturn(category: GameCategory): number {
  if (category === 'sport') return (SPORT_WIN_CHANCE / 1000) * SPORT_MULTIPLIER;
  if (category === 'lotto') return LOTTO_MULTIPLIER / LOTTO_NUMBERS;
  let total = 0;
  for (const a of SLOT_REEL) {
    for (const b of SLOT_REEL) {
      for (const c of SLOT_REEL) {
        total += a.stops * b.stops * c.stops * slotMultiplier([a.symbol, b.symbol, c.symbol]);
      }
    }
  }
  return total / REEL_STOPS ** 3;
}
