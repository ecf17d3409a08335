/**
 * The active bonus (spec 2): its type, what it credited, its turnover
 * against the target, and Cancel: a confirmation warning what goes back, then
 * the answer in an alert dialog (machines/bonus-cancel).
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { bonusCancelActors } from '../../../machines/bonus-cancel/bonus-cancel.actors.ts';
import { bonusCancelMachine } from '../../../machines/bonus-cancel/bonus-cancel.machine.ts';
import type { ResponseOf } from '../../contract/endpoints.ts';
import { useApi } from '../../app/use-app.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { Modal } from '../ui/Modal.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';
import { ResultDialog } from './ResultDialog.tsx';
import { BonusTypeName } from './bonus-texts.tsx';

type Active = ResponseOf<'bonusCheckActive'>;

export function ActiveBonus({ active, currency, onChanged }: { active: Active; currency: Currency; onChanged: () => void }) {
  const { t } = useLingui();
  const api = useApi();
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  const machine = useActorRef(bonusCancelMachine.provide({ actors: bonusCancelActors(api) }));
  useEffect(() => {
    const subscription = machine.on('bonus.changed', () => changedRef.current());
    return () => subscription.unsubscribe();
  }, [machine]);

  const confirming = useSelector(machine, (snapshot) => snapshot.hasTag('confirming'));
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const cleared = useSelector(machine, (snapshot) => snapshot.hasTag('cleared'));
  const failed = useSelector(machine, (snapshot) => snapshot.hasTag('failed'));
  const returned = useSelector(machine, (snapshot) => snapshot.context.amount);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);

  const turnover = active.turnover ?? 0;
  const target = active.target ?? 0;
  const share = target > 0 ? Math.min(1, turnover / target) : 1;
  const percent = Math.floor(share * 100);
  const played = formatMoney(turnover, currency);
  const goal = formatMoney(target, currency);
  const amount = formatMoney(active.amount ?? 0, currency);
  const percentFail = active.percentFail ?? 0;
  const back = formatMoney(returned ?? 0, currency);

  return (
    <section className="card stack bonus-active" aria-labelledby="active-bonus-title">
      <div className="bonus-active__head">
        <div>
          <p className="muted small">
            <Trans>Your active bonus</Trans>
          </p>
          <h2 id="active-bonus-title" className="bonus-active__name">
            {active.code ?? <BonusTypeName type={active.type} kind={active.kind} />}
          </h2>
          <p className="muted small">
            <BonusTypeName type={active.type} kind={active.kind} />
          </p>
        </div>
        {active.amount !== undefined && <p className="bonus-active__amount mono">{amount}</p>}
      </div>

      <div className="bonus-progress__block">
        <div className="bonus-progress__labels">
          <span id="bonus-turnover-label">
            <Trans>Turnover</Trans>
          </span>
          <span className="mono">
            {played} / {goal}
          </span>
        </div>
        <div
          className="bonus-progress"
          role="progressbar"
          aria-labelledby="bonus-turnover-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t`${played} of ${goal}`}
        >
          <span className="bonus-progress__bar" style={{ width: `${share * 100}%` }} />
        </div>
        {target > 0 && turnover >= target ? (
          <p className="small">
            <Trans>Turnover reached: you may withdraw.</Trans>
          </p>
        ) : (
          <p className="muted small">
            <Trans>Bet {goal} in games before you withdraw.</Trans>
          </p>
        )}
      </div>

      <button
        type="button"
        className="button button--secondary button--block bonus-active__cancel"
        aria-haspopup="dialog"
        onClick={() => {
          preloadMessageTexts();
          machine.send({ type: 'cancel.ask' });
        }}
      >
        <Trans>Cancel bonus</Trans>
      </button>

      <Modal
        open={confirming}
        onOpenChange={(open) => {
          if (!open) machine.send({ type: 'cancel.back' });
        }}
        canClose={() => !busy}
        title={<Trans>Cancel this bonus?</Trans>}
        description={
          <Trans>
            The unplayed share of your {amount} bonus goes back, at least {percentFail}% of it ({played} of {goal} played so
            far). This cannot be undone.
          </Trans>
        }
      >
        <div className="button-row">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => machine.send({ type: 'cancel.back' })}>
            <Trans>Keep bonus</Trans>
          </button>
          <button type="button" className="button bonus-button--danger button--grow" disabled={busy} onClick={() => machine.send({ type: 'cancel.confirm' })}>
            {busy ? <Trans>Cancelling…</Trans> : <Trans>Cancel bonus</Trans>}
          </button>
        </div>
      </Modal>

      <ResultDialog
        open={cleared || failed}
        success={cleared}
        title={cleared ? <Trans>Bonus cancelled</Trans> : <Trans>Bonus not cancelled</Trans>}
        onDismiss={() => machine.send({ type: 'result.dismiss' })}
      >
        {cleared ? (
          <>
            <MessageText message="BONUS_CLEAR" />{' '}
            <Trans>{back} went back from your wallet.</Trans>
          </>
        ) : (
          <MessageText message={error ?? 'INTERNAL_SERVER_ERROR'} />
        )}
      </ResultDialog>
    </section>
  );
}
