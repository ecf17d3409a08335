import { assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { okData } from '../shared/result.ts';
import { noticeKey } from './notice-key.ts';
import type { NoticeAnswer, NoticeContext, NoticeEvent, NoticeInput, NoticeTag } from './notice.types.ts';

/**
 * How many dismissed texts a device remembers: one per language the member
 * may read (th, la, en), so switching language does not bring back a notice
 * closed in the other one.
 */
export const NOTICE_DISMISSALS_KEPT = 3;

export const noticeMachine = setup({
  types: {
    context: {} as NoticeContext,
    events: {} as NoticeEvent,
    input: {} as NoticeInput,
    tags: {} as NoticeTag,
  },
  actors: {
    read: notProvided<NoticeAnswer>('read'),
  },
  actions: {
    keep: assign((_, answer: NoticeAnswer) => ({ notice: okData(answer).notice })),
    forget: assign({ notice: null }),
    dismiss: assign(({ context }) => {
      const key = noticeKey(context.notice ?? '');
      return { dismissed: [...context.dismissed.filter((kept) => kept !== key), key].slice(-NOTICE_DISMISSALS_KEPT) };
    }),
    // Provided by the view layer: stores the keys of the dismissed texts on this device.
    remember: (_, _params: { dismissed: string[] }) => {},
  },
  guards: {
    somethingNew: ({ context }, answer: NoticeAnswer) =>
      answer.ok && answer.data.notice !== null && answer.data.notice.trim() !== '' && !context.dismissed.includes(noticeKey(answer.data.notice)),
  },
}).createMachine({
  id: 'notice',
  description:
    'The operator\'s notice on the member home (spec 7 GET /api/lookup/notice, in the member\'s language): shown above the widgets unless this text was dismissed on this device; a changed text shows again. A failed read shows nothing and says nothing (spec 7).',
  context: ({ input }) => ({ notice: null, dismissed: input.dismissed }),
  initial: 'reading',
  states: {
    reading: {
      description: 'Asks the server for the notice in the member\'s language. Nothing shows meanwhile; a switch of language asks again.',
      invoke: {
        id: 'read',
        src: 'read',
        onDone: [
          { guard: { type: 'somethingNew', params: actorOutput }, target: 'shown', actions: { type: 'keep', params: actorOutput } },
          { target: 'hidden', actions: 'forget' },
        ],
        onError: { target: 'hidden', actions: 'forget' },
      },
      on: {
        'notice.reload': { target: 'reading', reenter: true },
      },
    },
    shown: {
      tags: 'shown',
      on: {
        'notice.dismiss': {
          target: 'hidden',
          actions: ['dismiss', { type: 'remember', params: ({ context }) => ({ dismissed: context.dismissed }) }, 'forget'],
        },
        'notice.reload': 'reading',
      },
    },
    hidden: {
      description: 'No notice, one in no text for this language, one this device dismissed, or a failed read.',
      on: {
        'notice.reload': 'reading',
      },
    },
  },
});
