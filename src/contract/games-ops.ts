/**
 * The games' switch in the console (docs/decisions/0133-aggregator-games.md):
 * an operator switches a game off or on again. Off, members can no longer
 * open, enter or fund it (money may still leave it), and an aggregator's
 * bets there are refused; an aggregator's games sync never switches it
 * back on.
 */
import * as v from 'valibot';
import { GameCode } from './api.ts';

export const GameParams = v.object({ code: GameCode });
/**
 * `PUT /api/ops/games/{code}`. Despite its name, `active` is the operator's
 * switch, not the game's state: `false` switches the game off
 * (operatorOff = true), `true` takes the operator's switch away
 * (operatorOff = false). The game is then active only if its provider also
 * offers it, so `{"active": true}` may answer a game with `active: false`
 * (providerEnabled false); members get it once the provider offers it
 * again. The name stays: the console sends it.
 */
export const GameSwitchRequest = v.object({ active: v.boolean('KEY_INVALID') });

export const OpsGame = v.object({
  code: v.string(),
  name: v.string(),
  provider: v.string(),
  category: v.string(),
  /** Members may play it now: its provider offers it and no operator switched it off. */
  active: v.boolean(),
  operatorOff: v.boolean(),
  providerEnabled: v.boolean(),
});
export type OpsGame = v.InferOutput<typeof OpsGame>;

export const OpsGamesResponse = v.object({ games: v.array(OpsGame) });
