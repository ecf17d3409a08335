/**
 * The operator's notice on the home as a test model: a device that
 * dismissed nothing yet, and one that dismissed this very text before (it
 * stays closed; another text shows); each with a page that brought no
 * answer (the notice is read), and with a page that brought one (it
 * decides at once: the notice, or the dismissed one not).
 */
import { noticeKey } from '../../src/contract/rules/notice-dismissals.ts';
import { noticeMachine } from '../../machines/notice/notice.machine.ts';
import type { NoticeAnswer } from '../../machines/notice/notice.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type Notice = typeof noticeMachine;

/** The HTML the operator wrote, and the same notice after the operator changed it (the markup only: a change all the same). */
export const NOTICES = { first: '<strong>Maintenance</strong> tonight at 02:00.', changed: '<b>Maintenance</b> tonight at 02:00.' } as const;

/** Texts dismissed on another day, in other languages: three already, so a fourth pushes the oldest out. */
export const EARLIER = [noticeKey('ประกาศเก่า'), noticeKey('ແຈ້ງການເກົ່າ'), noticeKey(NOTICES.first)];

const events = {
  'notice.dismiss': () => [{ type: 'notice.dismiss' }],
  'notice.reload': () => [{ type: 'notice.reload' }],
} satisfies EventFixtures<Notice>;

const replies = {
  read: [
    { ok: true, data: { notice: NOTICES.first } },
    { ok: true, data: { notice: NOTICES.changed } },
    { ok: true, data: { notice: null } },
    { ok: true, data: { notice: ' \n ' } },
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
  ] satisfies NoticeAnswer[],
};

const model = (dismissed: string[], name: string, inPage: NoticeAnswer | null = null): FlowModel<Notice> => ({
  name,
  machine: noticeMachine,
  input: { dismissed, inPage },
  events: offerAll(events),
  replies,
  // Which text shows, and which of the two texts this device dismissed.
  abstraction: ({ context }) => ({
    notice: context.notice === NOTICES.first ? 'first' : context.notice === NOTICES.changed ? 'changed' : null,
    dismissed: Object.entries(NOTICES)
      .filter(([, text]) => context.dismissed.includes(noticeKey(text)))
      .map(([which]) => which)
      .join('+') || null,
  }),
});

const fromPage = (notice: string): NoticeAnswer => ({ ok: true, data: { notice } });

export const noticeModels = [
  model([], 'notice, nothing dismissed'),
  model(EARLIER, 'notice, this text dismissed before'),
  // The page's answer: one to show, one this device dismissed (as the page saying none, it starts hidden).
  model([], 'notice from the page, nothing dismissed', fromPage(NOTICES.first)),
  model(EARLIER, 'notice from the page, this text dismissed before', fromPage(NOTICES.first)),
];
