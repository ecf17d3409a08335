/**
 * The game providers this server runs, by name (games.provider): the
 * built-in reference provider, and Hub88 when GAME_AGGREGATOR=hub88
 * (hub88/provider.ts).
 */
import type { Config } from '../config.ts';
import type { Clock } from '../clock.ts';
import type { ProviderLog } from '../providers/http.ts';
import { hub88Provider } from './hub88/provider.ts';
import type { GameProvider, GameProviders } from './provider.ts';
import { referenceProvider } from './reference.ts';

export function builtInProviders(config?: Pick<Config, 'hub88' | 'variant'>, { clock, log }: { clock?: Clock; log?: ProviderLog } = {}): GameProviders {
  const providers: GameProvider[] = [referenceProvider()];
  if (config?.hub88 && clock && log) providers.push(hub88Provider({ config: config.hub88, variant: config.variant, clock, log }));
  return new Map(providers.map((provider) => [provider.name, provider]));
}
