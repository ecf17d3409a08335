/**
 * Hub88 as a game provider (docs/decisions/0133-aggregator-games.md): an
 * aggregator with a seamless wallet. Its games' money lives in our ledger,
 * in the member's account at each game, funded from the wallet as for the
 * reference games; Hub88 bets and pays from that account through the Wallet
 * API it calls (wallet.ts; its routes are routes/hub88.ts, registered by
 * app.ts with GAME_AGGREGATOR=hub88). So, as for the reference provider,
 * `deposit` and `withdraw` only check the account (ledgerHeldMoney).
 *
 * Entry is the spec's link kind: a new session token (a game_sessions row,
 * kept as a hash), given to Hub88's `/game/url`, whose answer is the link.
 * A failed or timed-out call answers NO_GAME and writes nothing.
 */
import { randomBytes } from 'node:crypto';
import { HUB88_PROVIDER } from '../../../contract/hub88.ts';
import type { Variant } from '../../../contract/rules/members.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { Clock } from '../../clock.ts';
import { GAME_SESSION_LIFETIME_MS } from '../../policy.ts';
import type { ProviderLog } from '../../providers/http.ts';
import { insertSession, revokeGameSessions } from '../../repositories/game-sessions.ts';
import { findGameAccount } from '../../repositories/games.ts';
import { memberCurrency } from '../../repositories/users.ts';
import { ledgerHeldMoney, ProviderError, type GameProvider } from '../provider.ts';
import { hub88Client, type Hub88Client } from './client.ts';
import type { Hub88Config } from './config.ts';
import { syncHub88Games } from './sync.ts';
import { hub88AccountName, hub88Country, hub88Currency, hub88User } from './wallet.ts';

/** Hub88 knows no game password; the account's is random and opens nothing here (entry is by link only). */
const unusedPassword = () => randomBytes(12).toString('base64url');

/** Hub88's `lang`: ISO 639-1, as our languages are. */
const LANGS = { th: 'th', la: 'lo', en: 'en' } as const;

export interface Hub88ProviderOptions {
  config: Hub88Config;
  variant: Variant;
  clock: Clock;
  log: ProviderLog;
  /** Tests pass a client of their own; by default the Operator API at config.apiUrl. */
  client?: Hub88Client;
}

export function hub88Provider({ config, variant, clock, log, client = hub88Client(config, { clock, log }) }: Hub88ProviderOptions): GameProvider & { client: Hub88Client } {
  return {
    name: HUB88_PROVIDER,
    client,

    // Hub88 knows the member as one user (hub88User), whatever the game; the account's username names the game too,
    // so that /api/autoLogin/hub88/{username} opens that game and not the member's first one.
    async activate(_tx, userId, game) {
      return { username: hub88AccountName(userId, game.code), password: unusedPassword(), event: null };
    },

    async resetPassword(tx, userId, game, credentials, now) {
      // The game's open sessions end with the old credentials, as at the reference games.
      const found = await findGameAccount(tx, userId, game.code);
      if (found) await revokeGameSessions(tx, found.account.id, now);
      return { ...credentials, password: unusedPassword() };
    },

    ...ledgerHeldMoney,

    async entry(tx, account, context) {
      const token = newToken();
      await insertSession(tx, account.id, { sessionTokenHash: hashToken(token), expiresAt: new Date(context.now.getTime() + GAME_SESSION_LIFETIME_MS) }, context.now);
      const currency = await memberCurrency(tx, account.userId);
      const home = new URL('/user/home', context.origin).toString();
      try {
        const url = await client.gameUrl({
          user: hub88User(account.userId),
          token,
          platform: context.mobile ? 'GPL_MOBILE' : 'GPL_DESKTOP',
          meta: {},
          lobby_url: home,
          lang: LANGS[context.language],
          game_code: account.game.code,
          deposit_url: home,
          currency: hub88Currency(currency),
          country: hub88Country(variant),
        });
        return { kind: 'link', url };
      } catch (error) {
        // The session row rolls back with the transaction: the token Hub88 never got opens nothing.
        throw new ProviderError('NO_GAME', error instanceof Error ? error.message : String(error));
      }
    },

    syncGames: (db, syncLog) => syncHub88Games(db, client, syncLog),
  };
}
