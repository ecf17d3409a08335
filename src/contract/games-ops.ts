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
