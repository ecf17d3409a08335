/** The SMS adapter config.smsProvider names (sms.ts describes them). */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { consoleSms, noSms, type SmsSender } from './sms.ts';
import { twilioSms } from './twilio.ts';

export function createSmsSender(config: Pick<Config, 'smsProvider' | 'twilio' | 'variant'>, log: FastifyBaseLogger): SmsSender {
  switch (config.smsProvider) {
    case 'console':
      return consoleSms(log);
    case 'none':
      return noSms;
    case 'twilio':
      if (!config.twilio) throw new Error('SMS_PROVIDER is twilio without Twilio credentials');
      return twilioSms({ credentials: config.twilio, variant: config.variant, log });
  }
}
