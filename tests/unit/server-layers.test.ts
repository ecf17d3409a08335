/**
 * The server's rooms (docs/architecture.md; docs/decisions/0091 and 0115):
 * every route file validates, calls one domain function and answers. The
 * domains own their transactions, locks, limits held across the work and
 * the mapping of refusals to codes; a route may read (one query needs no
 * transaction) but never writes through a repository. And the server's
 * imports run one way: no file reaches itself again through what it
 * imports, type-only imports included.
 *
 * Every rule covers every file; what breaks a rule today is listed below
 * with its reason, and an entry that no longer breaks it fails too, so the
 * lists only shrink.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve('src/server');
const routesDir = path.join(serverDir, 'routes');
const repositoriesDir = path.join(serverDir, 'repositories');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const source = (file: string) => readFileSync(file, 'utf8');
const relative = (file: string) => path.relative(serverDir, file).split(path.sep).join('/');

interface Import {
  /** The imported file, resolved; null for a package. */
  target: string | null;
  /** Names imported as values (not `type`), as the exporter spells them. */
  values: string[];
}

/** Static imports and re-exports, and dynamic `import('...')`: every edge counts, type-only ones too. */
function importsOf(file: string, text = source(file)): Import[] {
  const found: Import[] = [];
  const statement = /(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'|import\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;
  for (const match of text.matchAll(statement)) {
    const specifier = match[4] ?? match[5] ?? match[6]!;
    const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : null;
    const wholeIsType = match[2] !== undefined;
    const clause = match[3] ?? '';
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    const values = wholeIsType
      ? []
      : named
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '' && !part.startsWith('type '))
          .map((part) => part.split(/\s+as\s+/)[0]!.trim());
    // A default or namespace import of values (`import x from`, `import * as x from`).
    const bare = clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim();
    if (!wholeIsType && bare !== '' && match[1] === 'import') values.push(bare.startsWith('*') ? '*' : 'default');
    found.push({ target, values });
  }
  return found;
}

// ---------------------------------------------------------------- routes

const routeFiles = readdirSync(routesDir).filter((file) => file.endsWith('.ts')).map((file) => path.join(routesDir, file));

/**
 * The repository functions that write (or lock, which only means something
 * in a transaction): their bodies insert, update, delete, or read FOR
 * UPDATE. What is left are single reads, which a route may make.
 */
