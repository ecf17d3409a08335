/**
 * The reference provider: games this server runs itself (pages.ts), whose
 * accounts live in our ledger. The member's `game:{userId}:{code}` ledger
 * account IS their balance here, so a wallet ↔ game transfer has already
 * moved the money when deposit/withdraw are called; they only check that the
 * account is open.
 *
 * Each game's `entry` column picks how members get in, so the seeded games
 * use every entry the game account modal knows (spec 2): a link with a
 * one-time token, app links carrying that token, a posted login form (the
 * one game whose credentials carry an `event` with the form-state fields),
 * and a link with the credentials in its query. Every one of them carries a
 * one-time token where the spec's carried the game password
 * (docs/decisions/0084-game-entry-from-this-server-only.md):
 * addresses end up in histories and logs, and a password there would open
 * the game from anywhere, for as long as it is not reset.
 */
import { randomInt } from 'node:crypto';
import type { GameEntry } from '../../contract/api.ts';
import { revokeGameSessions } from '../repositories/game-sessions.ts';
import { findGameAccount } from '../repositories/games.ts';
import { pageLanguageOf } from './page/texts.ts';
import { gamePages } from './pages.ts';
import type { Random } from './paytable.ts';
import { ledgerHeldMoney, ProviderError, type EntryContext, type Game, type GameCredentials, type GameProvider, type OpenGameAccount } from './provider.ts';
import { issueEntryToken } from './sessions.ts';

export const REFERENCE_PROVIDER = 'reference';

/** No 0/O, 1/l/I: members read the password off the modal and may type it into an app. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const PASSWORD_LENGTH = 12;

function newGamePassword(): string {
  return Array.from({ length: PASSWORD_LENGTH }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/** The form-state fields the login-form game posts with the credentials: which action and which game. */
function formEvent(game: Game): Record<string, string> | null {
  return game.entry === 'login_form' ? { action: 'login', game: game.code } : null;
}

function credentialsFor(userId: number, game: Game): GameCredentials {
  // Derived from the member and the game, so it is unique per game and tells support whose it is.
  return { username: `rf${userId}${game.code}`, password: newGamePassword(), event: formEvent(game) };
}

/** The game's page (or a configured web/app link) on this server's origin, with a query added. */
function pageLink(base: string | null, game: Game, context: EntryContext, query: Record<string, string>): string {
  const url = new URL(base ?? `/games/${encodeURIComponent(game.code)}`, context.origin);
  for (const [name, value] of Object.entries({ ...query, lang: pageLanguageOf(context.language, 'th') })) url.searchParams.set(name, value);
  return url.toString();
}

export function referenceProvider({ random = randomInt }: { random?: Random } = {}): GameProvider {
  return {
    name: REFERENCE_PROVIDER,

    async activate(_tx, userId, game) {
      return credentialsFor(userId, game);
    },

    async resetPassword(tx, userId, game, credentials, now) {
      const found = await findGameAccount(tx, userId, game.code);
      if (!found) throw new ProviderError('SLOT_RESET_PASSWORD_FAIL', `member ${userId} has no account at ${game.code}`);
      // Whoever knew the old password loses the game pages it opened.
      await revokeGameSessions(tx, found.account.id, now);
      return { ...credentials, password: newGamePassword(), event: formEvent(game) };
    },

    ...ledgerHeldMoney,

    async entry(tx, account: OpenGameAccount, context): Promise<GameEntry> {
      const { game, credentials } = account;
      switch (game.entry) {
        case 'token_link': {
          const token = await issueEntryToken(tx, account.id, context.now);
          return { kind: 'link', url: pageLink(game.web, game, context, { token }) };
        }
        case 'app_links': {
          // One token for both links: the member opens one of them, once.
          const token = await issueEntryToken(tx, account.id, context.now);
          return {
            kind: 'apps',
            android: pageLink(game.android, game, context, { token }),
            ios: pageLink(game.ios, game, context, { token }),
          };
        }
        case 'login_form': {
          const token = await issueEntryToken(tx, account.id, context.now);
          return {
            kind: 'form',
            action: new URL('/games/login', context.origin).toString(),
            fields: { username: credentials.username, token, ...credentials.event, lang: pageLanguageOf(context.language, 'th') },
          };
        }
        case 'credentials_link': {
          const token = await issueEntryToken(tx, account.id, context.now);
          return { kind: 'link', url: pageLink(game.web, game, context, { username: credentials.username, token }) };
        }
      }
    },

    routes: gamePages(REFERENCE_PROVIDER, random),
  };
}
