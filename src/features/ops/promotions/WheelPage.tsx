/**
 * The prize wheel (docs/decisions/0100-prize-wheel.md, 0103-coins-from-play.md):
 * its slices with their weights, colours and prizes, and the coin's price;
 * the preview shows what a coin pays on average and what that returns of
 * its price, computed with the server's own rule (contract/rules/wheel.ts)
 * before anything is saved.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsWheelRequest } from '../../../contract/rewards.ts';
import { wheelExpectedValue, wheelReturnPercent } from '../../../contract/rules/wheel.ts';
import { draftAt, type Draft } from '../../../../machines/shared/form-draft.ts';
import { formatMoney } from '../../ui/money.ts';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { DraftCheckbox, DraftHtml, DraftInput, DraftSelect, LANGUAGES, type DraftForm } from './DraftFields.tsx';
import { SettingsFrame, useDraftForm, useSettingsEdit } from './SettingsFrame.tsx';
import type * as v from 'valibot';

/** Where a slice's label or description names its credit (src/server/rewards/slice-text.ts). */
const PRIZE_AMOUNT = '{amount}';

type Wheel = v.InferOutput<typeof OpsWheelRequest>;

const localized = (text: string) => ({ th: text, la: text, en: text });
const NEW_SLICE: Draft = { code: '', label: localized(''), bgColor: '#0f6b5c', textColor: '#ffffff', htmlDescription: localized(''), weight: '1', prize: { type: 'none' } };

function prizeDraft(type: string): Draft {
  if (type === 'credit') return { type, amount: { BAHT: '', LAK: '' }, expiryDays: '7' };
  if (type === 'item') return { type, name: localized(''), expiryDays: '30' };
  return { type: 'none' };
}

export default function WheelPage() {
  const { t } = useLingui();
  const edit = useSettingsEdit('wheel');
  const form = useDraftForm(edit);
  const slices = (draftAt(form.draft, 'wheel.slices') as Draft[] | undefined) ?? [];
  return (
    <SettingsFrame edit={edit} id="promo-wheel" title={<Trans>Prize wheel</Trans>} preview={(wheel: Wheel) => <WheelPreview value={wheel} />}>
      <div className="promo-grid">
        {LANGUAGES.map((language) => (
          <DraftInput key={language.code} form={form} path={`wheel.name.${language.code}`} label={t`Name (${language.name})`} />
        ))}
        <DraftInput form={form} path="coinRule.BAHT" type="number" label={t`Coin price in baht`} hint={t`A coin for each this much of bets; 0: bets earn none.`} />
        <DraftInput form={form} path="coinRule.LAK" type="number" label={t`Coin price in kip`} />
      </div>
      <DraftCheckbox form={form} path="wheel.active" label={t`Members may spin it`} />
      {slices.map((_, index) => (
        <SliceFields key={index} form={form} index={index} onRemove={() => edit.send({ type: 'list.remove', path: 'wheel.slices', index })} />
      ))}
      {slices.length < 16 && (
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => edit.send({ type: 'list.add', path: 'wheel.slices', item: NEW_SLICE })}>
            <Trans>Add a slice</Trans>
          </button>
        </div>
      )}
    </SettingsFrame>
  );
}

