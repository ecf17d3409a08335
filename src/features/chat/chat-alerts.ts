/**
 * The texts of the chat's alerts (spec 5 chat rules, spec 8: alerts last
 * 4 s): a file refused before it is sent says so in the spec's words, with
 * the limit of its type; any other code is the error catalogue's text.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface ChatAlert {
  message: string;
  /** A file too large: its type's limit in MB (10 for an image, 20 for a video). */
  limitMb?: number;
}

const NOT_SUPPORTED = msg`File is not supported`;

export async function chatAlertText(i18n: I18n, alert: ChatAlert, codeText: (code: string) => Promise<string>): Promise<string> {
  if (alert.message === 'CHAT_FILE_TOO_LARGE' && alert.limitMb !== undefined) {
    const limit = alert.limitMb;
    return i18n._(msg`The file is too large. Please select file no larger than ${limit} MB.`);
  }
  if (alert.message === 'CHAT_FILE_NOT_SUPPORTED') return i18n._(NOT_SUPPORTED);
  return codeText(alert.message);
}
