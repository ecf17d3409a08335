/**
 * The chat's deliver ids (src/features/chat-shared/deliver-id.ts): what the
 * contract takes (8-64 of A-Z a-z 0-9 _ -), new each time, and made where
 * crypto.randomUUID does not exist (a plain-http LAN origin is not a
 * secure context).
 */
import * as v from 'valibot';
import { afterEach, expect, it, vi } from 'vitest';
import { Deliver } from '../../src/contract/chat.ts';
import { newDeliverId } from '../../src/features/chat-shared/deliver-id.ts';

afterEach(() => vi.unstubAllGlobals());

it('makes ids the contract takes, a new one each time', () => {
  const ids = Array.from({ length: 100 }, () => newDeliverId());
  for (const id of ids) expect(v.safeParse(Deliver, { id, status: 'sending' }).success).toBe(true);
  expect(new Set(ids).size).toBe(100);
});

it('needs no crypto.randomUUID', () => {
  const { crypto } = globalThis;
  vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
  expect(newDeliverId()).toMatch(/^[0-9a-f]{32}$/);
});
