/** Banks and registration sources, the lookup tables an operator may edit. */
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { banks, sources } from '../db/schema.ts';
import type { Localized } from '../language.ts';

export interface Bank {
  code: string;
  nameTh: string;
  nameEn: string;
}

export function listActiveBanks(db: Queryable): Promise<Bank[]> {
  return db
    .select({ code: banks.code, nameTh: banks.nameTh, nameEn: banks.nameEn })
    .from(banks)
    .where(eq(banks.active, true))
    .orderBy(asc(banks.sortOrder), asc(banks.code));
}

export async function findActiveBank(db: Queryable, code: string): Promise<Bank | undefined> {
  const [bank] = await db
    .select({ code: banks.code, nameTh: banks.nameTh, nameEn: banks.nameEn })
    .from(banks)
    .where(and(eq(banks.code, code), eq(banks.active, true)));
  return bank;
}

export function listActiveSources(db: Queryable) {
  return db
    .select({ code: sources.code, description: sources.description })
    .from(sources)
    .where(eq(sources.active, true))
    .orderBy(asc(sources.sortOrder), asc(sources.code));
}

export async function isActiveSource(db: Queryable, code: string): Promise<boolean> {
  const [source] = await db
    .select({ code: sources.code })
    .from(sources)
    .where(and(eq(sources.code, code), eq(sources.active, true)));
  return source !== undefined;
}

export async function addMissingBanks(db: Queryable, rows: Bank[]): Promise<void> {
  await db
    .insert(banks)
    .values(rows.map((bank, index) => ({ ...bank, sortOrder: (index + 1) * 10 })))
    .onConflictDoNothing();
}

export async function addMissingSources(db: Queryable, rows: { code: string; description: Localized }[]): Promise<void> {
  await db
    .insert(sources)
    .values(rows.map((source, index) => ({ ...source, sortOrder: (index + 1) * 10 })))
    .onConflictDoNothing();
}
