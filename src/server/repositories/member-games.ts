/**
 * A member's games as money movements read them: a transfer's one read
 * (findMemberGame) and every game ledger account a withdrawal sweeps. Games
 * and game accounts themselves are in games.ts. Every query is keyed by the
 * caller's user id.
 */
import { and, asc, eq, is, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { perDatabase, resultRows, type Db, type Queryable } from '../db/client.ts';
import { bankAccounts, gameAccounts, games, ledgerAccounts } from '../db/schema.ts';
import { gameAccountCode, walletCode, type LedgerAccount, type LedgerAccountRef } from '../ledger/accounts.ts';
import type { Game, GameAccount } from './games.ts';
import { settingValue } from './settings.ts';
import { currencyOf, type Currency } from './users.ts';

/** The member's account at a game as movements name it to the game's provider. */
export type GameAccountRef = Pick<GameAccount, 'id' | 'username'>;

const gameAccountRef = { id: gameAccounts.id, username: gameAccounts.username };

/** A game as a wallet ↔ game movement sees it for one member. */
export interface MemberGame {
  game: Game;
  /** The member's account at the game; null when they never opened one. */
  account: GameAccountRef | null;
  /** The member's ledger accounts (wallet and this game's); null until first used. */
  ledger: { wallet: LedgerAccountRef | null; game: LedgerAccountRef | null };
  currency: Currency;
}

/** findMemberGame's row: the game's columns as stored, then the member's side under names of their own. */
interface MemberGameRow {
  code: string;
  name: string;
  category: Game['category'];
  provider: string;
  ft_wallet_slot: number;
  logo: string;
  background: string;
  web: string | null;
  android: string | null;
  ios: string | null;
  entry: Game['entry'];
  sort_order: number;
  active: boolean;
  operator_off: boolean;
  provider_enabled: boolean;
  account_id: number | null;
  account_username: string | null;
  /** bigint ids as text: pg and PGlite hand bigints back differently. */
  wallet_id: string | null;
  wallet_currency: Currency | null;
  game_ledger_id: string | null;
  game_ledger_currency: Currency | null;
  bank_currency: Currency | null;
  transfer_min: number | null;
}

function gameOf(row: MemberGameRow): Game {
  const { code, name, category, provider, logo, background, web, android, ios, entry, active } = row;
  const [operatorOff, providerEnabled] = [row.operator_off, row.provider_enabled];
  return { code, name, category, provider, ftWalletSlot: row.ft_wallet_slot, logo, background, web, android, ios, entry, sortOrder: row.sort_order, active, operatorOff, providerEnabled };
}

function ledgerRef(id: string | null, code: string, currency: Currency | null): LedgerAccountRef | null {
  return id === null || currency === null ? null : { id: Number(id), code, currency };
}

type MemberGameParams = Record<'userId' | 'gameCode' | 'wallet' | 'gameLedger', unknown>;

/** findMemberGame's read, over values or placeholders. */
function memberGameSql(value: (name: keyof MemberGameParams) => unknown): SQL {
  return sql`
    select g.*,
      ga.id as account_id, ga.username as account_username,
      w.id::text as wallet_id, w.currency as wallet_currency,
      gl.id::text as game_ledger_id, gl.currency as game_ledger_currency,
      b.currency as bank_currency,
      ${settingValue('transferMin')} as transfer_min
    from ${games} g
      left join ${gameAccounts} ga on ga.game_code = g.code and ga.user_id = ${value('userId')}
      left join ${ledgerAccounts} w on w.code = ${value('wallet')}
      left join ${ledgerAccounts} gl on gl.code = ${value('gameLedger')}
      left join ${bankAccounts} b on b.user_id = ${value('userId')}
    where g.code = ${value('gameCode')}`;
}

const MEMBER_GAME_COLUMNS = [
  'code', 'name', 'category', 'provider', 'ft_wallet_slot', 'logo', 'background', 'web', 'android', 'ios', 'entry', 'sort_order', 'active', 'operator_off', 'provider_enabled',
  'account_id', 'account_username', 'wallet_id', 'wallet_currency', 'game_ledger_id', 'game_ledger_currency', 'bank_currency', 'transfer_min',
] as const satisfies readonly (keyof MemberGameRow)[];

/** The read as a prepared statement (db/client.ts perDatabase): the columns as the driver hands them, as the SQL read's rows. */
const memberGameStatement = perDatabase((db) =>
  db
    .select(Object.fromEntries(MEMBER_GAME_COLUMNS.map((column) => [column, sql.raw(`member_game.${column}`)])) as Record<keyof MemberGameRow, SQL>)
    .from(sql`(${memberGameSql((name) => sql.placeholder(name))}) as member_game`)
    .prepare('find_member_game'),
);

/**
 * Everything a wallet ↔ game transfer reads before it moves money, in one
 * round trip (the transfer hot path, docs/decisions/0057-transfer-hot-path.md): the game, the
 * member's account there, both ledger accounts by their codes, the
 * member's currency, and the transferMin setting every transfer checks
 * (null when its row is missing). Undefined when no game has this code.
 *
 * Written as SQL: drizzle's query building and row mapping for this
 * five-table read cost about as much CPU as running it (~0.35 ms of ~1 ms
 * on PGlite), on every transfer. Plain left joins by the unique keys.
 */
export async function findMemberGame(
  db: Queryable,
  userId: number,
  gameCode: string,
): Promise<(MemberGame & { transferMin: number | null }) | undefined> {
  const wallet = walletCode(userId);
  const gameLedger = gameAccountCode(userId, gameCode);
  const params = { userId, gameCode, wallet, gameLedger };
  // Outside a transaction (the one-call transfer, docs/decisions/0149-one-round-trip-transfer.md) a prepared statement.
  const rows = is(db, PgTransaction) ? resultRows<MemberGameRow>(await db.execute(memberGameSql((name) => params[name]))) : await memberGameStatement(db as Db).execute(params);
  const [row] = rows as MemberGameRow[];
  if (!row) return undefined;
  return {
    game: gameOf(row),
    account: row.account_id === null || row.account_username === null ? null : { id: row.account_id, username: row.account_username },
    ledger: { wallet: ledgerRef(row.wallet_id, wallet, row.wallet_currency), game: ledgerRef(row.game_ledger_id, gameLedger, row.game_ledger_currency) },
    currency: currencyOf(row.bank_currency),
    transferMin: row.transfer_min,
  };
}

/**
 * The member's game ledger accounts with their games (active or not: money
 * can sit in a retired game) and the member's account at each game (null
 * if there is none, which the game's provider refuses).
 */
export async function memberGameAccounts(
  db: Queryable,
  userId: number,
): Promise<{ ledger: LedgerAccount; game: Game; account: GameAccountRef | null }[]> {
  return db
    .select({ ledger: ledgerAccounts, game: games, account: gameAccountRef })
    .from(ledgerAccounts)
    .innerJoin(games, eq(games.code, ledgerAccounts.gameCode))
    .leftJoin(gameAccounts, and(eq(gameAccounts.gameCode, ledgerAccounts.gameCode), eq(gameAccounts.userId, userId)))
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'game')))
    .orderBy(asc(ledgerAccounts.id));
}
