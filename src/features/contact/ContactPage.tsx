/**
 * Contact page (spec 2): the server's contact text, the app version, the LINE
 * QR image, the chat link with its name, and the chat widget's button when
 * the widget is on (ChatLauncher: a visitor chats as a guest, a member as
 * themselves). Public /contact has no top spacing, member /user/contact has it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { version as APP_VERSION } from '../../../package.json';
import { useRead } from '../ui/use-read.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { ReadPending } from '../ui/ReadPending.tsx';
import { ChatIcon } from '../ui/icons.tsx';
import { ExternalIcon } from '../ui/action-icons.tsx';
import { ChatLauncher, type ChatAudience } from './ChatLauncher.tsx';

export function PublicContactPage() {
  return <ContactPage topSpacing={false} audience="guest" />;
}

export function MemberContactPage() {
  return <ContactPage topSpacing audience="member" />;
}

/** Only same-origin images: no request leaves the origin (CSP, privacy). */
function sameOriginPath(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : null;
  } catch {
    return null;
  }
}

function ContactPage({ topSpacing, audience }: { topSpacing: boolean; audience: ChatAudience }) {
  const { t } = useLingui();
  useDocumentTitle(t`Contact`);
  const query = useRead('lookupContact');
  const contact = query.data?.contact;
  const qr = contact ? sameOriginPath(contact.lineQR) : null;
  const lineName = contact?.lineName ?? '';

  return (
    <div className={`stack stack--page contact ${topSpacing ? 'contact--spaced' : 'contact--flush'}`}>
      <section className="card stack">
        <h1>
          <Trans>Contact us</Trans>
        </h1>
        {contact ? (
          <p className="contact__text">{contact.contactText}</p>
        ) : (
          <ReadPending read={query} shapes={['line', 'short']} />
        )}
      </section>

      {contact && (
        <section className="card card--center stack" aria-labelledby="contact-chat-title">
          <h2 id="contact-chat-title">
            <Trans>Chat with us on LINE</Trans>
          </h2>
          {qr && (
            <img
              className="contact__qr"
              src={qr}
              width={200}
              height={200}
              alt={t`QR code to add ${lineName} on LINE`}
            />
          )}
          <a className="button button--primary" href={contact.lineLink} target="_blank" rel="noopener noreferrer">
            <ChatIcon size={20} />
            <span>{contact.lineName}</span>
            <ExternalIcon size={16} />
            <span className="visually-hidden">
              <Trans>(opens in a new window)</Trans>
            </span>
          </a>
        </section>
      )}

      <p className="muted small center">
        <Trans>Version {APP_VERSION}</Trans>
      </p>

      <ChatLauncher audience={audience} />
    </div>
  );
}
