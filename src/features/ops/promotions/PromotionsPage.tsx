/**
 * The console's promotions (docs/decisions/0130-promotions-console.md):
 * offers first, then the prize wheel, the invite and refund settings with
 * their banners, and the texts members agree to. Marketing writes them (an
 * admin too); finance opens the offers only, to make active those that wait
 * above the bounds. Each part is its own address: /ops/promotions/wheel.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Link } from '@tanstack/react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OperatorRole } from '../../../contract/api.ts';
import type { AreaPageProps } from '../console/area-page.ts';
import { BonusesPage } from './BonusesPage.tsx';
import './promotions.css';

interface Part {
  id: string;
  label: MessageDescriptor;
  /** Roles besides admin. */
  roles: readonly OperatorRole[];
  page: ComponentType<AreaPageProps>;
}

const PARTS: readonly Part[] = [
  { id: 'bonuses', label: msg`Offers`, roles: ['marketing', 'finance'], page: BonusesPage },
  { id: 'wheel', label: msg`Prize wheel`, roles: ['marketing'], page: lazy(() => import('./WheelPage.tsx')) },
  { id: 'settings', label: msg`Invite and refund`, roles: ['marketing'], page: lazy(() => import('./SettingsPage.tsx')) },
  { id: 'texts', label: msg`Texts`, roles: ['marketing'], page: lazy(() => import('./TextsPage.tsx')) },
];

export default function PromotionsPage({ operator, path }: AreaPageProps) {
  const { t, i18n } = useLingui();
  const mine = PARTS.filter((part) => operator.role === 'admin' || part.roles.includes(operator.role));
  const asked = path[0] ?? 'bonuses';
  const part = mine.find((candidate) => candidate.id === asked);
  const Page = part?.page;
  return (
    <div className="ops-page">
      <div className="ops-page__head">
        <h1>
          <Trans>Promotions</Trans>
        </h1>
      </div>
      {mine.length > 1 && (
        <nav className="promo-tabs" aria-label={t`Promotions`}>
          {mine.map((candidate) => (
            <Link
              key={candidate.id}
              to="/ops/$"
              params={{ _splat: `promotions/${candidate.id}` }}
              className="promo-tabs__link"
              aria-current={candidate.id === part?.id ? 'page' : undefined}
            >
              {i18n._(candidate.label)}
            </Link>
          ))}
        </nav>
      )}
      {Page ? (
        <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
          <Page operator={operator} path={path.slice(1)} />
        </Suspense>
      ) : (
        <p role="alert">
          <Trans>This part of the promotions is not open to your role.</Trans>
        </p>
      )}
    </div>
  );
}
