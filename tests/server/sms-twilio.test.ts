/**
 * The Twilio SMS adapter against a local fake of Twilio's Messages API that
 * checks each request the way Twilio's documentation describes it
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth
 * AccountSid:AuthToken, a form-encoded body with To (E.164), From or
 * MessagingServiceSid, and Body; 201 with the message's sid, or an error
 * `{ code, message, more_info, status }`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { Variant } from '../../src/contract/rules/members.ts';
import { buildApp } from '../../src/server/app.ts';
import type { TwilioCredentials } from '../../src/server/config.ts';
import { e164, TwilioError, twilioSms } from '../../src/server/sms/twilio.ts';
import { buildTestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';

const CREDENTIALS: TwilioCredentials = {
  accountSid: `AC${'3f'.repeat(16)}`,
  authToken: '9a'.repeat(16),
  from: '+15005550006',
};

interface Received {
  to: string | null;
  from: string | null;
  messagingServiceSid: string | null;
  body: string | null;
}

type Answer = 'created' | 'invalid-to' | 'server-error' | 'created-without-sid' | 'never';

/**
 * A fake Twilio on 127.0.0.1. A request that is not what Twilio's docs ask
 * for gets the error Twilio would give (401 20003 for bad credentials, 404
 * for another path, 400 for another content type or missing fields) and is
 * counted as refused; an accepted one is answered as `answer` says.
 */
