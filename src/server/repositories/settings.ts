/**
 * Scalar settings live in the `settings` table (key → jsonb) so an operator
 * can change them without a deploy. This is their one typed view.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { settings } from '../db/schema.ts';
import { DEFAULT_SETTINGS } from '../db/seed-data.ts';
import type { Settings } from '../db/settings-shape.ts';

// The settings' shape is part of this view's API: its callers name it from here.
export type { Settings };

/** A setting's stored value, or its default when the row is missing. */
export async function getSetting<K extends keyof Settings>(db: Queryable, key: K): Promise<Settings[K]> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row ? (row.value as Settings[K]) : DEFAULT_SETTINGS[key];
}

/** Several settings in one query (their defaults where a row is missing). */
export async function getSettings<K extends keyof Settings>(db: Queryable, ...keys: K[]): Promise<Pick<Settings, K>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, keys));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(keys.map((key) => [key, stored.has(key) ? stored.get(key) : DEFAULT_SETTINGS[key]])) as Pick<Settings, K>;
}

/**
 * A setting's stored value as a scalar subquery, to read it in the same
 * round trip as another query: null when its row is missing (then
 * getSetting gives the default).
 */
export function settingValue<K extends keyof Settings>(key: K): SQL<Settings[K] | null> {
  return sql<Settings[K] | null>`(select ${settings.value} from ${settings} where ${settings.key} = ${key})`;
}

/** A setting's value (or its default) with its row locked until the transaction ends, for a change that records what it replaced. */
export async function lockSetting<K extends keyof Settings>(db: Queryable, key: K): Promise<Settings[K]> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update');
  return row ? (row.value as Settings[K]) : DEFAULT_SETTINGS[key];
}

export async function putSetting<K extends keyof Settings>(db: Queryable, key: K, value: Settings[K]): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** Adds the settings that have no row yet; existing values stay. */
export async function addMissingSettings(db: Queryable, values: Settings): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  await db.insert(settings).values(rows).onConflictDoNothing();
}
