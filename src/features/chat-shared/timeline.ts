/**
 * The history as the widget's panel and the agent inbox draw it (spec 2
 * chat widget: day separators and end-of-conversation markers), one rule
 * for both: the messages, oldest first, with a separator before the first
 * message of each day (on the device's calendar) and an end marker where
 * the conversation's session changes (an agent ended it; the server gives
 * the next message a new session_id), whoever sent that message. The
 * widget's own copy of a message it just sent has no session yet ('') and
 * never marks an end. When the room told of an end before any message of
 * the new session came (`session`, the one it started), the marker follows
 * the last message of the one that ended at once.
 * In chat-shared: it has no texts, so it is in neither the widget's nor the
 * inbox's catalogue (lingui.config.ts) and both may import it.
 */
import { DateTime } from 'luxon';
import type { ChatMessage } from '../../contract/chat.ts';

export type TimelineEntry =
  | { kind: 'day'; key: string; iso: string }
  | { kind: 'end'; key: string }
  | { kind: 'message'; key: string; message: ChatMessage };

/** The day of an instant on the device's calendar ('' when malformed). */
function dayOf(iso: string): string {
  return DateTime.fromISO(iso).toISODate() ?? '';
}

export function timeline(messages: readonly ChatMessage[], current: string | null = null): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  let day = '';
  let session = '';
  /** Where the last message with a session ends in `entries`. */
  let afterLastSessioned = 0;
  for (const message of messages) {
    const messageDay = dayOf(message.createdAt);
    if (message.session_id !== '' && session !== '' && message.session_id !== session) {
      entries.push({ kind: 'end', key: `end-${message._id}` });
    }
    if (messageDay !== '' && messageDay !== day) {
      entries.push({ kind: 'day', key: `day-${messageDay}`, iso: message.createdAt });
      day = messageDay;
    }
    if (message.session_id !== '') session = message.session_id;
    entries.push({ kind: 'message', key: message._id, message });
    if (message.session_id !== '') afterLastSessioned = entries.length;
  }
  // Ended, and nothing of the new session yet: the end shows now (before the customer's own unsent copies).
  if (current !== null && session !== '' && session !== current) {
    entries.splice(afterLastSessioned, 0, { kind: 'end', key: `end-${current}` });
  }
  return entries;
}

/**
 * The quick replies to offer (spec 3 quick_replies): those of the last
 * message, when it is an agent's quick-replies message; none once the
 * customer has answered (their message comes after it) or is sending.
 */
export function openQuickReplies(messages: readonly ChatMessage[], sending: boolean): ChatMessage | null {
  const last = messages.at(-1);
  if (sending || !last || last.sender === 'customer') return null;
  return last.message.message_type === 'quick_replies' ? last : null;
}
