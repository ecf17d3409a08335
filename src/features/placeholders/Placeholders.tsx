/** Bonus arrives in a later issue; this card holds its place. */
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { GiftIcon } from '../ui/member-icons.tsx';

function PlaceholderCard({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <section className="card card--center stack">
      <span className="placeholder-icon">{icon}</span>
      <h1>{title}</h1>
      <p className="muted">{children}</p>
    </section>
  );
}

export function BonusPlaceholder() {
  const { t } = useLingui();
  useDocumentTitle(t`Bonus`);
  return (
    <PlaceholderCard icon={<GiftIcon size={40} />} title={<Trans>Bonus</Trans>}>
      <Trans>Bonuses and promotion codes are coming soon. We will show them here.</Trans>
    </PlaceholderCard>
  );
}
