/**
 * Texts for error and status codes, loaded when needed. The ~90 descriptors
 * (messages.ts) and their translations (the `errors` Lingui catalogue, half
 * of all messages) are ~4 KB gzip that a page needs only once it has an error
 * to show (docs/decisions/0013-login-budget-120-kb.md). Views render <MessageText>;
 * code outside React awaits loadMessageText().
 */
import { useEffect, useState } from 'react';
import { i18n as globalI18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { loadCatalogue } from '../../i18n/locale.ts';
import { NETWORK_ERROR_MESSAGE } from './network-error.ts';

type Texts = typeof import('./messages.ts');

// Views that show the network failure themselves (a language that did not load) take its text from here.
export { NETWORK_ERROR_MESSAGE };

let texts: Texts | null = null;
let loading: Promise<Texts> | null = null;

/** Fetch the descriptors and their translations, once. */
function loadTexts(): Promise<Texts> {
  loading ??= Promise.all([import('./messages.ts'), loadCatalogue('errors')]).then(
    ([module]) => (texts = module),
    (error: unknown) => {
      loading = null; // offline: try again next time
      throw error;
    },
  );
  return loading;
}

/**
 * Forms call this when they are submitted, so that a failure's text is
 * usually there as soon as the answer. A failure to fetch is not reported
 * here: <MessageText> then shows the network text.
 */
export function preloadMessageTexts(): void {
  loadTexts().catch(() => undefined);
}

/** The text of a code (see messages.ts); renders nothing until the texts have loaded. */
export function MessageText({ message }: { message: string }) {
  const { i18n } = useLingui();
  const [, setLoaded] = useState(texts !== null);
  // The message whose texts could not be fetched; a new message tries again.
  const [failedFor, setFailedFor] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    loadTexts().then(
      () => current && setLoaded(true),
      () => current && setFailedFor(message),
    );
    return () => {
      current = false;
    };
  }, [message]);

  if (texts) return texts.messageText(i18n, message);
  return failedFor === message ? i18n._(NETWORK_ERROR_MESSAGE) : null;
}

/** The text of a code for toasts and other code outside React. */
export async function loadMessageText(message: string): Promise<string> {
  try {
    const { messageText } = await loadTexts();
    return messageText(globalI18n, message);
  } catch {
    return globalI18n._(NETWORK_ERROR_MESSAGE);
  }
}
