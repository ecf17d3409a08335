/**
 * The texts members agree to and read before playing: the agreements and
 * the conditions, a list of HTML items per language, each item previewed
 * as members will see it (SafeHtml) and the whole previewed before saving.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type * as v from 'valibot';
import type { OpsTextsRequest } from '../../../contract/bonus.ts';
import { draftAt } from '../../../../machines/shared/form-draft.ts';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { DraftHtml, LANGUAGES } from './DraftFields.tsx';
import { SettingsFrame, useDraftForm, useSettingsEdit } from './SettingsFrame.tsx';

type Texts = v.InferOutput<typeof OpsTextsRequest>;

export default function TextsPage() {
  return (
    <>
      <TextsForm target="agreements" />
      <TextsForm target="conditions" />
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
