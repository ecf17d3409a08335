/**
 * A money movement in one statement (ledger_move, drizzle/0023;
 * docs/decisions/0149-one-round-trip-transfer.md): the ledger's guarantees
 * hold when a transfer is one call. Below the API: an overdraft refused
 * with nothing written, replays and conflicts of a ledger key, the
 * member's Idempotency-Key stored in the same statement or not at all, and
 * transfers in both directions on one pair of accounts racing without a
 * deadlock. Through the API: POST /api/wallet/transfer for a game whose
 * provider keeps its money in our ledger opens no transaction, stores its
 * answer with the movement, replays it, and refuses without writing.
 */
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { violatedUniqueConstraint, type Db } from '../../src/server/db/client.ts';
import { idempotencyKeys, ledgerTransfers } from '../../src/server/db/schema.ts';
import { availableOf, ensureGameAccount, ensureWalletAccount, findAccount, type LedgerAccount } from '../../src/server/ledger/accounts.ts';
import { IdempotencyConflict, InsufficientFunds, postTransfer } from '../../src/server/ledger/transfers.ts';
import { call } from './helpers/http.ts';
import { TestProvider } from './helpers/games.ts';
import { buildMoneyApp, checkLedgerAfterEach, deposit, ledgerSnapshot, memberWithMoney, walletOf, type MoneyApp } from './helpers/money.ts';

checkLedgerAfterEach();

/** The test provider as one whose money stays in our ledger (the reference provider, Hub88): transfers to its games are one call. */
class LedgerHeldProvider extends TestProvider {
  readonly moneyInLedger = true as const;
}

async function ledgerHeldApp(): Promise<MoneyApp & { held: LedgerHeldProvider }> {
  const held = new LedgerHeldProvider();
  const m = await buildMoneyApp({}, { games: new Map([[held.name, held]]) });
  return { ...m, held };
}

const transfersCount = async (db: Db) => (await db.select({ n: count() }).from(ledgerTransfers))[0]!.n;

/** A member with `wallet` baht in their wallet and `inGame` in TEST_SLOT, and both ledger accounts. */
async function memberAccounts(m: MoneyApp, wallet: number, inGame: number) {
  const member = await memberWithMoney(m, { wallet, inGames: { TEST_SLOT: inGame } });
  const walletAccount = await ensureWalletAccount(m.db, member.userId, 'BAHT', m.clock());
  const game = await ensureGameAccount(m.db, member.userId, 'TEST_SLOT', 'BAHT', m.clock());
  return { member, wallet: walletAccount, game };
}

const reread = async (db: Db, account: LedgerAccount) => (await findAccount(db, account.code))!;

