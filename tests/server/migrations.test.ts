/**
 * Migrations that change data on a database that ran before them, each
 * tested from the migration before it: 0005 moves operators out of `users`
 * (the operator becomes a bootstrap admin that keeps its password and what
 * it reviewed; a member an OPERATOR_PHONE had promoted stays a member only),
 * 0012 moves the change log into the audit, 0018 gives each Hub88 game
 * account a username of its own, 0024 names the reference games' WebP
 * pictures.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it, onTestFinished } from 'vitest';
import { resultRows, violatedUniqueConstraint } from '../../src/server/db/client.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'wallet-migrations-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

describe('migration 0005 (operators of their own)', () => {
  it('moves the operator out of users with its password and reviews, and never makes a promoted member an operator', async () => {
    const client = await PGlite.create();
    onTestFinished(() => client.close());
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore('0005_operators_limits') });
    const at = '2026-03-01T00:00:00Z';
    await db.execute(sql`insert into users (phone, name, password_hash, role, created_at) values
      ('0800000001', 'OPERATOR', 'scrypt$operator-hash', 'operator', ${at}),
      ('0811111111', 'PROMOTED MEMBER', 'scrypt$promoted-hash', 'operator', ${at}),
      ('0822222222', 'MEMBER', 'scrypt$member-hash', 'member', ${at})`);
    await db.execute(sql`insert into banks (code, name_th, name_en) values ('KBANK', 'กสิกรไทย', 'Kasikorn Bank')`);
    await db.execute(sql`insert into bank_accounts (user_id, bank_code, account_name, account_no, currency, created_at)
      select id, 'KBANK', 'PROMOTED MEMBER', '1111111111', 'BAHT', ${at} from users where phone = '0811111111'`);
    await db.execute(sql`insert into slips (user_id, status, note, created_at, reviewed_at, reviewed_by)
      select m.id, 'FAILED', 'INVALID_SLIP', ${at}, ${at}, o.id from users m, users o where m.phone = '0822222222' and o.phone = '0800000001'`);
    await db.execute(sql`insert into slips (user_id, status, note, created_at, reviewed_at, reviewed_by)
      select m.id, 'FAILED', 'INVALID_SLIP', ${at}, ${at}, o.id from users m, users o where m.phone = '0822222222' and o.phone = '0811111111'`);
    await db.execute(sql`insert into sessions (user_id, token_hash, created_at, expires_at)
      select id, 'operator-token-hash', ${at}, '2099-01-01T00:00:00Z' from users where phone = '0800000001'`);

    await migrate(db, { migrationsFolder });

    const rows = async <T>(query: ReturnType<typeof sql>) => resultRows<T>(await db.execute(query));
    expect(await rows(sql`select phone, role, password_hash, bootstrap, disabled_at from operators`)).toEqual([
      { phone: '0800000001', role: 'admin', password_hash: 'scrypt$operator-hash', bootstrap: true, disabled_at: null },
    ]);
    expect(await rows(sql`select phone, status from users order by phone`)).toEqual([
      { phone: '0811111111', status: 'active' },
      { phone: '0822222222', status: 'active' },
    ]);
    expect(await rows(sql`select o.phone from slips s left join operators o on o.id = s.reviewed_by order by s.id`)).toEqual([
      { phone: '0800000001' },
      { phone: null },
    ]);
    expect(await rows(sql`select count(*)::int as count from sessions`)).toEqual([{ count: 0 }]);

    const refusal = (query: ReturnType<typeof sql>) => db.execute(query).then(() => null, (error: unknown) => violatedUniqueConstraint(error));
    expect(await refusal(sql`insert into users (phone, name, password_hash, created_at) values ('0800000001', 'X', 'h', ${at})`)).toBe('phone_has_one_owner');
    expect(await refusal(sql`insert into operators (phone, name, role, password_hash, created_at) values ('0822222222', 'X', 'admin', 'h', ${at})`)).toBe(
      'phone_has_one_owner',
    );
  });
});

describe('migration 0012 (the audit trail)', () => {
  it('moves the change log into the audit, what was written as the state after, and refuses to change or remove a row', async () => {
    const client = await PGlite.create();
    onTestFinished(() => client.close());
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore('0012_audit') });
    const at = '2026-03-01T00:00:00Z';
    await db.execute(sql`insert into operators (phone, name, role, password_hash, created_at) values ('0800000001', 'Marketing', 'marketing', 'h', ${at})`);
    await db.execute(sql`insert into operator_changes (operator_id, action, subject, value, created_at)
      select id, 'bonus.change', 'WELCOME100', '{"grant": 100}'::jsonb, ${at} from operators`);

    await migrate(db, { migrationsFolder });

    const rows = async <T>(query: ReturnType<typeof sql>) => resultRows<T>(await db.execute(query));
    expect(await rows(sql`select o.phone, a.action, a.subject, a.user_id, a.before, a.after from audit_log a join operators o on o.id = a.operator_id`)).toEqual([
      { phone: '0800000001', action: 'bonus.change', subject: 'WELCOME100', user_id: null, before: null, after: { grant: 100 } },
    ]);
    expect(await rows(sql`select count(*)::int as count from pg_tables where tablename = 'operator_changes'`)).toEqual([{ count: 0 }]);
    const refusal = (query: ReturnType<typeof sql>) => db.execute(query).then(() => 'done', (error: Error) => String((error.cause as Error | undefined)?.message));
    expect(await refusal(sql`update audit_log set action = 'x'`)).toBe('audit_log rows are never updated or deleted');
    expect(await refusal(sql`delete from audit_log`)).toBe('audit_log rows are never updated or deleted');
  });
});

describe('migration 0018 (a username per Hub88 game account)', () => {
  it('names each of a member’s Hub88 accounts after its game, once, and leaves other providers’ accounts alone', async () => {
    const client = await PGlite.create();
    onTestFinished(() => client.close());
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore('0018_hub88_account_per_game') });
    const at = '2026-11-01T00:00:00Z';
    await db.execute(sql`insert into users (phone, name, password_hash, created_at) values ('0822222222', 'MEMBER', 'h', ${at})`);
    await db.execute(sql`insert into games (code, name, category, provider, logo, background) values
      ('fk_one', 'One', 'slot', 'hub88', '/a.png', '/b.png'), ('fk_two', 'Two', 'lotto', 'hub88', '/a.png', '/b.png'), ('lotus', 'Lotus', 'slot', 'reference', '/a.png', '/b.png')
      on conflict (code) do nothing`);
    await db.execute(sql`insert into game_accounts (user_id, game_code, username, password, created_at, password_changed_at)
      select id, code, case when code = 'lotus' then 'lt0822222222' else 'm000001' end, 'p', ${at}, ${at} from users, games where phone = '0822222222' and code in ('fk_one', 'fk_two', 'lotus')`);

    await migrate(db, { migrationsFolder });

    const rows = resultRows<{ game_code: string; username: string }>(await db.execute(sql`select game_code, username from game_accounts order by game_code`));
    expect(rows).toEqual([
      { game_code: 'fk_one', username: 'm000001.fk_one' },
      { game_code: 'fk_two', username: 'm000001.fk_two' },
      { game_code: 'lotus', username: 'lt0822222222' },
    ]);
  });
});

describe('migration 0024 (the reference games\' pictures in WebP)', () => {
  it('renames the pictures seeding and the aggregator\'s fallback named, and no other', async () => {
    const client = await PGlite.create();
    onTestFinished(() => client.close());
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore('0024_reference_game_art_webp') });
    await db.execute(sql`insert into games (code, name, category, provider, logo, background) values
      ('lotus', 'Golden Lotus', 'slot', 'reference', '/games/lotus-logo.svg', '/games/lotus-bg.svg'),
      ('fk_keno', 'Keno', 'lotto', 'hub88', '/games/aggregator-logo.svg', 'https://cdn.example.com/keno-bg.svg'),
      ('custom', 'Custom', 'slot', 'reference', '/images/custom-logo.svg', '/games/lotus-bg.svg.png')`);

    await migrate(db, { migrationsFolder });

    expect(resultRows(await db.execute(sql`select code, logo, background from games order by code`))).toEqual([
      { code: 'custom', logo: '/images/custom-logo.svg', background: '/games/lotus-bg.svg.png' },
      { code: 'fk_keno', logo: '/games/aggregator-logo.webp', background: 'https://cdn.example.com/keno-bg.svg' },
      { code: 'lotus', logo: '/games/lotus-logo.webp', background: '/games/lotus-bg.webp' },
    ]);
  });
});
