/**
 * A new offer or a change of one (machines/bonus-edit): the form, checked
 * with the contract's schema before anything is sent (each refusal beside
 * its field), then what will be written, to confirm. Marketing's active
 * offer above the bounds is saved paused and the summary says it waits for
 * finance (docs/decisions/0120-offer-bounds.md).
 */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { bonusEditActors } from '../../../../machines/bonus-edit/bonus-edit.actors.ts';
import { grantDraftOf, MAX_BANNERS } from '../../../../machines/bonus-edit/bonus-edit.form.ts';
import { bonusEditMachine } from '../../../../machines/bonus-edit/bonus-edit.machine.ts';
import type { OperatorRole } from '../../../contract/api.ts';
import type { BonusDefinition, OpsBonus, OpsOfferBounds } from '../../../contract/bonus.ts';
import { MessageText, preloadMessageTexts } from '../../errors/message-text.tsx';
import { formatDateTime } from '../../ui/date-time.ts';
import { Form } from '../../ui/Form.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { formatMoney } from '../../ui/money.ts';
import { opsApi } from '../ops-session.ts';
import { DraftHtml, DraftInput, DraftSelect, FormError, LANGUAGES, type DraftForm } from './DraftFields.tsx';
import { GrantText, TimesText } from './offer-texts.tsx';

interface BonusFormProps {
  bonus: OpsBonus | null;
  bounds: OpsOfferBounds;
  role: OperatorRole;
  onClose: () => void;
  onSaved: (bonus: OpsBonus) => void;
}

