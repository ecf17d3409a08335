/**
 * The server's rooms (docs/architecture.md): routes validate, call one
 * domain function and answer; money and its reads belong to the domain
 * services (wallet/, payments/, games/), never to a route.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const routesDir = path.resolve('src/server/routes');

describe('server layers', () => {
  it('keeps the ledger out of the routes', () => {
    const importsLedger = readdirSync(routesDir)
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /from '\.\.\/ledger\//.test(readFileSync(path.join(routesDir, file), 'utf8')));

    expect(importsLedger).toEqual([]);
  });
});
