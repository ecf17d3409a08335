/**
 * The operator's notice above the home's widgets (spec 7 GET
 * /api/lookup/notice, in the member's language), with a button that closes
 * it on this device until its text changes (machines/notice). The notice is
 * HTML, cleaned by the server on write as the conditions are
 * (docs/decisions/0130-promotions-console.md), and shown as all the server's
 * HTML is: through SafeHtml, which sanitises it again
 * (docs/decisions/0140-the-notice-on-the-home.md).
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CloseIcon } from '../ui/action-icons.tsx';
import { SafeHtml } from '../ui/SafeHtml.tsx';
import type { NoticeActor } from './use-home-actors.ts';

export function NoticeBanner({ notice }: { notice: NoticeActor }) {
  const { t } = useLingui();
  const titleId = useId();
  const text = useSelector(notice, (snapshot) => (snapshot.hasTag('shown') ? snapshot.context.notice : null));
  if (text === null) return null;
  return (
    <section className="notice" aria-labelledby={titleId}>
      <div className="notice__body">
        {/* A label, not a heading: the notice is one short message beside the page's sections. */}
        <p id={titleId} className="notice__title">
          <Trans>Notice</Trans>
        </p>
        <SafeHtml html={text} className="rich-text notice__text" />
      </div>
      <button type="button" className="icon-button notice__close" aria-label={t`Dismiss notice`} onClick={() => notice.send({ type: 'notice.dismiss' })}>
        <CloseIcon size={20} />
      </button>
    </section>
  );
}
