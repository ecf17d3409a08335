/**
 * An operator switches a game off, or on again, from the console's games
 * (docs/decisions/0133-aggregator-games.md): a confirmation says what it
 * does to members first; a refusal stays on the confirmation with its
 * catalogue code.
 */
import type { OpsGame } from '../../src/contract/games-ops.ts';
import type { Result } from '../shared/result.ts';

/** The switch asked for: which game, and whether it is to be on (`active`) or off. */
export interface GameSwitchAsk {
  code: string;
  name: string;
  active: boolean;
}

export interface GameSwitchContext {
  /** The switch waiting for the operator's confirmation, or on its way. */
  pending: GameSwitchAsk | null;
  /** The game as the server answered the last switch that went through. */
  switched: OpsGame | null;
  /** Catalogue code of the last refusal (NO_GAME, UNAUTHORIZED, …), or NETWORK_ERROR. */
  failure: string | null;
}

export type GameSwitchEvent =
  /** Switch a game off (active false) or on again (active true): asks to confirm first. */
  | ({ type: 'switch.ask' } & GameSwitchAsk)
  /** The operator confirms what the dialog says (again after a refusal). */
  | { type: 'switch.confirm' }
  | { type: 'switch.cancel' };

export type GameSwitchAnswer = Result<OpsGame>;

/**
 * Actor the view provides (game-switch.actors.ts): switchGame
 * ({ code, active } → GameSwitchAnswer). Action the view provides:
 * switched — the list reads again and says so (context.switched).
 * Tags: 'idle', 'confirming', 'switching'.
 */
export type GameSwitchTag = 'idle' | 'confirming' | 'switching';
