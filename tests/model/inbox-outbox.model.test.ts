import type { InboxOutboxContext, OutboxEntry } from '../../machines/inbox-outbox/inbox-outbox.types.ts';
import { inboxOutboxModels, inFlight } from './inbox-outbox.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

/** What the outbox starts for an entry whose turn came: its chat-media child (the agent's reply, at once), or the end request. */
function start(entry: OutboxEntry) {
  if (entry.kind === 'end') return [{ actor: 'endConversation', input: { id: entry.conversationId } }];
  const { id, item, userId, guestId, conversationId } = entry;
  return [{ actor: 'outboxItem', input: { deliverId: id, item, online: true, writer: 'agent', userId, guestId, conversationId } }];
}

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const previous = before?.context as InboxOutboxContext;
  const context = after.context as InboxOutboxContext;
  const now = stateKey(after);
  const was = before ? stateKey(before) : '';
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  let expectedActions: unknown[] = [];
  const head = previous ? inFlight(previous) : undefined;
  const others = (id: string) => previous.entries.filter((entry) => entry.id !== id);

  // One at a time: busy exactly while an entry is queued, with the first queued one on its way.
  const next = inFlight(context);
  expect(now).toBe(next === undefined ? 'idle' : next.kind === 'end' ? 'ending' : 'sending');
  // What a step starts: the next entry, when it was not on its way before (a retried reply goes on in its machine: no new one).
  const wasInFlight = before && was !== 'idle' ? head?.id : undefined;
  const startsNext = () => (next && next.id !== wasInFlight && !previous.entries.find((entry) => entry.id === next.id)?.started ? start(next) : []);
  let expectedCalls: unknown[] = [];
  /** The entries as expected, with the reply whose machine started now marked so. */
  const settled = (entries: OutboxEntry[]) => entries.map((entry) => (next?.kind === 'message' && entry.id === next.id ? { ...entry, started: true } : entry));

  switch (event.type) {
    case 'xstate.init':
      expect(context).toEqual({ entries: [] });
      break;
    case 'outbox.queue': {
      const { request } = event;
      // One end per conversation at a time; a request already queued is not queued twice.
      const duplicate = previous.entries.some((entry) => entry.id === request.id || (request.kind === 'end' && entry.kind === 'end' && entry.conversationId === request.conversationId));
      if (duplicate) return unchanged();
      expect(context.entries).toEqual(settled([...previous.entries, { ...request, status: 'queued', error: null, started: false }]));
      expectedCalls = startsNext();
      break;
    }
    case 'item.failed':
      // It waits for a retry or a discard; the next goes.
      expect(context.entries.find((entry) => entry.id === event.id)).toEqual({ ...head, status: 'failed', error: event.message });
      expectedCalls = startsNext();
      break;
    case 'outbox.retry':
    case 'outbox.discard': {
      const entry = previous.entries.find((other) => other.id === event.id)!;
      if (entry.status !== 'failed') return unchanged();
      if (event.type === 'outbox.discard') {
        expect(context.entries).toEqual(settled(others(event.id)));
        // Its machine goes with it.
        expect(Object.keys(after.children)).not.toContain(event.id);
      } else {
        // Sent after what is queued now, from where it failed (its machine goes on: the same deliver id).
        expect(context.entries).toEqual(settled([...others(event.id), { ...entry, status: 'queued', error: null }]));
      }
      expectedCalls = startsNext();
      break;
    }
    default: {
      const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
      if (!kind) throw new Error(`no check for ${event.type}`);
      const answer = (event as { output?: { ok?: boolean; message?: unknown; outcome?: string } }).output;
      if (id === 'endConversation') {
        expect(head!.kind).toBe('end');
        if (kind === 'done' && answer!.ok) {
          // The conversation shows its end.
          expect(context.entries).toEqual(settled(others(head!.id)));
          expectedActions = [{ type: 'ended', params: { conversationId: head!.conversationId } }];
        } else {
          expect(context.entries.find((entry) => entry.id === head!.id)).toEqual({ ...head, status: 'failed', error: kind === 'done' ? answer!.message : 'NETWORK_ERROR' });
        }
      } else {
        const entry = previous.entries.find((other) => other.id === id)!;
        if (kind === 'done' && answer!.outcome === 'sent') {
          // Stored: the open conversation shows it.
          expect(context.entries).toEqual(settled(others(id!)));
          expectedActions = [{ type: 'sent', params: { conversationId: entry.conversationId, message: answer!.message } }];
        } else {
          // Refused by the chat's rules, or its machine broke (a bug): the reply fails with why, and a retry starts it again.
          const error = kind === 'done' ? answer!.message : 'NETWORK_ERROR';
          expect(context.entries.find((other) => other.id === id)).toEqual({ ...entry, status: 'failed', error, started: false });
        }
        // The machine that ended goes.
        expect(Object.keys(after.children)).not.toContain(id);
      }
      expectedCalls = startsNext();
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
}

describeModels('inbox-outbox', inboxOutboxModels, {
  tags: { idle: [], sending: ['outbox:busy'], ending: ['outbox:busy'] },
  check,
});
