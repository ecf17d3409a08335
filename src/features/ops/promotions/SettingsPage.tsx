/**
 * The invite and refund rules (docs/decisions/0098-invite-bonus.md,
 * 0099-loss-refund.md) and the banners shown before their modals, each read
 * from what is live, checked with the contract's schema, previewed and saved.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type * as v from 'valibot';
import type { InviteSettings, OpsBannersRequest, RefundSettings } from '../../../contract/rewards.ts';
import { draftAt, type Draft } from '../../../../machines/shared/form-draft.ts';
import type { SettingsTarget } from '../../../../machines/settings-edit/settings-edit.actors.ts';
import { formatMoney } from '../../ui/money.ts';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { DraftCheckbox, DraftHtml, DraftInput, DraftSelect, LANGUAGES } from './DraftFields.tsx';
import { SettingsFrame, useDraftForm, useSettingsEdit } from './SettingsFrame.tsx';

export default function SettingsPage() {
  return (
    <>
      <InviteForm />
      <RefundForm />
      <BannersForm target="inviteBanners" />
      <BannersForm target="refundBanners" />
    </>
  );
}

function InviteForm() {
  const { t } = useLingui();
  const edit = useSettingsEdit('invite');
  const form = useDraftForm(edit);
  return (
    <SettingsFrame
      edit={edit}
      id="promo-invite"
      title={<Trans>Invite bonus</Trans>}
      preview={(invite: InviteSettings) => (
        <p className="promo-note" role="status">
          {invite.active ? (
            <Trans>
              An inviter earns {invite.percent}% of a friend's first deposit of at least {formatMoney(invite.minimumDeposit, 'BAHT')}, once the friend has played {invite.turnoverMultiplier} times
              that deposit within {invite.windowDays} days.
            </Trans>
          ) : (
            <Trans>The invite bonus will be off: nobody earns from invites.</Trans>
          )}
        </p>
      )}
    >
      <DraftCheckbox form={form} path="active" label={t`Invites earn a bonus`} />
      <div className="promo-grid">
        <DraftInput form={form} path="percent" type="number" inputMode="numeric" label={t`Percent of the first deposit`} />
        <DraftInput form={form} path="minimumDeposit" type="number" label={t`Smallest first deposit`} />
        <DraftInput form={form} path="turnoverMultiplier" type="number" inputMode="numeric" label={t`Times the deposit to play`} />
        <DraftInput form={form} path="windowDays" type="number" inputMode="numeric" label={t`Within days of registering`} />
      </div>
    </SettingsFrame>
  );
}

function RefundForm() {
  const { t } = useLingui();
  const edit = useSettingsEdit('refund');
  const form = useDraftForm(edit);
  return (
    <SettingsFrame
      edit={edit}
      id="promo-refund"
      title={<Trans>Loss refund</Trans>}
      preview={(refund: RefundSettings) => (
        <div className="stack">
          <p className="promo-note" role="status">
            {refund.active ? (
              refund.period === 'day' ? (
                <Trans>
                  Members get back {refund.percent}% of each day's net loss, to receive once above {formatMoney(refund.minimum, 'BAHT')}.
                </Trans>
              ) : (
                <Trans>
                  Members get back {refund.percent}% of each week's net loss, to receive once above {formatMoney(refund.minimum, 'BAHT')}.
                </Trans>
              )
            ) : (
              <Trans>The refund will be off.</Trans>
            )}
          </p>
          <SafeHtml html={refund.info.en} />
        </div>
      )}
    >
      <DraftCheckbox form={form} path="active" label={t`Losses are refunded`} />
      <div className="promo-grid">
        <DraftInput form={form} path="percent" type="number" inputMode="numeric" label={t`Percent of the net loss`} />
        <DraftSelect
          form={form}
          path="period"
          label={t`Counted per`}
          options={[
            { value: 'day', label: t`Day` },
            { value: 'week', label: t`Week` },
          ]}
        />
        <DraftInput form={form} path="minimum" type="number" label={t`Received once above`} />
      </div>
      {LANGUAGES.map((language) => (
        <DraftHtml key={language.code} form={form} path={`info.${language.code}`} label={t`Conditions (${language.name}), HTML`} rows={3} />
      ))}
    </SettingsFrame>
  );
}

const NEW_BANNER: Draft = { image: '', html: { th: '', la: '', en: '' } };

function BannersForm({ target }: { target: Extract<SettingsTarget, 'inviteBanners' | 'refundBanners'> }) {
  const { t } = useLingui();
  const edit = useSettingsEdit(target);
  const form = useDraftForm(edit);
  const banners = (draftAt(form.draft, 'banners') as unknown[] | undefined) ?? [];
  return (
    <SettingsFrame
      edit={edit}
      id={`promo-${target}`}
      title={target === 'inviteBanners' ? <Trans>Invite banners</Trans> : <Trans>Refund banners</Trans>}
      preview={({ banners: shown }: v.InferOutput<typeof OpsBannersRequest>) =>
        shown.length === 0 ? (
          <p className="promo-note" role="status">
            <Trans>No banners: the modal opens without a carousel.</Trans>
          </p>
        ) : (
          <ul className="stack">
            {shown.map((banner, index) => (
              <li key={index} className="promo-html__preview">
                {banner.image && <img src={banner.image} alt="" width={300} height={211} style={{ maxWidth: '100%', height: 'auto' }} />}
                <SafeHtml html={banner.html.en} />
              </li>
            ))}
          </ul>
        )
      }
    >
      {banners.map((_, index) => {
        const number = index + 1;
        return (
          <fieldset key={index} className="promo-section">
            <legend>
              <Trans>Banner {number}</Trans>
            </legend>
            <DraftInput form={form} path={`banners.${index}.image`} label={t`Image address`} hint={t`An https:// address or a path of this site.`} />
            {LANGUAGES.map((language) => (
              <DraftHtml key={language.code} form={form} path={`banners.${index}.html.${language.code}`} label={t`Banner text (${language.name}), HTML`} rows={2} />
            ))}
            <div className="button-row">
              <button type="button" className="button button--secondary" onClick={() => edit.send({ type: 'list.remove', path: 'banners', index })}>
                <Trans>Remove banner {number}</Trans>
              </button>
            </div>
          </fieldset>
        );
      })}
      {banners.length < 10 && (
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => edit.send({ type: 'list.add', path: 'banners', item: NEW_BANNER })}>
            <Trans>Add a banner</Trans>
          </button>
        </div>
      )}
    </SettingsFrame>
  );
}
