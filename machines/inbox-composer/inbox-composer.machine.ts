import { assertEvent, assign, raise, setup } from 'xstate';
import { chatFileRefusal, chatTextRefusal } from '../../src/contract/rules/chat.ts';
import { builtMessageRefusal } from '../chat-media/outgoing.ts';
import type { OutboxRequest } from '../inbox-outbox/inbox-outbox.types.ts';
import { replyBuilderMachine } from '../reply-builder/reply-builder.machine.ts';
import type { ReplyBuilderOutput } from '../reply-builder/reply-builder.types.ts';
import { actorOutput } from '../shared/actors.ts';
import type { ComposerDialog, InboxComposerContext, InboxComposerEvent, InboxComposerInput, InboxComposerTag } from './inbox-composer.types.ts';

/** The agent is no longer typing after this long without a keystroke (the socket's 'typing' false). */
export const TYPING_PAUSE_MS = 3000;

/** A reply of this conversation for the outbox. */
const reply = (context: InboxComposerContext, id: string, item: Extract<OutboxRequest, { kind: 'message' }>['item']): OutboxRequest => ({
  kind: 'message',
  id,
  conversationId: context.conversationId,
  item,
  userId: context.userId,
  guestId: context.guestId,
});

export const inboxComposerMachine = setup({
  types: {
    context: {} as InboxComposerContext,
    events: {} as InboxComposerEvent,
    input: {} as InboxComposerInput,
    tags: {} as InboxComposerTag,
    children: {} as { builder: 'builder' },
  },
  actors: { builder: replyBuilderMachine },
  actions: {
    setDraft: assign(({ event }) => {
      assertEvent(event, 'draft.change');
      return { draft: event.text, composerError: null };
    }),
    insertCanned: assign(({ context, event }) => {
      assertEvent(event, 'canned.insert');
      return { draft: context.draft.trim() ? `${context.draft.trimEnd()}\n${event.text}` : event.text, composerError: null };
    }),
    typingChanged: raise(({ context }) => ({ type: 'agent.typing' as const, typing: context.draft.trim() !== '' })),
    typingStopped: raise({ type: 'agent.typing', typing: false }),
    clearDraft: assign({ draft: '', composerError: null }),
    refuseDraft: assign(({ context }) => ({ composerError: chatTextRefusal(context.draft) })),
    refuseMedia: assign(({ event }) => {
      assertEvent(event, 'media.pick');
      return { composerError: chatFileRefusal(event.file)?.code ?? null };
    }),
    refuseBuilt: assign((_, output: ReplyBuilderOutput) => ({ composerError: builtMessageRefusal(output.message) })),
    clearError: assign({ composerError: null }),
    // Provided by the inbox (agent-inbox.children.ts): the request goes to the outbox; the open conversation's room hears the typing.
    queue: (_, _request: OutboxRequest) => {},
    tellTyping: (_, _params: { typing: boolean }) => {},
  },
  guards: {
    draftEmpty: ({ context }) => context.draft.trim() === '',
    draftFits: ({ context }) => chatTextRefusal(context.draft) === null,
    mediaAccepted: ({ event }) => event.type === 'media.pick' && chatFileRefusal(event.file) === null,
    builtFits: (_, output: ReplyBuilderOutput) => builtMessageRefusal(output.message) === null,
    typing: ({ event }) => event.type === 'agent.typing' && event.typing,
    opens: ({ event }, dialog: ComposerDialog) => event.type === 'dialog.open' && event.dialog === dialog,
  },
  delays: { typingPause: TYPING_PAUSE_MS },
}).createMachine({
  id: 'inboxComposer',
  description:
    'What the agent writes in the open conversation: the draft sent as text, a file, buttons or cards built in their dialog, a canned reply put into the draft, ending the conversation, each checked by the chat\'s rules before it goes to the outbox; the customer hears "typing" while the draft has words, until a 3 s pause, a send, or the end.',
  context: ({ input }) => ({ ...input, draft: '', composerError: null }),
  type: 'parallel',
  on: {
    'draft.change': { actions: ['setDraft', 'typingChanged'] },
    'draft.send': [
      { guard: 'draftEmpty' },
      {
        guard: 'draftFits',
        actions: [{ type: 'queue', params: ({ context, event }) => reply(context, event.id, { kind: 'text', text: context.draft }) }, 'clearDraft', 'typingStopped'],
      },
      { actions: 'refuseDraft' },
    ],
    'media.pick': [
      { guard: 'mediaAccepted', actions: ['clearError', { type: 'queue', params: ({ context, event }) => reply(context, event.id, { kind: 'file', file: event.file }) }] },
      { actions: 'refuseMedia' },
    ],
  },
  states: {
    typing: {
      description: "The socket hears 'typing' when the agent starts, and false after a pause, on sending, or on ending (the inbox tells it false when the agent leaves the conversation).",
      initial: 'quiet',
      states: {
        quiet: {
          on: { 'agent.typing': { guard: 'typing', target: 'typing', actions: { type: 'tellTyping', params: { typing: true } } } },
        },
        typing: {
          exit: { type: 'tellTyping', params: { typing: false } },
          on: { 'agent.typing': 'quiet' },
          initial: 'pause',
          states: {
            // Each keystroke starts the pause again without leaving 'typing' (which would tell the socket false).
            pause: {
              after: { typingPause: '#inboxComposer.typing.quiet' },
              on: { 'agent.typing': { guard: 'typing', target: 'pause', reenter: true } },
            },
          },
        },
      },
    },
    dialog: {
      description: 'One dialog at a time: canned replies, buttons or quick replies, cards, or ending the conversation.',
      initial: 'closed',
      on: {
        'dialog.close': '.closed',
        // One end per conversation at a time is the outbox's rule.
        'conversation.end': {
          target: '.closed',
          actions: [{ type: 'queue', params: ({ context, event }) => ({ kind: 'end', id: event.id, conversationId: context.conversationId }) }, 'typingStopped'],
        },
      },
      states: {
        closed: {
          on: {
            'dialog.open': [
              { guard: { type: 'opens', params: 'canned' }, target: 'canned' },
              { guard: { type: 'opens', params: 'buttons' }, target: 'building.buttons' },
              { guard: { type: 'opens', params: 'cards' }, target: 'building.cards' },
              { target: 'ending' },
            ],
          },
        },
        canned: {
          tags: 'dialog:canned',
          on: { 'canned.insert': { target: 'closed', actions: ['insertCanned', 'typingChanged'] } },
        },
        building: {
          description: 'Buttons or quick replies, or cards (machines/reply-builder): what the builder sends goes to the outbox, if the contract takes it.',
          invoke: {
            id: 'builder',
            src: 'builder',
            input: ({ context, event }) => ({ kind: event.type === 'dialog.open' && event.dialog === 'cards' ? 'cards' : 'choices', origin: context.origin }),
            onDone: [
              {
                guard: { type: 'builtFits', params: actorOutput },
                target: 'closed',
                actions: ['clearError', { type: 'queue', params: ({ context, event }) => reply(context, event.output.message.deliver.id, { kind: 'message', message: event.output.message }) }],
              },
              { target: 'closed', actions: { type: 'refuseBuilt', params: actorOutput } },
            ],
            // A builder that broke (a bug) closes its dialog.
            onError: 'closed',
          },
          // Entered straight into the one asked for.
          initial: 'buttons',
          states: {
            buttons: { tags: 'dialog:buttons' },
            cards: { tags: 'dialog:cards' },
          },
        },
        ending: { tags: 'dialog:end', description: 'Asks first: the customer sees the end, and their next message starts a new conversation.' },
      },
    },
  },
});