describe('ledger_move below the API', () => {
  it('refuses an overdraft before writing anything, in a transaction that goes on too', async () => {
    const m = await buildMoneyApp();
    const { wallet, game } = await memberAccounts(m, 100, 50);
    const before = await ledgerSnapshot(m.db);
    const spec = { debitAccountId: wallet.id, creditAccountId: game.id, amount: 10_001n, kind: 'transfer' as const, idempotencyKey: 'over-1' };
    await expect(postTransfer(m.db, spec, m.clock())).rejects.toEqual(new InsufficientFunds(wallet.id));
    // Inside a transaction that catches the refusal and commits: still no row, no balance change.
    await m.db.transaction(async (tx) => {
      await expect(postTransfer(tx, spec, m.clock())).rejects.toBeInstanceOf(InsufficientFunds);
    });
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    const [taken] = await m.db.select({ n: count() }).from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, 'over-1'));
    expect(taken?.n).toBe(0);
    // The key was not used up: the same key for what the wallet holds moves it.
    const moved = await postTransfer(m.db, { ...spec, amount: 10_000n }, m.clock());
    expect(moved.replayed).toBe(false);
    expect(availableOf(await reread(m.db, wallet))).toBe(0n);
  });

  it('replays a ledger key without moving, and refuses it for another amount or other accounts', async () => {
    const m = await buildMoneyApp();
    const { wallet, game } = await memberAccounts(m, 100, 50);
    const spec = { debitAccountId: wallet.id, creditAccountId: game.id, amount: 700n, kind: 'transfer' as const, idempotencyKey: 'replay-1' };
    const first = await postTransfer(m.db, spec, m.clock());
    const count1 = await transfersCount(m.db);
    const again = await postTransfer(m.db, spec, new Date(m.clock().getTime() + 60_000));
    expect(again).toEqual({ transfer: first.transfer, replayed: true, accounts: [] });
    expect(await transfersCount(m.db)).toBe(count1);
    expect(availableOf(await reread(m.db, wallet))).toBe(10_000n - 700n);
    await expect(postTransfer(m.db, { ...spec, amount: 701n }, m.clock())).rejects.toBeInstanceOf(IdempotencyConflict);
    await expect(postTransfer(m.db, { ...spec, debitAccountId: game.id, creditAccountId: wallet.id }, m.clock())).rejects.toBeInstanceOf(IdempotencyConflict);
    expect(await transfersCount(m.db)).toBe(count1);
  });

  it('stores the member’s key with the answer in the same statement, or moves nothing when the key is taken', async () => {
    const m = await buildMoneyApp();
    const { member, wallet, game } = await memberAccounts(m, 100, 50);
    const key = { userId: member.userId, key: 'store-1', requestHash: 'h1', answerAccountId: wallet.id };
    const spec = { debitAccountId: game.id, creditAccountId: wallet.id, amount: 1_234n, kind: 'transfer' as const, idempotencyKey: 'store-ledger-1' };
    const written = await postTransfer(m.db, spec, m.clock(), key);
    const [stored] = await m.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'store-1'));
    expect(stored).toMatchObject({ userId: member.userId, requestHash: 'h1', statusCode: 200 });
    expect(stored?.response).toEqual({ message: 'SUCCESS', amount: 12.34, wallet: { amount: 112.34 }, transferId: String(written.transfer.id) });

    // The key is stored already: the whole statement fails on it, and the second movement is not there.
    const before = await ledgerSnapshot(m.db);
    const failure = await postTransfer(m.db, { ...spec, idempotencyKey: 'store-ledger-2' }, m.clock(), key).catch((error: unknown) => error);
    expect(violatedUniqueConstraint(failure)).toBe('idempotency_keys_user_id_key_pk');
    expect(await ledgerSnapshot(m.db)).toEqual(before);
  });

  it('raises, writing nothing, for what no caller may give: a missing value, a non-positive amount, one account twice, a key without its member or answer account', async () => {
    const m = await buildMoneyApp();
    const { member, wallet, game } = await memberAccounts(m, 100, 50);
    const before = await ledgerSnapshot(m.db);
    const move = (args: { debit?: number | null; credit?: number | null; amount?: bigint | null; phase?: string | null; kind?: string | null; key?: string | null; answer?: number | null }) => {
      const { debit = wallet.id, credit = game.id, amount = 100n, phase = 'posted', kind = 'transfer', key = null, answer = null } = args;
      return m.db
        .execute(
          sql`select * from ledger_move(${debit}::bigint, ${credit}::bigint, ${amount}::bigint, ${phase}::text, ${kind}::text, null::text, 'guard-ledger-key'::text, now(), ${member.userId}::integer, ${key}::text, ${key === null ? null : 'hash'}::text, ${answer}::bigint)`,
        )
        .then(
          () => 'moved',
          (error: unknown) => (error instanceof Error ? 'raised' : 'other'),
        );
    };
    expect(await move({ debit: null })).toBe('raised');
    expect(await move({ amount: null })).toBe('raised');
    expect(await move({ phase: null })).toBe('raised');
    expect(await move({ kind: null })).toBe('raised');
    expect(await move({ amount: 0n })).toBe('raised');
    expect(await move({ amount: -5n })).toBe('raised');
    expect(await move({ credit: wallet.id })).toBe('raised');
    // A member's key is stored with the balance of one of the two accounts, named: never a guess.
    expect(await move({ key: 'guard-key', answer: null })).toBe('raised');
    expect(await move({ key: 'guard-key', answer: member.userId + 1_000_000 })).toBe('raised');
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    expect(await m.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'guard-key'))).toEqual([]);
  });

  it('refuses a ledger key replayed as another kind of movement', async () => {
    const m = await buildMoneyApp();
    const { wallet, game } = await memberAccounts(m, 100, 50);
    const spec = { debitAccountId: wallet.id, creditAccountId: game.id, amount: 300n, kind: 'transfer' as const, idempotencyKey: 'kind-1' };
    await postTransfer(m.db, spec, m.clock());
    await expect(postTransfer(m.db, { ...spec, kind: 'bet' }, m.clock())).rejects.toBeInstanceOf(IdempotencyConflict);
  });

  it('runs transfers both ways on one pair of accounts at once without a deadlock or a lost update', async () => {
    const m = await buildMoneyApp();
    const { wallet, game } = await memberAccounts(m, 500, 500);
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => {
        const toGame = i % 2 === 0;
        const spec = {
          debitAccountId: toGame ? wallet.id : game.id,
          creditAccountId: toGame ? game.id : wallet.id,
          amount: 100n + BigInt(i % 3),
          kind: 'transfer' as const,
          idempotencyKey: `both-ways-${i}`,
        };
        // Every third one runs in a transaction that then moves the other way: two movements, opposite directions, one transaction.
        if (i % 3 !== 0) return postTransfer(m.db, spec, m.clock());
        return m.db.transaction(async (tx) => {
          await postTransfer(tx, spec, m.clock());
          await postTransfer(tx, { ...spec, debitAccountId: spec.creditAccountId, creditAccountId: spec.debitAccountId, idempotencyKey: `${spec.idempotencyKey}-back` }, m.clock());
        });
      }),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    // 30 each way with the same amounts (i and i+1 pair up by i % 3 over 60), and the transactions' pairs cancel out.
    const sent = (toGame: boolean) =>
      Array.from({ length: 60 }, (_, i) => i)
        .filter((i) => i % 2 === (toGame ? 0 : 1) && i % 3 !== 0)
        .reduce((sum, i) => sum + 100 + (i % 3), 0);
    const walletNow = availableOf(await reread(m.db, wallet));
    const gameNow = availableOf(await reread(m.db, game));
    expect(walletNow).toBe(50_000n - BigInt(sent(true)) + BigInt(sent(false)));
    expect(walletNow + gameNow).toBe(100_000n);
  });
});

