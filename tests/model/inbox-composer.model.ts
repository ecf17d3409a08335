/**
 * What the agent writes, as a test model: typing and pausing, sending the
 * draft (or a draft too long), files (one taken, one too large, one not a
 * picture, one empty), ending the conversation, and each dialog: a canned
 * reply put into the draft, buttons built (taken, or refused by the
 * contract: none, a script for an address), cards, and closing one.
 */
import { CHAT_TEXT_MAX } from '../../src/contract/rules/chat.ts';
import { inboxComposerMachine } from '../../machines/inbox-composer/inbox-composer.machine.ts';
import type { InboxComposerContext } from '../../machines/inbox-composer/inbox-composer.types.ts';
import type { ReplyBuilderOutput } from '../../machines/reply-builder/reply-builder.types.ts';
import { BUTTONS, DOCUMENT, EMPTY_PHOTO, HUGE_PHOTO, MEMBER, PHOTO, SCRIPT_BUTTON } from './agent-inbox.fixtures.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type InboxComposer = typeof inboxComposerMachine;
type Snapshot = Parameters<FlowModel<InboxComposer>['events']>[0];

export const ORIGIN = 'https://wallet.example';
export const COMPOSER_INPUT = { conversationId: MEMBER.id, userId: MEMBER.userId, guestId: MEMBER.guestId, origin: ORIGIN };

const closed = (snapshot: Snapshot) => snapshot.matches({ dialog: 'closed' });
const none = () => [] as never[];
export const REPLY_ID = 'reply-0001';

const events = {
  'draft.change': (snapshot) =>
    !closed(snapshot)
      ? []
      : snapshot.context.draft === ''
        ? [
            { type: 'draft.change', text: 'We are checking your deposit.' },
            { type: 'draft.change', text: 'x'.repeat(CHAT_TEXT_MAX + 1) },
          ]
        : [
            { type: 'draft.change', text: '' },
            { type: 'draft.change', text: 'We are checking your deposit now.' },
          ],
  'draft.send': (snapshot) => (closed(snapshot) ? [{ type: 'draft.send', id: REPLY_ID }] : []),
  'media.pick': (snapshot) =>
    closed(snapshot) && snapshot.context.draft === ''
      ? [PHOTO, HUGE_PHOTO, DOCUMENT, EMPTY_PHOTO].map((file) => ({ type: 'media.pick' as const, id: REPLY_ID, file }))
      : [],
  'conversation.end': (snapshot) => (snapshot.matches({ dialog: 'ending' }) ? [{ type: 'conversation.end', id: 'end-0001' }] : []),
  'dialog.open': (snapshot) =>
    closed(snapshot) && snapshot.context.composerError === null
      ? (['canned', 'buttons', 'cards', 'end'] as const).map((dialog) => ({ type: 'dialog.open' as const, dialog }))
      : [],
  'dialog.close': (snapshot) => (closed(snapshot) ? [] : [{ type: 'dialog.close' }]),
  'canned.insert': (snapshot) => (snapshot.matches({ dialog: 'canned' }) ? [{ type: 'canned.insert', text: 'Deposits arrive within 5 minutes.' }] : []),
  'agent.typing': none,
} satisfies EventFixtures<InboxComposer>;

export const composerModels: FlowModel<InboxComposer>[] = [
  {
    name: 'writing in the member’s conversation',
    machine: inboxComposerMachine,
    input: COMPOSER_INPUT,
    events: offerAll(events),
    replies: {
      // What the builder sends: taken, or refused by the contract (no button; a script for an address).
      builder: [
        { message: BUTTONS },
        { message: { ...BUTTONS, payloads: [] } as ReplyBuilderOutput['message'] },
        { message: { ...BUTTONS, payloads: [SCRIPT_BUTTON] } as ReplyBuilderOutput['message'] },
      ] satisfies ReplyBuilderOutput[],
    },
    abstraction: ({ context }: { context: InboxComposerContext }) => ({
      draft: context.draft === '' ? null : context.draft.length > CHAT_TEXT_MAX ? 'too long' : 'text',
      error: context.composerError,
    }),
  },
];
