// @vitest-environment happy-dom
/**
 * The notice the member home's page brings with it (src/server/plugins/spa.ts,
 * docs/decisions/0147-the-member-home-paints-first.md): the home's first read
 * takes it instead of asking the server, once and only in the language the
 * app shows; every other read, and a page without it, asks the API as before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';
import { noticeActors } from '../../machines/notice/notice.actors.ts';
import { noticeMachine } from '../../machines/notice/notice.machine.ts';
import type { NoticeAnswer } from '../../machines/notice/notice.types.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { NOTICE_IN_PAGE_ID } from '../../src/contract/notice-in-page.ts';
import { takeNoticeInPage } from '../../src/features/home/notice-in-page.ts';

const IN_PAGE = '<strong>สงกรานต์</strong> </script> ไทย';
const FROM_API = '<strong>Songkran</strong> from the server';

/** The block as the server writes it: `<` and the line separators escaped. */
function pageWith(language: string, json: string): void {
  document.head.innerHTML = `<script type="application/json" id="${NOTICE_IN_PAGE_ID}" data-language="${language}">${json}</script>`;
}
const escaped = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function fakeApi(notice: string | null = FROM_API) {
  const call = vi.fn(async (): Promise<NoticeAnswer> => ({ ok: true, data: { notice } }));
  return { api: { call } as unknown as ApiClient, call };
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the notice in the page', () => {
  it('is the answer the server wrote, taken once', () => {
    pageWith('th', escaped({ notice: IN_PAGE }));
    expect(takeNoticeInPage(document, 'th')).toEqual({ ok: true, data: { notice: IN_PAGE } });
    expect(document.getElementById(NOTICE_IN_PAGE_ID)).toBeNull();
    expect(takeNoticeInPage(document, 'th')).toBeNull();
  });

  it('says "no notice" as the API does', () => {
    pageWith('en', escaped({ notice: null }));
    expect(takeNoticeInPage(document, 'en')).toEqual({ ok: true, data: { notice: null } });
  });

  it.each([
    ['in another language than the app shows', 'la', escaped({ notice: IN_PAGE })],
    ['not JSON', 'th', '{"notice": '],
    ['not the contract\'s answer', 'th', escaped({ notice: 42 })],
  ])('is not used %s, and goes all the same', (_case, language, json) => {
    pageWith(language, json);
    expect(takeNoticeInPage(document, 'th')).toBeNull();
    expect(document.getElementById(NOTICE_IN_PAGE_ID)).toBeNull();
  });

  it('is none on a page without it', () => {
    expect(takeNoticeInPage(document, 'th')).toBeNull();
  });
});

describe('the notice\'s read', () => {
  it('asks the server when the page brought nothing', async () => {
    const { api, call } = fakeApi();
    expect(await toPromise(createActor(noticeActors(api).read).start())).toEqual({ ok: true, data: { notice: FROM_API } });
    expect(call).toHaveBeenCalledWith('lookupNotice', expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it('shows the page\'s notice on the home in its first snapshot, without asking; the server\'s after a language switch', async () => {
    pageWith('th', escaped({ notice: IN_PAGE }));
    const { api, call } = fakeApi();
    const notice = createActor(noticeMachine.provide({ actors: noticeActors(api) }), { input: { dismissed: [], inPage: takeNoticeInPage(document, 'th') } }).start();

    // No moment without the notice the page drew (docs/decisions/0152-the-home-page-comes-drawn.md).
    const shown = notice.getSnapshot();
    expect([shown.hasTag('shown'), shown.context.notice, shown.context.settled, call.mock.calls.length]).toEqual([true, IN_PAGE, true, 0]);

    notice.send({ type: 'notice.reload' });
    const again = await waitFor(notice, (snapshot) => snapshot.hasTag('shown') && snapshot.context.notice === FROM_API);
    expect([again.context.notice, call.mock.calls.length]).toEqual([FROM_API, 1]);
    notice.stop();
  });
});
