/**
 * The auto-scroll rule the widget's history and the agent inbox share
 * (machines/chat-history/auto-scroll.ts, spec 9): follow within 60 px of the
 * bottom; only scrolling up past that stops following.
 */
import { describe, expect, it } from 'vitest';
import { nearBottom, scrolledAway } from '../../machines/chat-history/auto-scroll.ts';

describe('auto-scroll', () => {
  it('counts 60 px from the bottom as near it, 61 as away', () => {
    expect([nearBottom(0), nearBottom(60), nearBottom(61)]).toEqual([true, true, false]);
  });

  it('stops following only when the reader scrolls up past 60 px', () => {
    expect(scrolledAway(61, true)).toBe(true);
    expect(scrolledAway(60, true)).toBe(false);
    // Content growing below moves the bottom away without the reader scrolling up.
    expect(scrolledAway(400, false)).toBe(false);
  });
});
