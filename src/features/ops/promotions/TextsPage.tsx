/**
 * The texts members agree to and read before playing: the agreements and
 * the conditions, a list of HTML items per language, each item previewed
 * as members will see it (SafeHtml) and the whole previewed before saving;
 * the notice, HTML previewed the same way (the home shows it through
 * SafeHtml); the contact page, plain text members read as text.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type * as v from 'valibot';
import type { OpsContact, OpsNotice, OpsTextsRequest } from '../../../contract/bonus.ts';
import { draftAt } from '../../../../machines/shared/form-draft.ts';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { DraftHtml, DraftInput, LANGUAGES } from './DraftFields.tsx';
import { SettingsFrame, useDraftForm, useSettingsEdit } from './SettingsFrame.tsx';

type Texts = v.InferOutput<typeof OpsTextsRequest>;

export default function TextsPage() {
  return (
    <>
      <TextsForm target="agreements" />
      <TextsForm target="conditions" />
      <NoticeForm />
      <ContactForm />
    </>
  );
}

function TextsForm({ target }: { target: 'agreements' | 'conditions' }) {
  const { t } = useLingui();
  const edit = useSettingsEdit(target);
  const form = useDraftForm(edit);
  return (
    <SettingsFrame
      edit={edit}
      id={`promo-${target}`}
      title={target === 'agreements' ? <Trans>Agreements</Trans> : <Trans>Conditions</Trans>}
      preview={({ texts }: Texts) => (
        <div className="stack">
          {LANGUAGES.map((language) => (
            <section key={language.code} className="promo-html__preview" lang={language.code === 'la' ? 'lo' : language.code}>
              <h3>{language.name}</h3>
              <ol>
                {texts[language.code].map((item, index) => (
                  <li key={index}>
                    <SafeHtml html={item} />
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    >
      {LANGUAGES.map((language) => {
        const items = (draftAt(form.draft, `texts.${language.code}`) as unknown[] | undefined) ?? [];
        return (
          <fieldset key={language.code} className="promo-section">
            <legend>{language.name}</legend>
            {items.map((_, index) => {
              const number = index + 1;
              return (
                <div key={index} className="stack">
                  <DraftHtml form={form} path={`texts.${language.code}.${index}`} label={t`Item ${number} (${language.name}), HTML`} rows={3} />
                  <div className="button-row">
                    <button type="button" className="button button--secondary" onClick={() => edit.send({ type: 'list.remove', path: `texts.${language.code}`, index })}>
                      <Trans>
                        Remove item {number} ({language.name})
                      </Trans>
                    </button>
                  </div>
                </div>
              );
            })}
            <div className="button-row">
              <button type="button" className="button button--secondary" onClick={() => edit.send({ type: 'list.add', path: `texts.${language.code}`, item: '' })}>
                <Trans>Add an item ({language.name})</Trans>
              </button>
            </div>
          </fieldset>
        );
      })}
    </SettingsFrame>
  );
}

function NoticeForm() {
  const { t } = useLingui();
  const edit = useSettingsEdit('notice');
  const form = useDraftForm(edit);
  return (
    <SettingsFrame
      edit={edit}
      id="promo-notice"
      title={<Trans>Notice</Trans>}
      preview={({ notice }: v.InferOutput<typeof OpsNotice>) => (
        <div className="stack">
          {LANGUAGES.map((language) => (
            <section key={language.code} className="promo-html__preview" lang={language.code === 'la' ? 'lo' : language.code}>
              <h3>{language.name}</h3>
              {notice[language.code].trim() === '' ? <p className="muted">{t`No notice`}</p> : <SafeHtml html={notice[language.code]} />}
            </section>
          ))}
        </div>
      )}
    >
      <p className="small muted">
        <Trans>HTML allowed: the server cleans it as it cleans the conditions. Empty: no notice in that language.</Trans>
      </p>
      {LANGUAGES.map((language) => (
        <DraftHtml key={language.code} form={form} path={`notice.${language.code}`} label={t`Notice (${language.name})`} rows={2} />
      ))}
    </SettingsFrame>
  );
}

function ContactForm() {
  const { t } = useLingui();
  const edit = useSettingsEdit('contact');
  const form = useDraftForm(edit);
  return (
    <SettingsFrame
      edit={edit}
      id="promo-contact"
      title={<Trans>Contact page</Trans>}
      preview={({ contact }: v.InferOutput<typeof OpsContact>) => (
        <dl className="promo-summary">
          {LANGUAGES.map((language) => (
            <div key={language.code} style={{ display: 'contents' }}>
              <dt>{language.name}</dt>
              <dd>{contact.contactText[language.code]}</dd>
            </div>
          ))}
          <dt>{t`LINE account`}</dt>
          <dd>{contact.lineName}</dd>
          <dt>{t`LINE link`}</dt>
          <dd>{contact.lineLink}</dd>
          <dt>{t`LINE QR picture`}</dt>
          <dd>{contact.lineQR === '' ? t`None` : contact.lineQR}</dd>
        </dl>
      )}
    >
      {LANGUAGES.map((language) => (
        <DraftInput key={language.code} form={form} path={`contact.contactText.${language.code}`} label={t`Contact text (${language.name})`} />
      ))}
      <div className="promo-grid">
        <DraftInput form={form} path="contact.lineName" label={t`LINE account`} />
        <DraftInput form={form} path="contact.lineLink" type="url" label={t`LINE link`} hint={t`An https:// address.`} />
        <DraftInput form={form} path="contact.lineQR" label={t`LINE QR picture`} hint={t`An https:// address or a path of this site; empty: none.`} />
      </div>
    </SettingsFrame>
  );
}
