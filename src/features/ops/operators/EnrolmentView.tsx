/**
 * A new or reset operator's sign-in details, shown once
 * (docs/decisions/0124-operators-in-the-console.md): the password as text
 * with a copy button, the second factor as a QR code for their
 * authenticator app. Held by the dialog's machine while it is open and
 * forgotten when it closes; never logged, never stored.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Enrolled } from '../../../../machines/operator-add/operator-add.types.ts';
import { Field } from '../../ui/Field.tsx';
import { CopyIcon } from '../../ui/member-icons.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.ts';
import { RoleName } from '../console/RoleName.tsx';
import { QrSvg } from './QrSvg.tsx';

export function EnrolmentView({ enrolled, onDone }: { enrolled: Enrolled; onDone: () => void }) {
  const { t } = useLingui();
  const { operator, enrolment } = enrolled;
  const name = operator.name;
  return (
    <div className="stack ops-enrolment">
      <p>
        <Trans>
          Give these to {name} (<RoleName role={operator.role} />, {operator.phone}) now. They are shown only this once: closing this window
          forgets them.
        </Trans>
      </p>
      {enrolment.password === null ? (
        <p className="muted">
          <Trans>The password stays the one in the server's settings (OPERATOR_PASSWORD).</Trans>
        </p>
      ) : (
        <div className="ops-enrolment__secret">
          <Field label={<Trans>Password</Trans>} value={enrolment.password} onValueChange={() => {}} readOnly className="field__input ops-enrolment__password" />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => copyPassword(enrolment.password ?? '', t`Password copied`, t`Failed to copy`)}
          >
            <CopyIcon size={18} />
            <Trans>Copy</Trans>
          </button>
        </div>
      )}
      <div className="ops-enrolment__qr">
        <QrSvg text={enrolment.totpUri} label={t`QR code of ${name}'s second factor, for their authenticator app`} />
        <p className="small muted">
          <Trans>{name} scans this with an authenticator app (Google Authenticator, Microsoft Authenticator, …) and logs in with its 6-digit code.</Trans>
        </p>
      </div>
      <button type="button" className="button button--primary" onClick={onDone}>
        <Trans>Done: I have handed them over</Trans>
      </button>
    </div>
  );
}

/** The password to the clipboard (missing outside secure contexts: the console over plain http on a LAN). */
function copyPassword(password: string, copied: string, failed: string): void {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) return showErrorToast(failed);
  clipboard.writeText(password).then(
    () => showSuccessToast(copied),
    () => showErrorToast(failed),
  );
}
