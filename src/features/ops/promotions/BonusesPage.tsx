/**
 * The offers (bonuses and promotion codes): the list with each status in a
 * word, a new offer or a change in the form (BonusForm.tsx), pausing and
 * making active after a confirmation (machines/bonus-list). An offer above
 * the bounds that marketing wrote waits for finance, who makes it active here.
 */
import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { bonusListActors } from '../../../../machines/bonus-list/bonus-list.actors.ts';
import { bonusListMachine } from '../../../../machines/bonus-list/bonus-list.machine.ts';
import { offerAboveBounds } from '../../../../machines/bonus-edit/bonus-edit.form.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import type { OpsBonus } from '../../../contract/bonus.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { ConfirmDialog } from '../console/ConfirmDialog.tsx';
import { OpsTable, type Column } from '../console/OpsTable.tsx';
import { opsApi } from '../ops-session.ts';
import { BonusForm } from './BonusForm.tsx';
import { GrantText, OfferStatus, TimesText } from './offer-texts.tsx';
import { mayCall, type AreaPageProps } from '../console/area-page.ts';

export function BonusesPage({ operator }: AreaPageProps) {
  const { t } = useLingui();
  const list = useActorRef(bonusListMachine.provide({ actors: bonusListActors(opsApi) }));
  const bonuses = useSelector(list, (snapshot) => snapshot.context.bonuses);
  const bounds = useSelector(list, (snapshot) => snapshot.context.bounds);
  const failure = useSelector(list, (snapshot) => snapshot.context.failure);
  const pending = useSelector(list, (snapshot) => snapshot.context.pending);
  const loading = useSelector(list, (snapshot) => snapshot.hasTag('loading'));
  const failed = useSelector(list, (snapshot) => snapshot.hasTag('failed'));
  const confirming = useSelector(list, (snapshot) => snapshot.hasTag('confirming'));
  const changing = useSelector(list, (snapshot) => snapshot.hasTag('changing'));
  // The form open: a new offer (null) or the one changed; closed: undefined. A key per opening starts a fresh machine.
  const [editing, setEditing] = useState<{ bonus: OpsBonus | null; key: number } | undefined>();
  const writes = mayCall(operator, endpoints.opsBonusCreate);
  const mayActivate = (bonus: OpsBonus) => operator.role !== 'marketing' || (bounds !== null && !offerAboveBounds(bonus, bounds));
  const pendingOffer = bonuses.find((bonus) => bonus.code === pending?.code);

  const columns: Column<OpsBonus>[] = [
    { id: 'code', header: t`Code`, cell: (bonus) => <strong className="promo-code">{bonus.code}</strong> },
    { id: 'kind', header: t`Kind`, cell: (bonus) => (bonus.kind === 'promotion' ? t`Promotion code` : t`Bonus`) },
    { id: 'grant', header: t`Grant`, cell: (bonus) => <GrantText offer={bonus} />, numeric: true },
    { id: 'times', header: t`Per member`, cell: (bonus) => <TimesText offer={bonus} /> },
    { id: 'received', header: t`Received`, cell: (bonus) => bonus.received, numeric: true },
    { id: 'status', header: t`Status`, cell: (bonus) => <OfferStatus offer={bonus} bounds={bounds} /> },
    {
      id: 'actions',
      header: t`Actions`,
      cell: (bonus) => (
        <div className="promo-actions">
          {writes && (
            <button type="button" className="button button--secondary" disabled={changing} onClick={() => setEditing({ bonus, key: Date.now() })}>
              <Trans>Edit</Trans>
              <span className="visually-hidden"> {bonus.code}</span>
            </button>
          )}
          {bonus.status === 'active' && writes && (
            <button type="button" className="button button--secondary" disabled={changing} onClick={() => list.send({ type: 'status.change', code: bonus.code, status: 'paused' })}>
              <Trans>Pause</Trans>
              <span className="visually-hidden"> {bonus.code}</span>
            </button>
          )}
          {bonus.status === 'paused' && mayActivate(bonus) && (
            <button type="button" className="button button--primary" disabled={changing} onClick={() => list.send({ type: 'status.change', code: bonus.code, status: 'active' })}>
              <Trans>Make active</Trans>
              <span className="visually-hidden"> {bonus.code}</span>
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="stack" aria-labelledby="promo-offers">
      <div className="promo-toolbar">
        <h2 id="promo-offers">
          <Trans>Offers</Trans>
        </h2>
        {writes && bounds && (
          <button type="button" className="button button--primary" onClick={() => setEditing({ bonus: null, key: Date.now() })}>
            <Trans>New offer</Trans>
          </button>
        )}
      </div>
      {bounds && (
        <p className="small muted">
          <Trans>
            Marketing alone may make an offer active up to {bounds.ceiling.BAHT.toLocaleString()} baht ({bounds.ceiling.LAK.toLocaleString()} kip) to one member in a period,
            played through at least {bounds.minTurnoverMultiplier ?? '∞'} times. Above that it waits for finance.
          </Trans>
        </p>
      )}
      {failure && (
        <p className="form-error" role="alert">
          <MessageText message={failure} />
        </p>
      )}
      {failed ? (
        <button type="button" className="button button--secondary" onClick={() => list.send({ type: 'list.reload' })}>
          <Trans>Try again</Trans>
        </button>
      ) : (
        <OpsTable caption={t`Offers`} columns={columns} rows={bonuses} rowKey={(bonus) => bonus.code} busy={loading} empty={<Trans>No offers yet.</Trans>} />
      )}

      <ConfirmDialog
        open={confirming || (changing && pending !== null)}
        busy={changing}
        title={pending?.status === 'active' ? <Trans>Make {pending.code} active?</Trans> : <Trans>Pause {pending?.code}?</Trans>}
        description={
          pending?.status === 'active' ? (
            pendingOffer && (
              <Trans>
                Members may take it from now on: <GrantText offer={pendingOffer} />, <TimesText offer={pendingOffer} />.
              </Trans>
            )
          ) : (
            <Trans>Members will no longer see or take it. Those who hold it keep it.</Trans>
          )
        }
        confirm={pending?.status === 'active' ? <Trans>Make active</Trans> : <Trans>Pause</Trans>}
        onConfirm={() => list.send({ type: 'status.confirm' })}
        onCancel={() => list.send({ type: 'status.cancel' })}
      />

      {editing && bounds && (
        <BonusForm
          key={editing.key}
          bonus={editing.bonus}
          bounds={bounds}
          role={operator.role}
          onClose={() => setEditing(undefined)}
          onSaved={(bonus) => {
            list.send({ type: 'bonus.saved', bonus });
            setEditing(undefined);
          }}
        />
      )}
    </section>
  );
}
