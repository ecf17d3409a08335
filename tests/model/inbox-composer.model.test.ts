import type { InboxComposerContext } from '../../machines/inbox-composer/inbox-composer.types.ts';
import { COMPOSER_INPUT, composerModels } from './inbox-composer.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';
import { BUTTONS, DOCUMENT, EMPTY_PHOTO, HUGE_PHOTO } from './agent-inbox.fixtures.ts';

// Written out independently of the machine.
const TYPING_PAUSE = 3000;
const TEXT_MAX = 2000;

/** A reply of the member's conversation for the outbox. */
const reply = (id: string, item: unknown) => ({ kind: 'message', id, conversationId: COMPOSER_INPUT.conversationId, item, userId: COMPOSER_INPUT.userId, guestId: COMPOSER_INPUT.guestId });

function check({ event, before, after, actions, calls, waited }: ReplayedStep) {
  const previous = before?.context as InboxComposerContext;
  const context = after.context as InboxComposerContext;
  const now = stateKey(after);
  const was = before ? stateKey(before) : '';
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  const wasTyping = was.includes('typing.typing');
  const typing = () => now.includes('typing.typing');
  let expectedActions: unknown[] = [];
  let expectedCalls: unknown[] = [];
  /** The room hears the agent stopped, if they were typing. */
  const stopsTyping = () => (wasTyping ? [{ type: 'tellTyping', params: { typing: false } }] : []);
  const dialog = (state: string) => expect(now.split(' + ').find((part) => part.startsWith('dialog.'))).toBe(`dialog.${state}`);

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['dialog.closed + typing.quiet', { ...COMPOSER_INPUT, draft: '', composerError: null }]);
      break;
    case 'draft.change': {
      expect([context.draft, context.composerError]).toEqual([event.text, null]);
      // The room hears it when it changes, not at every keystroke.
      const words = event.text.trim() !== '';
      expect(typing()).toBe(words);
      if (words && !wasTyping) expectedActions = [{ type: 'tellTyping', params: { typing: true } }];
      if (!words) expectedActions = stopsTyping();
      break;
    }
    case 'draft.send':
      if (previous.draft.trim() === '') return unchanged();
      if (previous.draft.trim().length > TEXT_MAX) {
        expect([context.composerError, context.draft]).toEqual(['CHAT_TEXT_INVALID', previous.draft]);
        break;
      }
      // Queued as text under the deliver id the view made; the draft empties and the typing stops.
      expect([context.draft, context.composerError, typing()]).toEqual(['', null, false]);
      expectedActions = [{ type: 'queue', params: reply(event.id, { kind: 'text', text: previous.draft }) }, ...stopsTyping()];
      break;
    case 'media.pick': {
      const refusal = event.file === HUGE_PHOTO ? 'CHAT_FILE_TOO_LARGE' : event.file === DOCUMENT || event.file === EMPTY_PHOTO ? 'CHAT_FILE_NOT_SUPPORTED' : null;
      if (refusal) {
        expect([now, context]).toEqual([was, { ...previous, composerError: refusal }]);
        break;
      }
      expect([now, context]).toEqual([was, { ...previous, composerError: null }]);
      expectedActions = [{ type: 'queue', params: reply(event.id, { kind: 'file', file: event.file }) }];
      break;
    }
    case 'conversation.end':
      // One end per conversation at a time is the outbox's to keep.
      dialog('closed');
      expect(typing()).toBe(false);
      expectedActions = [{ type: 'queue', params: { kind: 'end', id: event.id, conversationId: COMPOSER_INPUT.conversationId } }, ...stopsTyping()];
      break;
    case 'dialog.open': {
      const states: Record<string, string> = { canned: 'canned', buttons: 'building.buttons', cards: 'building.cards', end: 'ending' };
      const state = states[event.dialog as string]!;
      dialog(state);
      expect(context).toEqual(previous);
      if (event.dialog === 'buttons' || event.dialog === 'cards') {
        expectedCalls = [{ actor: 'builder', input: { kind: event.dialog === 'cards' ? 'cards' : 'choices', origin: COMPOSER_INPUT.origin } }];
      }
      break;
    }
    case 'dialog.close':
      dialog('closed');
      expect(context).toEqual(previous);
      break;
    case 'canned.insert': {
      // Put after what is written, on a line of its own; the agent may change it before sending.
      const draft = previous.draft.trim() ? `${previous.draft.trimEnd()}\n${event.text}` : event.text;
      dialog('closed');
      expect([context.draft, context.composerError, typing()]).toEqual([draft, null, true]);
      if (!wasTyping) expectedActions = [{ type: 'tellTyping', params: { typing: true } }];
      break;
    }
    case 'xstate.done.actor.builder': {
      const { message } = event.output as { message: typeof BUTTONS };
      dialog('closed');
      const refused = message.message_type === 'buttons' && (message.payloads.length === 0 || message.payloads[0]!.payload.startsWith('javascript:'));
      if (refused) {
        // The contract's last gate: nothing is sent.
        expect(context.composerError).toBe('KEY_INVALID');
        break;
      }
      expect(context.composerError).toBeNull();
      expectedActions = [{ type: 'queue', params: reply(message.deliver.id, { kind: 'message', message }) }];
      break;
    }
    case 'xstate.error.actor.builder':
      // A builder that broke (a bug) closes its dialog; nothing is sent.
      dialog('closed');
      expect(context).toEqual(previous);
      break;
    default: {
      const delay = /^xstate\.after\.(\w+)\./.exec(event.type)?.[1];
      if (delay === 'typingPause') {
        expect([waited, typing()]).toEqual([TYPING_PAUSE, false]);
        expectedActions = [{ type: 'tellTyping', params: { typing: false } }];
      } else throw new Error(`no check for ${event.type}`);
    }
  }
  expect(actions).toEqual(expectedActions);
  expect(calls).toEqual(expectedCalls);
}

describeModels('inbox-composer', composerModels, {
  tags: new Proxy({} as Record<string, string[]>, {
    get: (_, key: string) => {
      const dialog = key.split(' + ').find((part) => part.startsWith('dialog.'))!;
      const tag = { 'dialog.closed': [], 'dialog.canned': ['dialog:canned'], 'dialog.building.buttons': ['dialog:buttons'], 'dialog.building.cards': ['dialog:cards'], 'dialog.ending': ['dialog:end'] }[dialog];
      if (!tag) throw new Error(`no tags written for ${dialog}`);
      return tag;
    },
  }),
  check,
});
