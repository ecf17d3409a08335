/** A game's provider, category and status in words, for the games table and its filters. */
import { Trans } from '@lingui/react/macro';
import type { OpsGame } from '../../../contract/games-ops.ts';
import { statusOf } from './games-view.ts';

/** Outside providers by their brand, the same in every language; one not listed shows as the server wrote it. */
const BRANDS: Record<string, string> = { hub88: 'Hub88' };

/** The provider's name: the games this server runs itself in words, another by its brand. */
export function providerName(provider: string, builtIn: string): string {
  return provider === 'reference' ? builtIn : (BRANDS[provider] ?? provider);
}

/** The carousel members find it in, named as their home names it. */
export function GameCategory({ category }: { category: string }) {
  switch (category) {
    case 'slot':
      return <Trans>Slots</Trans>;
    case 'sport':
      return <Trans>Sports and casino</Trans>;
    case 'lotto':
      return <Trans>Lotto</Trans>;
    default:
      return <>{category}</>;
  }
}

export function GameStatusWord({ game }: { game: OpsGame }) {
  switch (statusOf(game)) {
    case 'on':
      return (
        <span className="ops-status ops-status--good">
          <Trans>On</Trans>
        </span>
      );
    case 'off':
      return (
        <span className="ops-games__status">
          <span className="ops-status ops-status--bad">
            <Trans>Switched off by an operator</Trans>
          </span>
          {!game.providerEnabled && (
            <span className="small muted">
              <Trans>Its provider does not offer it either.</Trans>
            </span>
          )}
        </span>
      );
    case 'unoffered':
      return (
        <span className="ops-status">
          <Trans>Not offered by the provider</Trans>
        </span>
      );
  }
}