function repositoryWrites(): Map<string, Set<string>> {
  const writes = new Map<string, Set<string>>();
  for (const file of filesUnder(repositoriesDir)) {
    const names = new Set<string>();
    const text = source(file);
    const heads = [...text.matchAll(/^export (?:async )?function (\w+)/gm)];
    heads.forEach((head, index) => {
      const body = text.slice(head.index, heads[index + 1]?.index ?? text.length);
      if (/\.(insert|update|delete)\(|\.for\(|\b(INSERT INTO|UPDATE \w|DELETE FROM|FOR UPDATE|FOR SHARE)\b/.test(body)) names.add(head[1]!);
    });
    writes.set(file, names);
  }
  return writes;
}

/** `file: what` for every place a route file breaks `rule`. */
type Findings = string[];

const writes = repositoryWrites();

const routeRules: Record<string, (file: string, text: string) => Findings> = {
  /** Transactions (their own, or a movement's) are the domain's: it knows what belongs together. */
  'opens no transaction': (_file, text) => [...text.matchAll(/\.transaction\(|inTransaction\(|inMovement\(/g)].map((m) => m[0]),
  'imports nothing of the ledger': (file, text) =>
    importsOf(file, text)
      .filter((i) => i.target?.startsWith(path.join(serverDir, 'ledger')))
      .map((i) => relative(i.target!)),
  /** Values of db/ (a client helper, a table) are the repositories' and domains'; a type names what a route is handed. */
  'imports only types of db/': (file, text) =>
    importsOf(file, text)
      .filter((i) => i.target?.startsWith(path.join(serverDir, 'db')) && i.values.length > 0)
      .flatMap((i) => i.values.map((name) => `${relative(i.target!)} ${name}`)),
  'writes through no repository': (file, text) =>
    importsOf(file, text)
      .filter((i) => i.target?.startsWith(repositoriesDir))
      .flatMap((i) => i.values.filter((name) => writes.get(i.target!)?.has(name)).map((name) => `${relative(i.target!)} ${name}`)),
  /**
   * A limit held while the work runs and given back by its outcome (reserve,
   * release, uncount) is part of that work; a route counts (`count`,
   * `countAddress`) before it calls.
   */
  'holds no limit across the work': (_file, text) => [...text.matchAll(/\.(reserve|release|uncount)\(/g)].map((m) => m[0]),
  'parses path ids in one place (validation.ts recordId)': (_file, text) => [...text.matchAll(/Number\(params\.|Number\.isSafeInteger/g)].map((m) => m[0]),
};

/**
 * Route files that break a rule today, each with what it breaks and why it
 * is allowed to. Keep it short: the fix is a domain function.
 */
const ROUTE_EXCEPTIONS: { file: string; rule: string; found: Findings; reason: string }[] = [];

describe('every route file', () => {
  it('is checked: the routes folder has route files', () => {
    expect(routeFiles.length).toBeGreaterThan(20);
  });

  for (const [rule, check] of Object.entries(routeRules)) {
    it(rule, () => {
      const broken = routeFiles
        .map((file) => ({ file: path.basename(file), found: check(file, source(file)) }))
        .filter(({ found }) => found.length > 0);
      const allowed = ROUTE_EXCEPTIONS.filter((exception) => exception.rule === rule).map(({ file, found }) => ({ file, found }));
      expect(broken).toEqual(allowed);
    });
  }

  it('names a real rule in every exception, with its reason', () => {
    for (const exception of ROUTE_EXCEPTIONS) {
      expect(Object.keys(routeRules)).toContain(exception.rule);
      expect(exception.reason.length).toBeGreaterThan(20);
    }
  });
});

describe('the checks themselves', () => {
  it('find what a route that breaks every rule does', () => {
    const route = [
      "import { postTransfer } from '../ledger/transfers.ts';",
      "import { violatedUniqueConstraint, type Db } from '../db/client.ts';",
      'import {',
      '  findUserById,',
      '  insertUser,',
      "} from '../repositories/users.ts';",
      'await db.transaction(async (tx) => insertUser(tx, user, now));',
      'await limits.reserve(key, delay, now);',
      'const id = Number(params.id);',
    ].join('\n');
    const file = path.join(routesDir, 'breaks-every-rule.ts');
    const found = Object.fromEntries(Object.entries(routeRules).map(([rule, check]) => [rule, check(file, route)]));
    expect(found).toEqual({
      'opens no transaction': ['.transaction('],
      'imports nothing of the ledger': ['ledger/transfers.ts'],
      'imports only types of db/': ['db/client.ts violatedUniqueConstraint'],
      'writes through no repository': ['repositories/users.ts insertUser'],
      'holds no limit across the work': ['.reserve('],
      'parses path ids in one place (validation.ts recordId)': ['Number(params.'],
    });
  });

  it('see a repository write, a type-only import and an import across lines', () => {
    const users = path.join(repositoriesDir, 'users.ts');
    expect(writes.get(users)?.has('insertUser')).toBe(true);
    expect(writes.get(users)?.has('findUserByPhone')).toBe(false);
    const imports = importsOf(path.join(routesDir, 'withdrawals.ts'));
    const settings = imports.find((i) => i.target === path.join(repositoriesDir, 'settings.ts'));
    expect(settings?.values).toEqual(['getSettings']);
    const withdrawals = imports.find((i) => i.target === path.join(repositoriesDir, 'withdrawals.ts'));
    expect(withdrawals?.values).toEqual(['listWithdrawals']);
  });
});

// ---------------------------------------------------------------- the import graph

describe('the server imports', () => {
  // Circles anywhere in the code, the server's included, are tests/unit/import-graph.test.ts's.
  it('keep the seed data on the ground floor: it imports the contract, the schema and the settings shape only', () => {
    const seedData = path.join(serverDir, 'db/seed-data.ts');
    const targets = importsOf(seedData).map((i) => (i.target ? relative(i.target) : 'package'));
    expect(targets.filter((target) => !/^(\.\.\/contract\/|db\/schema\.ts|db\/settings-shape\.ts|language\.ts)/.test(target))).toEqual([]);
  });
});
