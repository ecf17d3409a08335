/** The slip verifier config.slipVerifier names (verifier.ts describes them), or null: operators check every slip. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { easySlipVerifier } from './easyslip.ts';
import type { SlipVerifier } from './verifier.ts';

export function createSlipVerifier(config: Pick<Config, 'slipVerifier'>, log: FastifyBaseLogger): SlipVerifier | null {
  if (!config.slipVerifier) return null;
  return easySlipVerifier({ apiKey: config.slipVerifier.apiKey, baseUrl: config.slipVerifier.apiUrl, log });
}
