/** The reads' retry policy (machines/shared/read-retry.ts; docs/decisions/0145-a-flaky-network.md). */
import { describe, expect, it } from 'vitest';
import { nextAttempt, READ_RETRY_MAX_MS, retryDelay, unanswered } from '../../machines/shared/read-retry.ts';

describe('read retry backoff', () => {
  it('waits 1 s after the first unanswered read, doubling to at most 30 s', () => {
    let attempts = 0;
    const waits: number[] = [];
    for (let read = 0; read < 9; read++) {
      attempts = nextAttempt(attempts);
      waits.push(retryDelay(attempts));
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(Math.max(...waits)).toBe(READ_RETRY_MAX_MS);
  });

  it('stops counting at the longest wait, so a machine that keeps the count stays finite', () => {
    let attempts = 0;
    for (let read = 0; read < 100; read++) attempts = nextAttempt(attempts);
    expect(attempts).toBe(6);
  });

  it('treats only no answer as the network\'s: a refusal is the server\'s answer', () => {
    expect(unanswered(null, { ok: false, message: 'NETWORK_ERROR' })).toBe(true);
    expect(unanswered(null, { ok: false, message: 'INTERNAL_SERVER_ERROR' })).toBe(false);
    expect(unanswered(null, { ok: true })).toBe(false);
  });
});
