/**
 * The agent inbox's history merge (machines/agent-inbox/agent-inbox.rules.ts):
 * each message once by its _id, the later list's copy winning, oldest
 * first. It differs from the widget's merge (machines/chat-history/messages.ts)
 * on purpose: the inbox holds only the server's copies, so a deliver id
 * alone does not make two messages one.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/contract/chat.ts';
import { mergeByIdLaterWins } from '../../machines/agent-inbox/agent-inbox.rules.ts';

function message(id: string, minute: number, text = id, deliverId = `deliver-${id}`): ChatMessage {
  return {
    _id: id,
    sender: 'agent',
    message: { message_type: 'text', payload: { text }, deliver: { id: deliverId, status: 'succeed' } },
    userId: '7',
    guestId: null,
    username: null,
    name: null,
    deviceToken: null,
    createdAt: new Date(Date.UTC(2026, 10, 26, 9, minute)).toISOString(),
    session_id: 's1',
  };
}

const ids = (messages: readonly ChatMessage[]) => messages.map((one) => one._id);
const texts = (messages: readonly ChatMessage[]) => messages.map((one) => (one.message.message_type === 'text' ? one.message.payload.text : ''));

describe('mergeByIdLaterWins', () => {
  it('orders a page the server answers newest first oldest first', () => {
    expect(ids(mergeByIdLaterWins([message('c', 3), message('b', 2), message('a', 1)]))).toEqual(['a', 'b', 'c']);
  });

  it('keeps each _id once, with the copy of the later list', () => {
    const merged = mergeByIdLaterWins([message('a', 1, 'shown'), message('b', 2)], [message('a', 1, 'echoed')]);
    expect([ids(merged), texts(merged)]).toEqual([
      ['a', 'b'],
      ['echoed', 'b'],
    ]);
  });

  it('orders messages of one instant by _id', () => {
    expect(ids(mergeByIdLaterWins([message('y', 5)], [message('x', 5)]))).toEqual(['x', 'y']);
  });

  it('keeps two messages with one deliver id but different _ids apart', () => {
    expect(ids(mergeByIdLaterWins([message('a', 1, 'a', 'same')], [message('b', 2, 'b', 'same')]))).toEqual(['a', 'b']);
  });
});
