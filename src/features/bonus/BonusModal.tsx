/**
 * The bonus modal (spec 2; machines/bonus-activation): a carousel of the
 * bonus's banners (each image and its HTML, sanitised), the notice with the
 * server's numbers (fail percentage, turnover multiplier, end threshold), and
 * confirm when the bonus is already the active one, receive otherwise; the
 * answer in an alert dialog (spec 8). A chunk of its own, loaded with the
 * first opening (keen-slider comes with its carousel).
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { bonusActivationActors } from '../../../machines/bonus-activation/bonus-activation.actors.ts';
import { bonusActivationMachine } from '../../../machines/bonus-activation/bonus-activation.machine.ts';
import type { BonusItem } from '../../contract/bonus.ts';
import { useApi } from '../../app/use-app.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { Modal } from '../ui/Modal.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';
import { BannerCarousel } from './BannerCarousel.tsx';
import { ResultDialog } from './ResultDialog.tsx';
import { BonusTypeName } from './bonus-texts.tsx';

interface Props {
  bonus: BonusItem;
  currency: Currency;
  onChanged: () => void;
  onClose: () => void;
}

export default function BonusModal({ bonus, currency, onChanged, onClose }: Props) {
  const api = useApi();
  const callbacks = useRef({ onChanged, onClose });
  callbacks.current = { onChanged, onClose };
  const machine = useActorRef(bonusActivationMachine.provide({ actors: bonusActivationActors(api) }), {
    input: { code: bonus.code, active: bonus.userBonus?.isActive === true },
  });
  useEffect(() => {
    const changes = machine.on('bonus.changed', () => callbacks.current.onChanged());
    const end = machine.subscribe((snapshot) => {
      if (snapshot.status === 'done') callbacks.current.onClose();
    });
    return () => {
      changes.unsubscribe();
      end.unsubscribe();
    };
  }, [machine]);

  const active = useSelector(machine, (snapshot) => snapshot.context.active);
  const viewing = useSelector(machine, (snapshot) => snapshot.hasTag('viewing'));
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const received = useSelector(machine, (snapshot) => snapshot.hasTag('received'));
  const refused = useSelector(machine, (snapshot) => snapshot.hasTag('refused'));
  const amount = useSelector(machine, (snapshot) => snapshot.context.amount);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const credited = formatMoney(amount ?? 0, currency);
  const threshold = formatMoney(bonus.endThreshold, currency);
  const { percentFail, turnoverMultiplier } = bonus;

  return (
    <>
      <Modal
        open={viewing}
        onOpenChange={(open) => {
          if (!open) machine.send({ type: 'bonus.close' });
        }}
        canClose={() => !busy}
        size="wide"
        title={bonus.code}
        description={<BonusTypeName type={bonus.type} />}
      >
        <div className="stack">
          {bonus.banners.length > 0 && <BannerCarousel banners={bonus.banners} />}
          <p className="bonus-notice">
            <Trans>
              Bet {turnoverMultiplier} times your deposit and the bonus before you withdraw. The bonus ends by itself when your
              wallet and games hold less than {threshold}. Cancelling before the turnover is met gives back the unplayed share of
              the bonus, at least {percentFail}%.
            </Trans>
          </p>
          {active ? (
            <button type="button" className="button button--primary button--block" onClick={() => machine.send({ type: 'bonus.confirm' })}>
              <Trans>OK, this is my bonus</Trans>
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary button--block"
              disabled={busy}
              onClick={() => {
                preloadMessageTexts();
                machine.send({ type: 'bonus.receive' });
              }}
            >
              {busy ? <Trans>Receiving…</Trans> : <Trans>Receive bonus</Trans>}
            </button>
          )}
        </div>
      </Modal>

      <ResultDialog
        open={received || refused}
        success={received}
        title={received ? <Trans>Bonus received</Trans> : <Trans>Bonus not received</Trans>}
        onDismiss={() => machine.send({ type: 'result.dismiss' })}
      >
        {received ? <Trans>{credited} was added to your wallet.</Trans> : <MessageText message={error ?? 'INTERNAL_SERVER_ERROR'} />}
      </ResultDialog>
    </>
  );
}
