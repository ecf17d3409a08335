/**
 * The chat panel's pure parts: the timeline the widget and the agent inbox
 * draw (day separators on the device's calendar, an end marker where the
 * session changes, none for the widget's own copy) and which quick replies
 * are open. Which addresses become links is the chat's rules'
 * (tests/unit/chat-rules.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessageBody } from '../../src/contract/chat.ts';
import { openQuickReplies, timeline } from '../../src/features/chat-shared/timeline.ts';

const text = (value: string): ChatMessageBody => ({ message_type: 'text', payload: { text: value }, deliver: { id: `deliver-${value}`, status: 'succeed' } });

function message(id: string, createdAt: string, session: string, sender: ChatMessage['sender'] = 'agent', body: ChatMessageBody = text(id)): ChatMessage {
  return { _id: id, sender, message: body, userId: '7', guestId: null, username: null, name: null, deviceToken: null, createdAt, session_id: session };
}

/** Local noon on a day: the same calendar day in any test time zone. */
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00`).toISOString();

describe('timeline', () => {
  it('puts a day separator before the first message of each day', () => {
    const entries = timeline([message('1', at('2026-11-24', 9), 's1'), message('2', at('2026-11-24', 18), 's1'), message('3', at('2026-11-25'), 's1')]);
    expect(entries.map((entry) => (entry.kind === 'message' ? entry.message._id : entry.kind))).toEqual(['day', '1', '2', 'day', '3']);
  });

  it('marks the end of a conversation where the session changes', () => {
    const entries = timeline([message('1', at('2026-11-24', 9), 's1'), message('2', at('2026-11-24', 10), 's2', 'system'), message('3', at('2026-11-24', 11), 's2')]);
    expect(entries.map((entry) => (entry.kind === 'message' ? entry.message._id : entry.kind))).toEqual(['day', '1', 'end', '2', '3']);
  });

  it('marks the end at once when the room told of it before any message of the new session came', () => {
    const held = [message('1', at('2026-11-24', 9), 's1', 'customer'), message('2', at('2026-11-24', 10), 's1')];
    const kinds = (current: string | null, messages = held) => timeline(messages, current).map((entry) => (entry.kind === 'message' ? entry.message._id : entry.kind));
    expect(kinds(null)).toEqual(['day', '1', '2']);
    expect(kinds('s1')).toEqual(['day', '1', '2']);
    expect(kinds('s2')).toEqual(['day', '1', '2', 'end']);
    // The customer's own copy sent after it stays below the end; the new session's first message keeps one end, before it.
    expect(kinds('s2', [...held, message('3', at('2026-11-24', 11), '', 'customer')])).toEqual(['day', '1', '2', 'end', '3']);
    expect(kinds('s2', [...held, message('3', at('2026-11-24', 11), 's2', 'customer')])).toEqual(['day', '1', '2', 'end', '3']);
  });

  it('draws no end for the widget own copy of a message, which has no session yet', () => {
    const entries = timeline([message('1', at('2026-11-24', 9), 's1'), message('2', at('2026-11-24', 10), '', 'customer'), message('3', at('2026-11-24', 11), 's1')]);
    expect(entries.filter((entry) => entry.kind === 'end')).toEqual([]);
  });

  it('marks the end before the day separator when both change at one message (the inbox draws the same)', () => {
    const entries = timeline([message('1', at('2026-11-24'), 's1', 'customer'), message('2', at('2026-11-25'), 's2', 'customer')]);
    expect(entries.map((entry) => (entry.kind === 'message' ? entry.message._id : entry.kind))).toEqual(['day', '1', 'end', 'day', '2']);
  });

  it('gives every entry its own key', () => {
    const entries = timeline([message('1', at('2026-11-24'), 's1'), message('2', at('2026-11-25'), 's2'), message('3', at('2026-11-26'), 's3')]);
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
  });
});

describe('quick replies', () => {
  const quick: ChatMessageBody = {
    message_type: 'quick_replies',
    payload: { text: 'Did that help?' },
    payloads: [{ type: 'text', title: 'Yes', payload: '' }],
    deliver: { id: 'deliver-quick', status: 'succeed' },
  };

  it("offers the last message's quick replies", () => {
    const last = message('2', at('2026-11-24'), 's1', 'agent', quick);
    expect(openQuickReplies([message('1', at('2026-11-24', 9), 's1'), last], false)).toBe(last);
  });

  it('drops them once the customer answered or is sending', () => {
    const asked = message('1', at('2026-11-24', 9), 's1', 'agent', quick);
    expect(openQuickReplies([asked, message('2', at('2026-11-24', 10), 's1', 'customer')], false)).toBeNull();
    expect(openQuickReplies([asked], true)).toBeNull();
  });

  it('offers none under another kind of message', () => {
    expect(openQuickReplies([message('1', at('2026-11-24'), 's1')], false)).toBeNull();
    expect(openQuickReplies([], false)).toBeNull();
  });
});