async function fakeTwilio(credentials: TwilioCredentials = CREDENTIALS) {
  const received: Received[] = [];
  const refused: string[] = [];
  let answer: Answer = 'created';
  const held: ServerResponse[] = [];

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
  function error(response: ServerResponse, status: number, code: number, message: string, why: string) {
    refused.push(why);
    send(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += chunk;
    if (request.method !== 'POST') return error(response, 405, 20004, 'Method not allowed', `method ${request.method}`);
    if (request.url !== `/2010-04-01/Accounts/${credentials.accountSid}/Messages.json`) return error(response, 404, 20404, 'Not found', `path ${request.url}`);
    const expected = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return error(response, 401, 20003, 'Authenticate', 'authorization');
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') return error(response, 400, 20001, 'Unsupported content type', `content type ${request.headers['content-type']}`);
    const form = new URLSearchParams(text);
    const fields = { to: form.get('To'), from: form.get('From'), messagingServiceSid: form.get('MessagingServiceSid'), body: form.get('Body') };
    if (!fields.to || !/^\+[1-9]\d{6,14}$/.test(fields.to)) return error(response, 400, 21211, `The 'To' number ${fields.to} is not a valid phone number.`, 'To');
    if ((fields.from === null) === (fields.messagingServiceSid === null)) return error(response, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required", 'From');
    if (!fields.body) return error(response, 400, 21602, 'Message body is required.', 'Body');
    received.push(fields);
    switch (answer) {
      case 'created':
        return send(response, 201, { sid: `SM${'0'.repeat(32)}`, status: 'queued', to: fields.to, body: fields.body });
      case 'invalid-to':
        return error(response, 400, 21614, "'To' number is not a valid mobile number", 'answer');
      case 'server-error':
        return response.writeHead(503, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
      case 'created-without-sid':
        return send(response, 201, {});
      case 'never':
        held.push(response);
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    for (const response of held) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    refused,
    answer(next: Answer) {
      answer = next;
    },
  };
}

function recordingLog() {
  const lines: string[] = [];
  return { lines, log: { warn: (fields: object, message: string) => void lines.push(`${JSON.stringify(fields)} ${message}`) } };
}

function sender(baseUrl: string, { variant = 'th' as Variant, credentials = CREDENTIALS, timeoutMs = 5_000, log = recordingLog().log } = {}) {
  return twilioSms({ credentials, variant, baseUrl, timeoutMs, log });
}

describe('phone numbers to E.164', () => {
  it.each([
    ['th', '0812345678', '+66812345678'],
    ['th', '0212345678', '+66212345678'],
    ['la', '02055512345', '+8562055512345'],
    ['la', '2055512345', '+8562055512345'],
    ['la', '8562055512345', '+8562055512345'],
    ['la', '021212345', '+85621212345'],
  ] as const)('%s %s is %s', (variant, phone, expected) => {
    expect(e164(variant, phone)).toBe(expected);
  });

  it('refuses what is no phone of the variant', () => {
    expect(() => e164('th', '812345678')).toThrow(RangeError);
    expect(() => e164('th', '+66812345678')).toThrow(RangeError);
    expect(() => e164('la', '020-555')).toThrow(RangeError);
  });
});

describe('Twilio SMS adapter', () => {
  it('posts the message form-encoded with Basic auth to the account’s Messages resource', async () => {
    const twilio = await fakeTwilio();
    const text = 'รหัส OTP ของคุณคือ 123456 (Ref: ABCD) & more';

    await sender(twilio.baseUrl).send('0812345678', text);

    expect(twilio.refused).toEqual([]);
    expect(twilio.received).toEqual([{ to: '+66812345678', from: '+15005550006', messagingServiceSid: null, body: text }]);
  });

  it('sends Lao numbers with +856, and a Messaging Service as MessagingServiceSid instead of From', async () => {
    const service = `MG${'c4'.repeat(16)}`;
    const twilio = await fakeTwilio();

    await sender(twilio.baseUrl, { variant: 'la', credentials: { ...CREDENTIALS, from: service } }).send('02055512345', 'ລະຫັດ OTP 654321');

    expect(twilio.refused).toEqual([]);
    expect(twilio.received).toEqual([{ to: '+8562055512345', from: null, messagingServiceSid: service, body: 'ລະຫັດ OTP 654321' }]);
  });

  it('throws on Twilio’s error and logs its code, never the token', async () => {
    const twilio = await fakeTwilio();
    twilio.answer('invalid-to');
    const { lines, log } = recordingLog();

    const sending = sender(twilio.baseUrl, { log }).send('0812345678', 'code 111111');

    await expect(sending).rejects.toThrow(new TwilioError("Twilio answered 400 (error 21614): 'To' number is not a valid mobile number", 400, 21614));
    await expect(sending).rejects.toMatchObject({ status: 400, code: 21614 });
    expect(lines).toEqual([expect.stringContaining('"twilioCode":21614')]);
    expect(lines.join('\n')).not.toContain(CREDENTIALS.authToken);
  });

  it('throws when Twilio refuses the credentials', async () => {
    const twilio = await fakeTwilio();
    const wrongToken = { ...CREDENTIALS, authToken: '00'.repeat(16) };

    await expect(sender(twilio.baseUrl, { credentials: wrongToken }).send('0812345678', 'code 222222')).rejects.toMatchObject({ status: 401, code: 20003 });
    expect(twilio.refused).toEqual(['authorization']);
  });

  it('throws on an answer that is not Twilio’s, and on a 201 without a message sid', async () => {
    const twilio = await fakeTwilio();
    twilio.answer('server-error');
    await expect(sender(twilio.baseUrl).send('0812345678', 'code 333333')).rejects.toMatchObject({ status: 503, code: null });
    twilio.answer('created-without-sid');
    await expect(sender(twilio.baseUrl).send('0812345678', 'code 333333')).rejects.toThrow('Twilio answered 201 without a message sid');
  });

  it('gives up after its timeout when Twilio does not answer', async () => {
    const twilio = await fakeTwilio();
    twilio.answer('never');
    const { lines, log } = recordingLog();

    await expect(sender(twilio.baseUrl, { timeoutMs: 200, log }).send('0812345678', 'code 444444')).rejects.toThrow('Twilio could not be reached: no answer within 200 ms');
    expect(twilio.received).toHaveLength(1);
    expect(lines).toHaveLength(1);
  });

  it('throws when nothing listens', async () => {
    const twilio = await fakeTwilio();
    const nowhere = twilio.baseUrl.replace(/:\d+$/, ':1');

    await expect(sender(nowhere).send('0812345678', 'code 555555')).rejects.toBeInstanceOf(TwilioError);
  });
});

describe('OTP through Twilio', () => {
  it('sends the registration code through Twilio, and answers OTP_SEND_FAIL when Twilio fails', async () => {
    const twilio = await fakeTwilio();
    const t = await buildTestApp();
    await t.app.close();
    const app = await buildApp({ config: t.config, db: t.db, clock: t.clock, sms: sender(twilio.baseUrl) });
    onTestFinished(() => app.close());

    const sent = await call(app, endpoints.otpSend, { phoneNumber: '0861234567' }, { language: 'en' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(twilio.received).toEqual([expect.objectContaining({ to: '+66861234567', body: expect.stringMatching(/Your OTP code is \d{6} \(Ref: /) })]);

    twilio.answer('invalid-to');
    const failed = await call(app, endpoints.otpSend, { phoneNumber: '0861234568' });
    expect([failed.statusCode, failed.json()]).toEqual([502, { message: 'OTP_SEND_FAIL' }]);
  });
});
