/**
 * checkLedger() verifies the ledger's invariants from scratch:
 * 1. conservation: over all accounts, posted debits equal posted credits and
 *    pending debits equal pending credits (no money made or lost);
 * 2. every account's four totals equal what its transfers add up to;
 * 3. no member account is overdrawn;
 * 4. every pending transfer is resolved at most once, by a row that copies it.
 * Tests run it after every ledger test; it is cheap enough for an operator
 * check too. It returns the problems found (empty when the ledger is sound).
 */
import { sql } from 'drizzle-orm';
import { resultRows, type Queryable } from '../db/client.ts';

interface Totals {
  debits_pending: string;
  debits_posted: string;
  credits_pending: string;
  credits_posted: string;
}

export async function checkLedger(db: Queryable): Promise<string[]> {
  const problems: string[] = [];

  const [sums] = resultRows<Totals>(
    await db.execute(sql`
      select coalesce(sum(debits_pending), 0)::text as debits_pending, coalesce(sum(debits_posted), 0)::text as debits_posted,
             coalesce(sum(credits_pending), 0)::text as credits_pending, coalesce(sum(credits_posted), 0)::text as credits_posted
      from ledger_accounts`),
  );
  if (sums && sums.debits_posted !== sums.credits_posted) {
    problems.push(`posted debits ${sums.debits_posted} ≠ posted credits ${sums.credits_posted}`);
  }
  if (sums && sums.debits_pending !== sums.credits_pending) {
    problems.push(`pending debits ${sums.debits_pending} ≠ pending credits ${sums.credits_pending}`);
  }

  // What each transfer row does to its two accounts (see transfers.ts).
  const mismatches = resultRows<Totals & { code: string; expected: string }>(
    await db.execute(sql`
      with effects as (
        select debit_account_id as account_id,
               case phase when 'pending' then amount when 'posted' then 0 else -amount end as debits_pending,
               case phase when 'posted' then amount when 'post_pending' then amount else 0 end as debits_posted,
               0::bigint as credits_pending, 0::bigint as credits_posted
        from ledger_transfers
        union all
        select credit_account_id, 0, 0,
               case phase when 'pending' then amount when 'posted' then 0 else -amount end,
               case phase when 'posted' then amount when 'post_pending' then amount else 0 end
        from ledger_transfers
      ),
      expected as (
        select account_id, sum(debits_pending) as dpe, sum(debits_posted) as dpo, sum(credits_pending) as cpe, sum(credits_posted) as cpo
        from effects group by account_id
      )
      select a.code,
             a.debits_pending::text, a.debits_posted::text, a.credits_pending::text, a.credits_posted::text,
             concat_ws(' ', coalesce(e.dpe, 0), coalesce(e.dpo, 0), coalesce(e.cpe, 0), coalesce(e.cpo, 0)) as expected
      from ledger_accounts a left join expected e on e.account_id = a.id
      where a.debits_pending <> coalesce(e.dpe, 0) or a.debits_posted <> coalesce(e.dpo, 0)
         or a.credits_pending <> coalesce(e.cpe, 0) or a.credits_posted <> coalesce(e.cpo, 0)`),
  );
  for (const m of mismatches) {
    problems.push(
      `${m.code}: totals ${m.debits_pending} ${m.debits_posted} ${m.credits_pending} ${m.credits_posted} (debits pending, posted; credits pending, posted), transfers say ${m.expected}`,
    );
  }

  const overdrawn = resultRows<{ code: string }>(
    await db.execute(sql`select code from ledger_accounts where no_overdraft and debits_posted + debits_pending > credits_posted`),
  );
  for (const o of overdrawn) problems.push(`${o.code} is overdrawn`);

  const badResolutions = resultRows<{ id: string }>(
    await db.execute(sql`
      select r.id::text from ledger_transfers r left join ledger_transfers p on p.id = r.pending_id
      where r.pending_id is not null and (p.id is null or p.phase <> 'pending' or p.debit_account_id <> r.debit_account_id
        or p.credit_account_id <> r.credit_account_id or p.amount <> r.amount)`),
  );
  for (const b of badResolutions) problems.push(`transfer ${b.id} resolves no matching pending transfer`);

  return problems;
}
