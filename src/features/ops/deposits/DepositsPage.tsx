/**
 * The deposits area of the console (finance; docs/decisions/0126-deposits-console.md):
 * the slip queue (/ops/deposits, a slip open at /ops/deposits/slips/<id>),
 * QR payments no QR could be matched to (/ops/deposits/payments), and a
 * manual deposit of a bank transfer (/ops/deposits/manual).
 */
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ManualDeposit } from './ManualDeposit.tsx';
import { PaymentQueue } from './PaymentQueue.tsx';
import { SlipQueue } from './SlipQueue.tsx';
import './deposits.css';
import type { AreaPageProps } from '../console/area-page.ts';

type Section = 'slips' | 'payments' | 'manual';

function sectionOf(path: readonly string[]): Section {
  return path[0] === 'payments' || path[0] === 'manual' ? path[0] : 'slips';
}

export default function DepositsPage({ path }: AreaPageProps) {
  const { t } = useLingui();
  const section = sectionOf(path);
  const tabs: { id: Section; splat: string; label: string }[] = [
    { id: 'slips', splat: 'deposits', label: t`Slips` },
    { id: 'payments', splat: 'deposits/payments', label: t`QR payments` },
    { id: 'manual', splat: 'deposits/manual', label: t`Manual deposit` },
  ];
  return (
    <div className="ops-page deposits">
      <div className="ops-page__head">
        <h1>
          <Trans>Deposits</Trans>
        </h1>
        <nav aria-label={t`Deposits`} className="deposits__tabs">
          {tabs.map((tab) => (
            <Link key={tab.id} to="/ops/$" params={{ _splat: tab.splat }} className="deposits__tab" aria-current={tab.id === section ? 'page' : undefined}>
              {tab.label}
            </Link>
          ))}
        </nav>
      </div>
      {section === 'slips' && <SlipQueue openId={path[0] === 'slips' ? (path[1] ?? null) : null} />}
      {section === 'payments' && <PaymentQueue />}
      {section === 'manual' && <ManualDeposit />}
    </div>
  );
}
