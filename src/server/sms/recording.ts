import type { SmsSender } from './sms.ts';

export interface SentSms {
  phone: string;
  text: string;
}

/** Keeps every message, so tests (and scripts) can read the codes sent. */
export class RecordingSms implements SmsSender {
  readonly sent: SentSms[] = [];

  async send(phone: string, text: string): Promise<void> {
    this.sent.push({ phone, text });
  }

  /** The 6-digit code of the latest message to `phone`. */
  lastCodeFor(phone: string): string {
    const message = this.sent.findLast((sms) => sms.phone === phone);
    const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
    if (!code) throw new Error(`no OTP was sent to ${phone}`);
    return code;
  }
}