function SliceFields({ form, index, onRemove }: { form: DraftForm; index: number; onRemove: () => void }) {
  const { t } = useLingui();
  const at = `wheel.slices.${index}`;
  const prize = draftAt(form.draft, `${at}.prize.type`);
  const number = index + 1;
  return (
    <fieldset className="promo-section">
      <legend>
        <Trans>Slice {number}</Trans>
      </legend>
      <div className="promo-grid">
        <DraftInput form={form} path={`${at}.code`} label={t`Code`} hint={t`Capitals, digits, - or _.`} />
        <DraftInput form={form} path={`${at}.weight`} type="number" inputMode="numeric" label={t`Weight`} hint={t`Relative chance; 0 never lands.`} />
        <DraftInput form={form} path={`${at}.bgColor`} type="color" label={t`Slice colour`} />
        <DraftInput form={form} path={`${at}.textColor`} type="color" label={t`Text colour`} />
        {LANGUAGES.map((language) => (
          <DraftInput
            key={language.code}
            form={form}
            path={`${at}.label.${language.code}`}
            label={t`Label (${language.name})`}
            // The server writes the credit in each member's own currency where the label says {amount}.
            hint={prize === 'credit' ? t`${PRIZE_AMOUNT} shows the credit in the member's currency (฿10 or ₭2,000).` : undefined}
          />
        ))}
        <DraftSelect
          form={form}
          path={`${at}.prize.type`}
          label={t`Prize`}
          onChoose={(type) => form.change(`${at}.prize`, prizeDraft(type))}
          options={[
            { value: 'none', label: t`Nothing` },
            { value: 'credit', label: t`Credit to the wallet` },
            { value: 'item', label: t`An item support hands over` },
          ]}
        />
        {prize === 'credit' && (
          <>
            <DraftInput form={form} path={`${at}.prize.amount.BAHT`} type="number" label={t`Credit in baht`} />
            <DraftInput form={form} path={`${at}.prize.amount.LAK`} type="number" label={t`Credit in kip`} />
          </>
        )}
        {prize === 'item' &&
          LANGUAGES.map((language) => <DraftInput key={language.code} form={form} path={`${at}.prize.name.${language.code}`} label={t`Item (${language.name})`} />)}
        {prize !== 'none' && <DraftInput form={form} path={`${at}.prize.expiryDays`} type="number" inputMode="numeric" label={t`Coupon valid for (days)`} />}
      </div>
      <details>
        <summary>
          <Trans>Description shown with the prize</Trans>
        </summary>
        {LANGUAGES.map((language) => (
          <DraftHtml key={language.code} form={form} path={`${at}.htmlDescription.${language.code}`} label={t`Description (${language.name}), HTML`} rows={2} />
        ))}
      </details>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={onRemove}>
          <Trans>Remove slice {number}</Trans>
        </button>
      </div>
    </fieldset>
  );
}

/** The wheel as drawn (slices by weight), what a coin pays on average and returns of its price, per currency. */
function WheelPreview({ value }: { value: Wheel }) {
  const { t, i18n } = useLingui();
  const { wheel, coinRule } = value;
  const expected = wheelExpectedValue(wheel);
  const total = wheel.slices.reduce((sum, slice) => sum + slice.weight, 0);
  let turned = 0;
  const stops = wheel.slices.map((slice) => {
    const from = (turned / total) * 360;
    turned += slice.weight;
    return `${slice.bgColor} ${from}deg ${(turned / total) * 360}deg`;
  });
  const percent = (share: number | null) =>
    share === null ? t`No coins (price 0)` : `${new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 2 }).format(share)}%`;
  return (
    <div className="stack">
      <div className="promo-toolbar">
        <div className="promo-wheel" role="img" aria-label={t`The slices by their chance`} style={{ background: `conic-gradient(${stops.join(', ')})` }} />
        <dl className="promo-figures">
          <div>
            <dt>{t`A coin pays on average (baht)`}</dt>
            <dd>{formatMoney(expected.BAHT, 'BAHT')}</dd>
          </div>
          <div>
            <dt>{t`Returned of a coin's price (baht)`}</dt>
            <dd>{percent(wheelReturnPercent(expected.BAHT, coinRule.BAHT))}</dd>
          </div>
          <div>
            <dt>{t`A coin pays on average (kip)`}</dt>
            <dd>{formatMoney(expected.LAK, 'LAK')}</dd>
          </div>
          <div>
            <dt>{t`Returned of a coin's price (kip)`}</dt>
            <dd>{percent(wheelReturnPercent(expected.LAK, coinRule.LAK))}</dd>
          </div>
        </dl>
      </div>
      <p className="promo-note" role="status">
        {wheel.active ? <Trans>Members may spin it once it is saved.</Trans> : <Trans>It will be saved switched off: members cannot spin it.</Trans>}{' '}
        <Trans>A wheel returning more than the return ceiling set by an admin is an admin's to switch on.</Trans>
      </p>
      <ul className="stack">
        {wheel.slices.map((slice) => (
          <li key={slice.code}>
            <span className="promo-swatch" style={{ background: slice.bgColor }} aria-hidden="true" /> <strong>{slice.label.en}</strong> ({slice.code}) ·{' '}
            {new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 1 }).format(total > 0 ? slice.weight / total : 0)} ·{' '}
            {slice.prize.type === 'credit'
              ? `${formatMoney(slice.prize.amount.BAHT, 'BAHT')} / ${formatMoney(slice.prize.amount.LAK, 'LAK')}`
              : slice.prize.type === 'item'
                ? slice.prize.name.en
                : t`Nothing`}
            {slice.htmlDescription.en.trim() !== '' && <SafeHtml html={slice.htmlDescription.en} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
