/**
 * The promotion code (spec 2, spec 5; machines/promotion): the field,
 * upper-cased as typed and required; the search opens the promotion modal
 * (searching, not found, or its fail percentage and description with a
 * receive button); the answer in an alert dialog (spec 8).
 */
import { useEffect, useId, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { promotionActors } from '../../../machines/promotion/promotion.actors.ts';
import { promotionMachine } from '../../../machines/promotion/promotion.machine.ts';
import { useApi } from '../../app/use-app.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { ErrorLine, Form } from '../ui/Form.tsx';
import { Modal } from '../ui/Modal.tsx';
import { SafeHtml } from '../ui/SafeHtml.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';
import { ResultDialog } from './ResultDialog.tsx';

export function PromotionSearch({ currency, onChanged }: { currency: Currency; onChanged: () => void }) {
  const api = useApi();
  const errorId = useId();
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  const machine = useActorRef(promotionMachine.provide({ actors: promotionActors(api) }));
  useEffect(() => {
    const subscription = machine.on('bonus.changed', () => changedRef.current());
    return () => subscription.unsubscribe();
  }, [machine]);

  const code = useSelector(machine, (snapshot) => snapshot.context.code);
  const codeMissing = useSelector(machine, (snapshot) => snapshot.context.codeMissing);
  const promotion = useSelector(machine, (snapshot) => snapshot.context.promotion);
  const amount = useSelector(machine, (snapshot) => snapshot.context.amount);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const modal = useSelector(machine, (snapshot) => snapshot.hasTag('modal'));
  const searching = useSelector(machine, (snapshot) => snapshot.hasTag('searching'));
  const notFound = useSelector(machine, (snapshot) => snapshot.hasTag('notFound'));
  const searchFailed = useSelector(machine, (snapshot) => snapshot.hasTag('searchFailed'));
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const received = useSelector(machine, (snapshot) => snapshot.hasTag('received'));
  const refused = useSelector(machine, (snapshot) => snapshot.hasTag('refused'));
  const credited = formatMoney(amount ?? 0, currency);
  const percentFail = promotion?.percentFail ?? 0;
  const promotionName = promotion?.code ?? '';

  return (
    <section className="card stack" aria-labelledby="promotion-title">
      <h2 id="promotion-title" className="card__title">
        <Trans>Promotion code</Trans>
      </h2>
      <Form
        busy={busy}
        onSubmit={() => {
          preloadMessageTexts();
          machine.send({ type: 'promotion.search' });
        }}
      >
        <div className="promotion-search">
          <Field
            label={<Trans>Enter your promotion code</Trans>}
            name="promotionCode"
            value={code}
            onValueChange={(value) => machine.send({ type: 'code.change', value })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={32}
            className="field__input promotion-search__input"
            errorId={errorId}
            invalid={codeMissing}
          />
          <button type="submit" className="button button--primary promotion-search__button" disabled={busy}>
            <Trans>Search</Trans>
          </button>
        </div>
        <ErrorLine id={errorId}>{codeMissing && <Trans>Enter a promotion code.</Trans>}</ErrorLine>
      </Form>

      <Modal
        open={modal}
        onOpenChange={(open) => {
          if (!open) machine.send({ type: 'promotion.close' });
        }}
        canClose={() => !busy}
        title={promotion ? <Trans>Promotion {promotionName}</Trans> : <Trans>Promotion code</Trans>}
      >
        {searching ? (
          <p role="status" className="muted">
            <Trans>Searching for the promotion…</Trans>
          </p>
        ) : notFound ? (
          <p role="status">
            <Trans>No promotion was found for this code. Check it and try again.</Trans>
          </p>
        ) : searchFailed ? (
          <div className="stack">
            <p role="status">
              <MessageText message={error ?? 'INTERNAL_SERVER_ERROR'} />
            </p>
            <button type="button" className="button button--secondary button--block" onClick={() => machine.send({ type: 'promotion.search' })}>
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : promotion ? (
          <div className="stack">
            <p className="bonus-notice">
              <Trans>
                Cancelling this promotion before its turnover is met gives back the unplayed share of it, at least {percentFail}%.
              </Trans>
            </p>
            <SafeHtml html={promotion.description} className="rich-text bonus-html" />
            <button
              type="button"
              className="button button--primary button--block"
              disabled={busy}
              onClick={() => machine.send({ type: 'promotion.receive' })}
            >
              {busy ? <Trans>Receiving…</Trans> : <Trans>Receive promotion</Trans>}
            </button>
          </div>
        ) : null}
      </Modal>

      <ResultDialog
        open={received || refused}
        success={received}
        title={received ? <Trans>Promotion received</Trans> : <Trans>Promotion not received</Trans>}
        onDismiss={() => machine.send({ type: 'result.dismiss' })}
      >
        {received ? <Trans>{credited} was added to your wallet.</Trans> : <MessageText message={error ?? 'INTERNAL_SERVER_ERROR'} />}
      </ResultDialog>
    </section>
  );
}
