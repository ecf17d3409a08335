/**
 * The chat's file picker and send key, for the widget's composer and the
 * agent inbox's alike: a hidden file input offering what the chat's file
 * rule takes (src/contract/rules/chat.ts), cleared after each pick so that
 * the same file picked again (after removing it) is a change too; and Enter
 * without Shift sends, except while an input method (Thai, Lao) composes.
 * No texts: it is in neither catalogue (lingui.config.ts).
 */
import { useRef, type KeyboardEvent, type ReactElement } from 'react';
import { CHAT_FILE_ACCEPT } from '../../contract/rules/chat.ts';

export function useFilePicker(onPick: (file: File) => void): { input: ReactElement; open: () => void } {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      accept={CHAT_FILE_ACCEPT}
      hidden
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = '';
        if (file) onPick(file);
      }}
    />
  );
  return { input, open: () => ref.current?.click() };
}

/** Enter sends; Shift+Enter (and the composition of an input method) writes on. */
export function isSendKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;
}
