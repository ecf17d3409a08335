/**
 * What one chat message shows (spec 2 chat widget, spec 3 message types):
 * text, buttons, media, quick replies (their chips are QuickReplies, drawn
 * under the last message only), the generic carousel, a postback (the
 * customer's pressed button, shown as their bubble with its title) and
 * anything this version cannot show. Every text is React text, never HTML;
 * addresses go through the chat's link rules (src/contract/rules/chat.ts)
 * before they reach an href or a src.
 */
import { useRef, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHAT_SEND_DELAY_MS, type ChatButton, type ChatMessageBody, type GenericCard, type MediaPayload } from '../../contract/chat.ts';
import { callButtonHref, mediaUrl, webButtonUrl } from '../../contract/rules/chat.ts';
import { ExternalIcon } from '../ui/action-icons.tsx';
import { FileIcon, PhoneIcon } from '../chat-shared/chat-icons.tsx';

/** What pressing a button sends (spec 3 button): the title as text, or a postback. */
export interface ChatReplies {
  sendText: (text: string) => void;
  sendPostback: (title: string, payload: string) => void;
}

export function MessageContent({ body, replies }: { body: ChatMessageBody; replies: ChatReplies }) {
  switch (body.message_type) {
    case 'text':
    case 'quick_replies':
      return <MessageText text={body.payload.text} />;
    case 'buttons':
      return (
        <>
          <MessageText text={body.payload.text} />
          <div className="chat-buttons">
            {body.payloads.map((button, index) => (
              <ChatButtonView key={index} button={button} replies={replies} className="chat-button" />
            ))}
          </div>
        </>
      );
    case 'media':
      return <MediaContent media={body.payload} />;
    case 'generic':
      return <GenericCarousel cards={body.payloads} replies={replies} />;
    case 'postback':
      return <MessageText text={body.payload.title} />;
    case 'unknown':
      return <UnknownContent />;
  }
}

function MessageText({ text }: { text: string }) {
  return <p className="chat-text">{text}</p>;
}

export function UnknownContent() {
  return (
    <p className="chat-text chat-text--unknown">
      <Trans>This message cannot be shown here</Trans>
    </p>
  );
}

/**
 * A press that sends goes once per tap: a second tap within the send delay
 * (the machine waits that long before sending) is the same tap bouncing.
 */
function useOncePerTap(action: () => void): () => void {
  const last = useRef(-Infinity);
  return () => {
    const now = performance.now();
    if (now - last.current < CHAT_SEND_DELAY_MS) return;
    last.current = now;
    action();
  };
}

/** One button of a buttons message, a card or a quick reply (spec 3: web, call, postback, text). */
export function ChatButtonView({ button, replies, className }: { button: ChatButton; replies: ChatReplies; className: string }) {
  const { t } = useLingui();
  const press = useOncePerTap(() =>
    button.type === 'postback' ? replies.sendPostback(button.title, button.payload) : replies.sendText(button.title),
  );
  switch (button.type) {
    case 'web': {
      const href = webButtonUrl(button.payload);
      if (!href) return <UnavailableButton title={button.title} className={className} />;
      return (
        <a className={className} href={href} target="_blank" rel="noopener noreferrer">
          <span>{button.title}</span>
          <ExternalIcon size={16} />
          <span className="visually-hidden">{t`(opens in a new window)`}</span>
        </a>
      );
    }
    case 'call': {
      const href = callButtonHref(button.payload);
      if (!href) return <UnavailableButton title={button.title} className={className} />;
      return (
        <a className={className} href={href}>
          <PhoneIcon size={16} />
          <span>{button.title}</span>
        </a>
      );
    }
    case 'postback':
    case 'text':
      return (
        <button type="button" className={className} onClick={press}>
          {button.title}
        </button>
      );
  }
}

/** A web or call button whose address is not one we open: its title, not a link. */
function UnavailableButton({ title, className }: { title: string; className: string }) {
  return (
    <span className={`${className} chat-button--unavailable`} aria-disabled="true">
      {title}
    </span>
  );
}

/** The chips under the last message (spec 3 quick_replies); the history drops them once the customer answers. */
export function QuickReplies({ buttons, replies }: { buttons: readonly ChatButton[]; replies: ChatReplies }) {
  const { t } = useLingui();
  return (
    <div className="chat-quick-replies" role="group" aria-label={t`Quick replies`}>
      {buttons.map((button, index) => (
        <ChatButtonView key={index} button={button} replies={replies} className="chat-chip" />
      ))}
    </div>
  );
}

/** spec 3 media payload: an image to tap open, a video with controls, or a file link; its caption below. */
export function MediaContent({ media }: { media: MediaPayload }) {
  const { t } = useLingui();
  // Only a signed link (url true) or the widget's own preview of an upload is an address.
  const src = media.url || media.filePath.startsWith('blob:') ? mediaUrl(media.filePath, window.location.origin) : null;
  const caption = media.message ? <MessageText text={media.message} /> : null;
  let shown: ReactNode;
  if (!src) {
    shown = (
      <p className="chat-media chat-media--missing">
        <FileIcon size={20} />
        <Trans>Attachment</Trans>
      </p>
    );
  } else if (media.fileType === 'image') {
    shown = (
      <a className="chat-media chat-media--image" href={src} target="_blank" rel="noopener noreferrer">
        <img src={src} alt={media.message || t`Image`} loading="lazy" decoding="async" />
        <span className="visually-hidden">{t`Open the image in a new window`}</span>
      </a>
    );
  } else if (media.fileType === 'video') {
    shown = (
      <video className="chat-media chat-media--video" src={src} controls preload="metadata" playsInline aria-label={media.message || t`Video`}>
        <a href={src} target="_blank" rel="noopener noreferrer">
          <Trans>Open the video</Trans>
        </a>
      </video>
    );
  } else {
    shown = (
      <a className="chat-media chat-media--file" href={src} target="_blank" rel="noopener noreferrer" download>
        <FileIcon size={20} />
        <span>
          <Trans>Open the file</Trans>
        </span>
      </a>
    );
  }
  return (
    <>
      {shown}
      {caption}
    </>
  );
}

/**
 * spec 3 generic carousel: cards side by side in a strip that scrolls
 * sideways with snap points inside the panel; the page itself never does.
 * The strip is a tab stop so it scrolls from the keyboard too.
 */
export function GenericCarousel({ cards, replies }: { cards: readonly GenericCard[]; replies: ChatReplies }) {
  const { t } = useLingui();
  return (
    <ul className="chat-cards" aria-label={t`Cards`} tabIndex={0}>
      {cards.map((card, index) => {
        const image = card.image_url ? mediaUrl(card.image_url, window.location.origin) : null;
        const position = index + 1;
        const count = cards.length;
        const title = card.title;
        return (
          <li key={index} className="chat-card" aria-label={t`${position} of ${count}: ${title}`}>
            <div className="chat-card__image">{image && <img src={image} alt="" loading="lazy" decoding="async" />}</div>
            <div className="chat-card__body">
              <p className="chat-card__title">{card.title}</p>
              {card.subtitle && <p className="chat-card__subtitle">{card.subtitle}</p>}
            </div>
            {card.buttons.length > 0 && (
              <div className="chat-card__buttons">
                {card.buttons.map((button, buttonIndex) => (
                  <ChatButtonView key={buttonIndex} button={button} replies={replies} className="chat-card__button" />
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
