/**
 * The receive-invite-bonus dialog (spec 2 Member home), driven by the
 * invite-collect machine the home invokes: the conditions (the server's
 * invite rule), the percentage of invites that succeeded and failed, a
 * warning, and confirm (disabled while a bonus is held, with why); the answer in a toast, green with what reached the
 * wallet or red with the error's text (spec 8); without an answer, a retry
 * that asks again under the same key. A chunk of its own.
 */
import { useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import type { inviteCollectMachine } from '../../../machines/invite-collect/invite-collect.machine.ts';
import type { InviteRule } from '../../../machines/invite-collect/invite-collect.types.ts';
import type { WalletResponse } from '../../contract/api.ts';
import { bcp47, currentLocale } from '../../i18n/locale.ts';
import { loadMessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { OutcomeUnknown } from '../money/money-parts.tsx';
import { memberCurrency } from '../ui/currency.ts';
import { Modal } from '../ui/Modal.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';
import { showErrorToast, showSuccessToast } from '../ui/toast.ts';
import { inviteShares } from './rewards-rules.ts';
import './rewards.css';

type InviteCollectRef = ActorRefFrom<typeof inviteCollectMachine>;

function formatPercent(share: number): string {
  return new Intl.NumberFormat(bcp47(currentLocale()), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

export default function InviteCollectDialog({ machine, wallet }: { machine: InviteCollectRef; wallet: WalletResponse }) {
  const { t } = useLingui();
  const heldId = useId();
  const currency = memberCurrency(wallet.bankAccount?.currency);
  const invite = useSelector(machine, (snapshot) => snapshot.context.invite);
  const rule = useSelector(machine, (snapshot) => snapshot.context.rule);
  const loading = useSelector(machine, (snapshot) => snapshot.hasTag('loading'));
  const checking = useSelector(machine, (snapshot) => snapshot.hasTag('checkingBonus'));
  const bonusHeld = useSelector(machine, (snapshot) => snapshot.hasTag('bonusHeld'));
  const skeleton = useSelector(machine, (snapshot) => snapshot.hasTag('skeleton'));
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const uncertain = useSelector(machine, (snapshot) => snapshot.hasTag('uncertain'));
  const error = useSelector(machine, (snapshot) => snapshot.context.error);

  // spec 2: a success toast, or the error's text in a danger toast. The machine tells as it ends.
  useEffect(() => {
    const collected = machine.on('invite.collected', ({ amount }) => {
      const credited = formatMoney(amount, currency);
      showSuccessToast(t`Invite bonus received: ${credited} is in your wallet.`);
    });
    const refused = machine.on('invite.refused', ({ message }) => void loadMessageText(message).then((text) => showErrorToast(text)));
    return () => {
      collected.unsubscribe();
      refused.unsubscribe();
    };
  }, [machine, currency, t]);

  const amount = formatMoney(invite.amount, currency);
  const shares = inviteShares(invite);
  const succeeded = formatPercent(shares.success);
  const failed = formatPercent(shares.fail);
  const successCount = invite.success;
  const failCount = invite.fail;
  const cancel = () => machine.send({ type: 'collect.cancel' });

  return (
    <Modal open onOpenChange={(open) => !open && cancel()} canClose={() => !busy} title={<Trans>Receive invite bonus</Trans>}>
      {uncertain ? (
        // No answer: perhaps received. A retry sends the same key, so the bonus is never paid twice.
        <OutcomeUnknown
          message={error ?? 'NETWORK_ERROR'}
          onRetry={() => machine.send({ type: 'collect.retry' })}
          onClose={cancel}
        />
      ) : (
        <div className="stack">
          <div className="reward-total">
            <p className="reward-total__label">
              <Trans>Invite bonus to receive</Trans>
            </p>
            <p className="reward-total__amount mono">{amount}</p>
          </div>
          <dl className="reward-facts">
            <div>
              <dt>
                <Trans>Invites that succeeded</Trans>
              </dt>
              <dd>
                {succeeded} ({successCount})
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Invites that failed</Trans>
              </dt>
              <dd>
                {failed} ({failCount})
              </dd>
            </div>
          </dl>
          <Conditions loading={loading} skeleton={skeleton} rule={rule} currency={currency} />
          <p className="reward-note reward-note--warning" role="note">
            <Trans>
              All the bonus your invites have earned goes to your wallet at once. Invites still waiting can be received once they
              succeed; failed invites earn nothing.
            </Trans>
          </p>
          {/* Said before confirm, as the refund modal does: the server refuses a collect while a bonus is held (BONUS_REMAINING). */}
          {bonusHeld && (
            <p id={heldId} className="reward-note reward-note--warning">
              <Trans>You hold a bonus. You can receive the invite bonus once the bonus has ended.</Trans>
            </p>
          )}
          <div className="button-row">
            <button type="button" className="button button--secondary button--grow" disabled={busy} onClick={cancel}>
              <Trans>Cancel</Trans>
            </button>
            <button
              type="button"
              className="button button--primary button--grow"
              disabled={loading || checking || bonusHeld || busy}
              aria-describedby={bonusHeld ? heldId : undefined}
              onClick={() => {
                preloadMessageTexts();
                machine.send({ type: 'collect.confirm' });
              }}
            >
              {busy ? <Trans>Receiving…</Trans> : <Trans>Confirm</Trans>}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function Conditions({
  loading,
  skeleton,
  rule,
  currency,
}: {
  loading: boolean;
  skeleton: boolean;
  rule: InviteRule | null;
  currency: Currency;
}) {
  if (loading) {
    return <div className={`skeleton skeleton--line${skeleton ? '' : ' reward-list--quiet'}`} aria-hidden="true" />;
  }
  // spec 7: a rule that could not be read is left out.
  if (!rule) return null;
  const { percent, turnoverMultiplier, windowDays } = rule;
  const minimum = formatMoney(rule.minimumDeposit, currency);
  return (
    <div className="reward-conditions">
      <p className="reward-conditions__title">
        <Trans>Conditions</Trans>
      </p>
      <p>
        <Trans>
          An invite succeeds when your friend's first deposit is at least {minimum} and their bets reach {turnoverMultiplier}× it
          within {windowDays} days of registering. You receive {percent}% of that first deposit.
        </Trans>
      </p>
    </div>
  );
}
