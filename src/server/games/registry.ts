/**
 * The game providers this server runs, by name (games.provider). Only the
 * built-in reference provider for now; an adapter for an outside provider
 * is added here.
 */
import type { GameProviders } from './provider.ts';
import { referenceProvider } from './reference.ts';

export function builtInProviders(): GameProviders {
  const providers = [referenceProvider()];
  return new Map(providers.map((provider) => [provider.name, provider]));
}