describe('POST /api/wallet/transfer in one call', () => {
  /** Counts the transactions the app's database opens while `work` runs. */
  async function transactionsDuring(m: MoneyApp, work: () => Promise<void>): Promise<number> {
    const original = m.db.transaction;
    let opened = 0;
    m.db.transaction = ((...args: Parameters<Db['transaction']>) => {
      opened += 1;
      return original.apply(m.db, args);
    }) as Db['transaction'];
    try {
      await work();
    } finally {
      m.db.transaction = original;
    }
    return opened;
  }

  it('moves without a transaction of its own, stores the answer with the movement and replays it', async () => {
    const m = await ledgerHeldApp();
    const member = await memberWithMoney(m, { wallet: 300, inGames: { TEST_SLOT: 100 } });
    const callsBefore = m.held.calls.length;
    const options = { token: member.token, idempotencyKey: 'one-call-0001' };
    const body = { from: 'WALLET', to: 'TEST_SLOT', amount: 12.5 };
    let first: Awaited<ReturnType<typeof call>> | undefined;
    expect(await transactionsDuring(m, async () => void (first = await call(m.app, endpoints.transfer, body, options)))).toBe(0);
    expect(first!.statusCode, first!.body).toBe(200);
    expect(first!.json()).toMatchObject({ message: 'SUCCESS', amount: 12.5, wallet: { amount: 287.5 } });
    // The provider's check ran without its hook: the money stays in our ledger.
    expect(m.held.calls.length).toBe(callsBefore);

    const replay = await call(m.app, endpoints.transfer, body, options);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first!.json());
    const other = await call(m.app, endpoints.transfer, { ...body, amount: 13 }, options);
    expect([other.statusCode, other.json().message]).toEqual([409, 'KEY_INVALID']);
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 287.5, slots: { TEST_SLOT: 112.5 } });
  });

  it('refuses MONEY_NOT_ENOUGH with no row written, and answers the same refusal to a retry', async () => {
    const m = await ledgerHeldApp();
    const member = await memberWithMoney(m, { wallet: 50, inGames: { TEST_SLOT: 10 } });
    const before = await ledgerSnapshot(m.db);
    const options = { token: member.token, idempotencyKey: 'one-call-over-1' };
    const refused = await call(m.app, endpoints.transfer, { from: 'TEST_SLOT', to: 'WALLET', amount: 10.01 }, options);
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'MONEY_NOT_ENOUGH']);
    expect(await ledgerSnapshot(m.db)).toEqual(before);
    await deposit(m, member.phone, 100);
    const retried = await call(m.app, endpoints.transfer, { from: 'TEST_SLOT', to: 'WALLET', amount: 10.01 }, options);
    expect([retried.statusCode, retried.json().message, retried.headers['idempotent-replayed']]).toEqual([400, 'MONEY_NOT_ENOUGH', 'true']);
  });

  it('moves once when copies of one request race, and each copy answers the first’s answer', async () => {
    const m = await ledgerHeldApp();
    const member = await memberWithMoney(m, { wallet: 300, inGames: { TEST_SLOT: 1 } });
    const options = { token: member.token, idempotencyKey: 'one-call-race-1' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(m.app, endpoints.transfer, { from: 'WALLET', to: 'TEST_SLOT', amount: 100 }, options)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.json())).toEqual(Array(4).fill(answers[0]!.json()));
    expect(await walletOf(m, member.token)).toMatchObject({ wallet: 200, slots: { TEST_SLOT: 101 } });
  });

  it('never overdraws and never deadlocks when transfers in and out of one game race', async () => {
    const m = await ledgerHeldApp();
    const member = await memberWithMoney(m, { wallet: 200, inGames: { TEST_SLOT: 200 } });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(m.app, endpoints.transfer, i % 2 ? { from: 'TEST_SLOT', to: 'WALLET', amount: 30 } : { from: 'WALLET', to: 'TEST_SLOT', amount: 30 }, {
          token: member.token,
          idempotencyKey: `one-call-both-${i}`,
        }),
      ),
    );
    const unexpected = answers.filter((a) => a.statusCode !== 200 && a.json().message !== 'MONEY_NOT_ENOUGH');
    expect(unexpected.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    const { wallet, slots } = await walletOf(m, member.token);
    expect(wallet + slots.TEST_SLOT!).toBe(400);
    expect(wallet).toBeGreaterThanOrEqual(0);
    expect(slots.TEST_SLOT).toBeGreaterThanOrEqual(0);
    const moved = answers.filter((a) => a.statusCode === 200).map((a) => a.json().transferId);
    const [keys] = await m.db.select({ n: count() }).from(idempotencyKeys).where(sql`${idempotencyKeys.key} like 'one-call-both-%'`);
    expect(keys?.n).toBe(40);
    expect(new Set(moved).size).toBe(moved.length);
  });
});
