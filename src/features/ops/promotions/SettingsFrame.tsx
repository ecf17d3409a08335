/**
 * One setting's form in the console (machines/settings-edit): what is live
 * is read into it, the form is checked and previewed as members will get
 * it, then saved. The frame holds the states; each page gives the fields
 * and the preview.
 */
import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { settingsEditMachine } from '../../../../machines/settings-edit/settings-edit.machine.ts';
import { FORM_OF, settingsEditActors, type SettingsTarget } from '../../../../machines/settings-edit/settings-edit.actors.ts';
import type { ActorRefFrom } from 'xstate';
import { MessageText, preloadMessageTexts } from '../../errors/message-text.tsx';
import { Form } from '../../ui/Form.tsx';
import { opsApi } from '../ops-session.ts';
import { FormError, type DraftForm } from './DraftFields.tsx';

type SettingsEdit = ActorRefFrom<typeof settingsEditMachine>;

/** A settings machine for `target`, reading and writing over the operator's API client. */
export function useSettingsEdit(target: SettingsTarget): SettingsEdit {
  return useActorRef(settingsEditMachine.provide({ actors: settingsEditActors(opsApi, target) }), { input: { form: FORM_OF[target] } });
}

/** The draft, the refusals and the change of a settings machine, for the fields. */
export function useDraftForm(edit: SettingsEdit): DraftForm {
  const draft = useSelector(edit, (snapshot) => snapshot.context.draft);
  const errors = useSelector(edit, (snapshot) => snapshot.context.errors);
  return { draft, errors, change: (path, value) => edit.send({ type: 'field.change', path, value }) };
}

interface SettingsFrameProps {
  edit: SettingsEdit;
  /** The section's heading, and its id for aria-labelledby. */
  title: ReactNode;
  id: string;
  children: ReactNode;
  /** What members will get, from the checked value. */
  preview: (value: never) => ReactNode;
}

export function SettingsFrame({ edit, title, id, children, preview }: SettingsFrameProps) {
  const loading = useSelector(edit, (snapshot) => snapshot.hasTag('loading'));
  const failed = useSelector(edit, (snapshot) => snapshot.hasTag('failed'));
  const editing = useSelector(edit, (snapshot) => snapshot.hasTag('editing'));
  const saving = useSelector(edit, (snapshot) => snapshot.hasTag('saving'));
  const checked = useSelector(edit, (snapshot) => snapshot.context.checked);
  const errors = useSelector(edit, (snapshot) => snapshot.context.errors);
  const failure = useSelector(edit, (snapshot) => snapshot.context.failure);
  const saved = useSelector(edit, (snapshot) => snapshot.context.saved);

  return (
    <section className="stack promo-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {loading && (
        <p className="muted">
          <Trans>Reading what is live…</Trans>
        </p>
      )}
      {failed && (
        <>
          <p className="form-error" role="alert">
            {failure && <MessageText message={failure} />}
          </p>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={() => edit.send({ type: 'settings.reload' })}>
              <Trans>Try again</Trans>
            </button>
          </div>
        </>
      )}
      {editing && (
        <Form
          onSubmit={() => {
            preloadMessageTexts();
            edit.send({ type: 'settings.preview' });
          }}
        >
          {children}
          <FormError errors={errors} />
          {Object.keys(errors).length > 0 && (
            <p className="form-error" role="alert">
              <Trans>Some values need a look: see the fields marked.</Trans>
            </p>
          )}
          {saved && (
            <p className="promo-note" role="status">
              <Trans>Saved: members see it now.</Trans>
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="button button--primary">
              <Trans>Preview</Trans>
            </button>
          </div>
        </Form>
      )}
      {!editing && checked !== null && !loading && !failed && (
        <div className="stack">
          {preview(checked as never)}
          {failure && (
            <p className="form-error" role="alert">
              <MessageText message={failure} />
            </p>
          )}
          <div className="button-row">
            <button type="button" className="button button--secondary" disabled={saving} onClick={() => edit.send({ type: 'settings.edit' })}>
              <Trans>Back to the form</Trans>
            </button>
            <button type="button" className="button button--primary" disabled={saving} onClick={() => edit.send({ type: 'settings.save' })}>
              <Trans>Save</Trans>
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
