/**
 * The chat's text box, send and attachment buttons (spec 2 chat widget,
 * spec 5 chat rules): the box grows with its text up to a few lines, takes
 * at most 2,000 characters and shows a counter near the limit; send hands
 * the text to the history (the message goes 500 ms later, machines/chat-media);
 * the attachment button takes the spec's types, and the history's client
 * rule refuses a file too large with its alert. Typing is told on change
 * (true on the first key, false after a pause or a send), never per key.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CHAT_TEXT_MAX, chatTextRefusal } from '../../contract/rules/chat.ts';
import { AttachIcon, SendIcon } from '../chat-shared/chat-icons.tsx';
import { isSendKey, useFilePicker } from '../chat-shared/file-picker.tsx';

/** The counter shows from here on. */
const COUNTER_FROM = CHAT_TEXT_MAX - 200;
/** Typing stops being told after this long without a key. */
const TYPING_PAUSE_MS = 3000;

interface ChatComposerProps {
  onSendText: (text: string) => void;
  onAttach: (file: File) => void;
  onTyping: (typing: boolean) => void;
  /** The text box takes focus when the panel opens (not on touch screens: the keyboard would cover the history). */
  autoFocus?: boolean;
}

export function ChatComposer({ onSendText, onAttach, onTyping, autoFocus }: ChatComposerProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useFilePicker(onAttach);
  const typing = useTyping(onTyping);

  // Grow with the text: the height follows the content up to the CSS max-height, then it scrolls.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + (box.offsetHeight - box.clientHeight)}px`;
  }, [text]);

  const canSend = chatTextRefusal(text) === null;
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSendText(text);
    setText('');
    typing.stop();
    input.current?.focus();
  };
  // A keyboard with Enter sends on Enter (Shift+Enter: a new line); a phone's Enter is a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event)) return;
    if (!window.matchMedia?.('(pointer: fine)').matches) return;
    event.preventDefault();
    send();
  };

  const left = CHAT_TEXT_MAX - text.length;
  return (
    <form className="chat-composer" onSubmit={send}>
      {picker.input}
      <button type="button" className="icon-button" aria-label={t`Attach a photo or video`} onClick={picker.open}>
        <AttachIcon size={22} />
      </button>
      <div className="chat-composer__field">
        <textarea
          ref={input}
          className="chat-composer__input"
          rows={1}
          maxLength={CHAT_TEXT_MAX}
          value={text}
          aria-label={t`Message`}
          placeholder={t`Write a message`}
          autoFocus={autoFocus}
          enterKeyHint="send"
          aria-describedby={text.length >= COUNTER_FROM ? 'chat-composer-counter' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) typing.typed();
            else typing.stop();
          }}
          onKeyDown={onKeyDown}
          onBlur={typing.stop}
        />
        {text.length >= COUNTER_FROM && (
          <span id="chat-composer-counter" className={`chat-composer__counter${left <= 0 ? ' chat-composer__counter--over' : ''}`}>
            <span aria-hidden="true">
              {text.length}/{CHAT_TEXT_MAX}
            </span>
            <span className="visually-hidden">{plural(left, { one: '# character left', other: '# characters left' })}</span>
          </span>
        )}
      </div>
      <button type="submit" className="icon-button chat-composer__send" aria-label={t`Send`} disabled={!canSend}>
        <SendIcon size={22} />
      </button>
    </form>
  );
}

/** Tells typing on change: true at the first key, false after a pause, a send or leaving the box. */
function useTyping(onTyping: (typing: boolean) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const told = useRef(false);
  const report = useRef(onTyping);
  report.current = onTyping;

  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (told.current) {
      told.current = false;
      report.current(false);
    }
  };
  const typed = () => {
    if (!told.current) {
      told.current = true;
      report.current(true);
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(stop, TYPING_PAUSE_MS);
  };
  useEffect(() => () => stop(), []);
  return { typed, stop };
}
