import { assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { okData } from '../shared/result.ts';
import { noticeKey, noticeShows } from '../../src/contract/rules/notice-dismissals.ts';
import type { NoticeAnswer, NoticeContext, NoticeEvent, NoticeInput, NoticeTag } from './notice.types.ts';

/**
 * How many dismissed texts a device remembers: one per language the member
 * may read (th, la, en), so switching language does not bring back a notice
 * closed in the other one.
 */
export const NOTICE_DISMISSALS_KEPT = 3;

/**
 * How long the home holds its widgets back for the first answer: a notice
 * shown after them would push them down under the member's thumb
 * (docs/decisions/0147-the-member-home-paints-first.md).
 */
export const NOTICE_WAIT_MS = 1000;

/** An answer with a notice this device shows (not none, not blank, not dismissed here). */
function showsNotice(answer: NoticeAnswer | null, dismissed: string[]): boolean {
  return answer !== null && answer.ok && noticeShows(answer.data.notice, dismissed);
}

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
    // The page's answer is read once, at the start (a later read, a language switch, asks the server).
    keepPageAnswer: assign(({ context }) => ({ notice: context.inPage?.ok ? context.inPage.data.notice : null, inPage: null })),
    dropPageAnswer: assign({ inPage: null }),
    forget: assign({ notice: null }),
    settle: assign({ settled: true }),
    dismiss: assign(({ context }) => {
      const key = noticeKey(context.notice ?? '');
      return { dismissed: [...context.dismissed.filter((kept) => kept !== key), key].slice(-NOTICE_DISMISSALS_KEPT) };
    }),
    // Provided by the view layer: stores the keys of the dismissed texts on this device.
    remember: (_, _params: { dismissed: string[] }) => {},
  },
  delays: {
    settle: NOTICE_WAIT_MS,
  },
  guards: {
    showsNotice: ({ context }, answer: NoticeAnswer) => showsNotice(answer, context.dismissed),
    pageShowsNotice: ({ context }) => showsNotice(context.inPage, context.dismissed),
    nothingInPage: ({ context }) => context.inPage === null,
  },
}).createMachine({
  id: 'notice',
  description:
    'The operator\'s notice on the member home (spec 7 GET /api/lookup/notice, in the member\'s language): shown above the widgets unless this text was dismissed on this device; a changed text shows again. A failed read shows nothing and says nothing (spec 7).',
  context: ({ input }) => ({ notice: null, dismissed: input.dismissed, settled: false, inPage: input.inPage }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'The answer the home\'s page brought decides at once (docs/decisions/0152-the-home-page-comes-drawn.md): the notice the page drew stays, with no read and no moment without it, and the home is settled. Without one, the notice is read.',
      always: [
        { guard: 'nothingInPage', target: 'reading' },
        { guard: 'pageShowsNotice', target: 'shown', actions: ['keepPageAnswer', 'settle'] },
        { target: 'hidden', actions: ['forget', 'settle', 'dropPageAnswer'] },
      ],
    },
    reading: {
      description:
        'Asks the server for the notice in the member\'s language. Nothing shows meanwhile; a switch of language asks again. The first answer, or NOTICE_WAIT_MS without one, settles the home: its widgets show from then on.',
      invoke: {
        id: 'read',
        src: 'read',
        onDone: [
          { guard: { type: 'showsNotice', params: actorOutput }, target: 'shown', actions: [{ type: 'keep', params: actorOutput }, 'settle'] },
          { target: 'hidden', actions: ['forget', 'settle'] },
        ],
        onError: { target: 'hidden', actions: ['forget', 'settle'] },
      },
      after: {
        settle: { actions: 'settle' },
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
