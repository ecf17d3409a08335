/**
 * The console around an area's page: the navigation of the operator's role
 * (a column on a desk, a strip of tabs on a phone), who is signed in, and
 * the idle timeout (machines/ops-idle): 30 minutes without a key, a click
 * or a touch log the operator out, warned two minutes before.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { opsIdleMachine } from '../../../../machines/ops-idle/ops-idle.machine.ts';
import type { OperatorMe } from '../../../contract/ops.ts';
import { Modal } from '../../ui/Modal.tsx';
import { logOutOperator } from '../ops-session.ts';
import type { Area } from './areas.ts';
import { RoleName } from './RoleName.tsx';
import './ops-console.css';

/** Activity is told to the idle machine at most this often (a mouse moving sends hundreds of events). */
const ACTIVITY_EVERY_MS = 5_000;
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

export function ConsoleLayout({ operator, areas, current, children }: { operator: OperatorMe; areas: readonly Area[]; current: string; children: ReactNode }) {
  const { t, i18n } = useLingui();
  const idle = useActorRef(opsIdleMachine.provide({ actions: { timedOut: () => void logOutOperator('idle') } }));
  const warned = useSelector(idle, (snapshot) => snapshot.hasTag('warning'));

  // On a phone the navigation is a strip wider than the screen: the open area's tab is brought into sight.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  useEffect(() => {
    let last = 0;
    const active = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_EVERY_MS) return;
      last = now;
      idle.send({ type: 'activity' });
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, active, { passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, active);
    };
  }, [idle]);

  return (
    <div className="ops-console">
      <nav ref={nav} className="ops-console__nav" aria-label={t`Console`}>
        <ul>
          {areas.map((area) => (
            <li key={area.id}>
              <Link to="/ops/$" params={{ _splat: area.id }} className="ops-console__link" aria-current={area.id === current ? 'page' : undefined}>
                {i18n._(area.label)}
              </Link>
            </li>
          ))}
        </ul>
        <p className="ops-console__who small muted">
          <span>{operator.name}</span> · <RoleName role={operator.role} />
        </p>
      </nav>
      <div className="ops-console__page">{children}</div>
      <Modal
        open={warned}
        onOpenChange={(open) => {
          if (!open) idle.send({ type: 'stay' });
        }}
        title={<Trans>Still there?</Trans>}
        description={<Trans>For safety you will be logged out in two minutes without activity.</Trans>}
      >
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => idle.send({ type: 'stay' })}>
            <Trans>Stay logged in</Trans>
          </button>
          <button type="button" className="button button--secondary" onClick={() => void logOutOperator()}>
            <Trans>Log out</Trans>
          </button>
        </div>
      </Modal>
    </div>
  );
}
