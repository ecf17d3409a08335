/**
 * The server's rooms (docs/architecture.md): routes validate, call one
 * domain function and answer; money, its transactions and its reads belong
 * to the domain services (transfers/, withdrawals/, deposits/, statement/,
 * money/), never to a route.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const routesDir = path.resolve('src/server/routes');
const routeFiles = readdirSync(routesDir).filter((file) => file.endsWith('.ts'));
const source = (file: string) => readFileSync(path.join(routesDir, file), 'utf8');

/** The routes of the money domains: each opens no transaction of its own. */
const MONEY_ROUTES = ['balance.ts', 'bonus.ts', 'deposits.ts', 'hooks.ts', 'invite.ts', 'payments-ops.ts', 'promotions-ops.ts', 'refund.ts', 'rewards-ops.ts', 'slips.ts', 'spinwheel.ts', 'statement.ts', 'transfers.ts', 'withdrawals.ts'];

describe('server layers', () => {
  it('keeps the ledger out of the routes', () => {
    expect(routeFiles.filter((file) => /from '\.\.\/ledger\//.test(source(file)))).toEqual([]);
  });

  it('leaves the money routes no transaction of their own', () => {
    expect(MONEY_ROUTES.filter((file) => !routeFiles.includes(file))).toEqual([]);
    expect(MONEY_ROUTES.filter((file) => /\.transaction\(|inTransaction\(|inMovement\(/.test(source(file)))).toEqual([]);
  });

  it('parses path ids in one place', () => {
    expect(routeFiles.filter((file) => /Number\(params\.|Number\.isSafeInteger/.test(source(file)))).toEqual([]);
  });
});