export function BonusForm({ bonus, bounds, role, onClose, onSaved }: BonusFormProps) {
  const { t } = useLingui();
  const edit = useActorRef(bonusEditMachine.provide({ actors: bonusEditActors(opsApi) }), { input: { bonus, bounds, role } });
  const draft = useSelector(edit, (snapshot) => snapshot.context.draft);
  const errors = useSelector(edit, (snapshot) => snapshot.context.errors);
  const checked = useSelector(edit, (snapshot) => snapshot.context.checked);
  const waits = useSelector(edit, (snapshot) => snapshot.context.waitsForFinance);
  const failure = useSelector(edit, (snapshot) => snapshot.context.failure);
  const editing = useSelector(edit, (snapshot) => snapshot.hasTag('editing'));
  const saving = useSelector(edit, (snapshot) => snapshot.hasTag('saving'));
  const refused = useSelector(edit, (snapshot) => snapshot.hasTag('refused'));
  const saved = useSelector(edit, (snapshot) => snapshot.output);

  useEffect(() => {
    if (saved) onSaved(saved.bonus);
  }, [saved, onSaved]);

  const form: DraftForm = { draft, errors, change: (path, value) => edit.send({ type: 'field.change', path, value }) };
  const changing = bonus !== null;
  const grantKind = (draft.grant as { kind: string }).kind;
  const banners = draft.banners as unknown[];

  return (
    <Modal
      open
      size="wide"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      canClose={() => !saving}
      title={changing ? <Trans>Change {bonus.code}</Trans> : <Trans>New offer</Trans>}
    >
      {editing ? (
        <Form
          onSubmit={() => {
            preloadMessageTexts();
            edit.send({ type: 'bonus.check' });
          }}
        >
          <fieldset className="promo-section">
            <legend>
              <Trans>Offer</Trans>
            </legend>
            <div className="promo-grid">
              <DraftInput form={form} path="code" label={t`Code`} readOnly={changing} hint={t`2 to 32 letters, digits, - or _; saved in capitals.`} />
              <DraftSelect
                form={form}
                path="kind"
                label={t`Kind`}
                readOnly={changing}
                options={[
                  { value: 'bonus', label: t`Bonus (listed for every member)` },
                  { value: 'promotion', label: t`Promotion code (found by its code)` },
                ]}
              />
              <DraftSelect
                form={form}
                path="currency"
                label={t`Currency`}
                readOnly={changing}
                options={[
                  { value: 'BAHT', label: t`Baht` },
                  { value: 'LAK', label: t`Kip` },
                ]}
              />
              <DraftSelect
                form={form}
                path="type"
                label={t`Counted`}
                options={[
                  { value: 'limit', label: t`In all` },
                  { value: 'day', label: t`Per day` },
                  { value: 'week', label: t`Per week` },
                ]}
              />
              <DraftInput form={form} path="maxReceived" type="number" inputMode="numeric" label={t`Times a member may take it`} />
              <DraftSelect
                form={form}
                path="status"
                label={t`Status`}
                options={[
                  { value: 'active', label: t`Active` },
                  { value: 'paused', label: t`Paused` },
                ]}
              />
            </div>
          </fieldset>

          <fieldset className="promo-section">
            <legend>
              <Trans>Grant</Trans>
            </legend>
            <div className="promo-grid">
              <DraftSelect
                form={form}
                path="grant.kind"
                label={t`Grant kind`}
                onChoose={(kind) => form.change('grant', grantDraftOf(kind === 'percent' ? 'percent' : 'fixed'))}
                options={[
                  { value: 'fixed', label: t`A fixed amount` },
                  { value: 'percent', label: t`A percent of the deposit` },
                ]}
              />
              {grantKind === 'fixed' ? (
                <DraftInput form={form} path="grant.amount" type="number" label={t`Amount`} />
              ) : (
                <>
                  <DraftInput form={form} path="grant.percent" type="number" inputMode="numeric" label={t`Percent`} />
                  <DraftInput form={form} path="grant.cap" type="number" label={t`Up to`} />
                  <DraftInput form={form} path="grant.minDeposit" type="number" label={t`Smallest deposit`} />
                </>
              )}
            </div>
          </fieldset>

          <fieldset className="promo-section">
            <legend>
              <Trans>Rules</Trans>
            </legend>
            <div className="promo-grid">
              <DraftInput form={form} path="turnoverMultiplier" type="number" inputMode="numeric" label={t`Turnover multiplier`} hint={t`Bets before a withdrawal: this many times deposit and bonus.`} />
              <DraftInput form={form} path="percentFail" type="number" inputMode="numeric" label={t`Forfeit on cancelling (%)`} />
              <DraftInput form={form} path="endThreshold" type="number" label={t`Ends below`} hint={t`The bonus ends when wallet and games hold less.`} />
              <DraftInput form={form} path="withdrawCap" type="number" label={t`Most a member may withdraw`} hint={t`Empty: no cap.`} />
              <DraftInput form={form} path="quota" type="number" inputMode="numeric" label={t`Receipts by all members`} hint={t`Empty: no quota.`} />
              <DraftInput form={form} path="startsAt" type="datetime-local" label={t`Starts`} hint={t`Empty: now.`} />
              <DraftInput form={form} path="endsAt" type="datetime-local" label={t`Ends`} hint={t`Empty: never.`} />
            </div>
          </fieldset>

          <fieldset className="promo-section">
            <legend>
              <Trans>Description</Trans>
            </legend>
            {LANGUAGES.map((language) => (
              <DraftHtml key={language.code} form={form} path={`description.${language.code}`} label={t`Description (${language.name}), HTML`} rows={3} />
            ))}
          </fieldset>

          <fieldset className="promo-section">
            <legend>
              <Trans>Banners</Trans>
            </legend>
            {banners.map((_, index) => (
              <fieldset key={index} className="promo-section">
                <legend>
                  <Trans>Banner {index + 1}</Trans>
                </legend>
                <DraftInput form={form} path={`banners.${index}.image`} label={t`Image address`} hint={t`An https:// address or a path of this site.`} />
                {LANGUAGES.map((language) => (
                  <DraftHtml key={language.code} form={form} path={`banners.${index}.html.${language.code}`} label={t`Banner text (${language.name}), HTML`} rows={2} />
                ))}
                <div className="button-row">
                  <button type="button" className="button button--secondary" onClick={() => edit.send({ type: 'banner.remove', index })}>
                    <Trans>Remove banner {index + 1}</Trans>
                  </button>
                </div>
              </fieldset>
            ))}
            {banners.length < MAX_BANNERS && (
              <div className="button-row">
                <button type="button" className="button button--secondary" onClick={() => edit.send({ type: 'banner.add' })}>
                  <Trans>Add a banner</Trans>
                </button>
              </div>
            )}
          </fieldset>

          <FormError errors={errors} />
          {Object.keys(errors).length > 0 && (
            <p className="form-error" role="alert">
              <Trans>Some values need a look: see the fields marked.</Trans>
            </p>
          )}
          {failure && (
            <p className="form-error" role="alert">
              <MessageText message={failure} />
            </p>
          )}
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="button button--primary">
              <Trans>Check</Trans>
            </button>
          </div>
        </Form>
      ) : (
        checked && (
          <div className="stack">
            <Summary offer={checked} />
            {waits ? (
              <p className="promo-note promo-note--warning" role="status">
                <Trans>Above the bounds: it will be saved paused and wait for finance or an admin to make it active.</Trans>
              </p>
            ) : (
              <p className="promo-note" role="status">
                {checked.status === 'active' ? <Trans>Members may take it as soon as it is saved.</Trans> : <Trans>It will be saved paused: members will not see it.</Trans>}
              </p>
            )}
            {refused && failure && (
              <p className="form-error" role="alert">
                <MessageText message={failure} />
              </p>
            )}
            <div className="button-row">
              <button type="button" className="button button--secondary" disabled={saving} onClick={() => edit.send({ type: 'bonus.edit' })}>
                <Trans>Back to the form</Trans>
              </button>
              <button type="button" className="button button--primary" disabled={saving} onClick={() => edit.send({ type: 'bonus.save' })}>
                {refused ? <Trans>Try again</Trans> : <Trans>Save</Trans>}
              </button>
            </div>
          </div>
        )
      )}
    </Modal>
  );
}

/** What will be written, in the operator's words. */
function Summary({ offer }: { offer: BonusDefinition }) {
  const { t } = useLingui();
  return (
    <dl className="promo-summary">
      <dt>{t`Code`}</dt>
      <dd>
        <strong>{offer.code.trim().toUpperCase()}</strong> · {offer.kind === 'promotion' ? t`Promotion code` : t`Bonus`}
      </dd>
      <dt>{t`Grant`}</dt>
      <dd>
        <GrantText offer={offer} />
      </dd>
      <dt>{t`Per member`}</dt>
      <dd>
        <TimesText offer={offer} />
      </dd>
      <dt>{t`Turnover multiplier`}</dt>
      <dd>×{offer.turnoverMultiplier}</dd>
      <dt>{t`Most a member may withdraw`}</dt>
      <dd>{offer.withdrawCap === null ? t`No cap` : formatMoney(offer.withdrawCap, offer.currency)}</dd>
      <dt>{t`Receipts by all members`}</dt>
      <dd>{offer.quota === null ? t`No quota` : offer.quota}</dd>
      <dt>{t`Offered`}</dt>
      <dd>
        {offer.startsAt ? formatDateTime(offer.startsAt) : t`Now`} – {offer.endsAt ? formatDateTime(offer.endsAt) : t`No end`}
      </dd>
      <dt>{t`Status`}</dt>
      <dd>{offer.status === 'active' ? t`Active` : t`Paused`}</dd>
    </dl>
  );
}
