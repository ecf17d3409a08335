/**
 * The inbox's canned replies as a test model: read when the picker opens
 * (the first time, or after a failure), added, changed and deleted by an
 * agent whose role the inbox does not know (the server's refusal says it
 * is no admin; its taking a change says it is one), and replies without a
 * title or text refused before asking.
 */
import { cannedRepliesMachine } from '../../machines/canned-replies/canned-replies.machine.ts';
import type { CannedAnswer, CannedChange, CannedChangeAnswer } from '../../machines/canned-replies/canned-replies.types.ts';
import { CANNED } from './agent-inbox.fixtures.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type CannedReplies = typeof cannedRepliesMachine;

const FAILED = { ok: false, message: 'INTERNAL_SERVER_ERROR' } as const;

const events = {
  'canned.open': () => [{ type: 'canned.open' }],
  'canned.change': ({ context }) => [
    { type: 'canned.change', change: { action: 'save', id: null, title: 'Bank hours', text: 'Our bank transfers run 24 hours.' } },
    // No title, or no text: not sent.
    { type: 'canned.change', change: { action: 'save', id: null, title: '  ', text: 'Some text' } },
    { type: 'canned.change', change: { action: 'save', id: null, title: 'Empty', text: ' ' } },
    ...(context.canned.some((reply) => reply.id === '1')
      ? [
          { type: 'canned.change' as const, change: { action: 'save' as const, id: '1', title: 'Greeting', text: 'Hello! How can I help?' } },
          { type: 'canned.change' as const, change: { action: 'delete' as const, id: '1' } },
        ]
      : []),
  ],
} satisfies EventFixtures<CannedReplies>;

export const cannedRepliesModels: FlowModel<CannedReplies>[] = [
  {
    name: 'canned replies',
    machine: cannedRepliesMachine,
    input: { canEditCanned: null },
    events: offerAll(events),
    replies: {
      loadCanned: [{ ok: true, data: { replies: CANNED } }, FAILED] satisfies CannedAnswer[],
      // What the server answers for the change asked (the call's input is in the snapshot's child).
      changeCanned: (snapshot) => {
        const change = (snapshot.children as Record<string, { getSnapshot: () => { input?: unknown } }>).changeCanned?.getSnapshot().input as CannedChange | undefined;
        const refusals = [{ ok: false, message: 'UNAUTHORIZED' }, FAILED] satisfies CannedChangeAnswer[];
        if (!change) return refusals;
        const answer: CannedChangeAnswer =
          change.action === 'delete'
            ? { ok: true, data: { deleted: change.id } }
            : { ok: true, data: { saved: { id: change.id ?? '3', title: change.title.trim(), text: change.text.trim() } } };
        return [answer, ...refusals];
      },
    },
    abstraction: ({ context }) => ({
      canned: context.canned.map((reply) => `${reply.id}${reply.text === CANNED.find((known) => known.id === reply.id)?.text ? '' : '*'}`).join(',') || null,
      error: context.cannedError,
      'can edit': context.canEditCanned === null ? null : context.canEditCanned ? 'yes' : 'no',
    }),
  },
];
