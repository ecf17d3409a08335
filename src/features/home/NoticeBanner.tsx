/**
 * The operator's notice above the home's widgets (spec 7 GET
 * /api/lookup/notice, in the member's language), with a button that closes
 * it on this device until its text changes (machines/notice). The notice is
 * plain text, as the console writes it (docs/decisions/0130-promotions-console.md): React puts it
 * on the page as text, so no markup of it is ever interpreted, and its line
 * breaks are kept.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CloseIcon } from '../ui/action-icons.tsx';
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
        <p className="notice__text">{text}</p>
      </div>
      <button type="button" className="icon-button notice__close" aria-label={t`Dismiss notice`} onClick={() => notice.send({ type: 'notice.dismiss' })}>
        <CloseIcon size={20} />
      </button>
    </section>
  );
}
