/**
 * Each setting's read and write over the operator's API client, answering
 * the value as the contract writes it (the wheel's read without its
 * expected value, which the preview computes from the form).
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { WheelDefinition } from '../../src/contract/rewards.ts';
import type { Result } from '../shared/result.ts';
import type { SettingsFormId } from './settings-edit.forms.ts';
import type { SettingsAnswer } from './settings-edit.types.ts';

/** What a console page edits: a form of SETTINGS_FORMS, and for banners and texts which one. */
export type SettingsTarget = 'wheel' | 'invite' | 'refund' | 'inviteBanners' | 'refundBanners' | 'agreements' | 'conditions' | 'notice' | 'contact';

export const FORM_OF: Record<SettingsTarget, SettingsFormId> = {
  wheel: 'wheel',
  invite: 'invite',
  refund: 'refund',
  inviteBanners: 'banners',
  refundBanners: 'banners',
  agreements: 'texts',
  conditions: 'texts',
  notice: 'notice',
  contact: 'contact',
};

const text = (en: string) => ({ th: en, la: en, en });

/** Where a server with no wheel yet starts: two slices, inactive, nothing paid. */
const NEW_WHEEL: WheelDefinition = {
  name: text('Wheel'),
  active: false,
  slices: [
    { code: 'AGAIN', label: text('Again'), bgColor: '#e5e7eb', textColor: '#1f2937', htmlDescription: text(''), weight: 1, prize: { type: 'none' } },
    { code: 'TEN', label: text('10'), bgColor: '#0f6b5c', textColor: '#ffffff', htmlDescription: text(''), weight: 1, prize: { type: 'credit', amount: { BAHT: 10, LAK: 1_000 }, expiryDays: 7 } },
  ],
};

function value<T, V>(answer: Result<T>, pick: (data: T) => V): SettingsAnswer {
  return answer.ok ? { ok: true, data: pick(answer.data) } : answer;
}

type Calls = { load: (signal: AbortSignal) => Promise<SettingsAnswer>; save: (body: never, signal: AbortSignal) => Promise<SettingsAnswer> };

function callsOf(api: ApiClient, target: SettingsTarget): Calls {
  const wheel = (data: { wheel: WheelDefinition | null; coinRule: { BAHT: number; LAK: number } }) => ({ wheel: data.wheel ?? NEW_WHEEL, coinRule: data.coinRule });
  switch (target) {
    case 'wheel':
      return {
        load: async (signal) => value(await api.call('opsWheel', { signal }), wheel),
        save: async (body, signal) => value(await api.call('opsWheelChange', body, { signal }), wheel),
      };
    case 'invite':
      return { load: (signal) => api.call('opsInviteSettings', { signal }), save: (body, signal) => api.call('opsInvite', body, { signal }) };
    case 'refund':
      return { load: (signal) => api.call('opsRefundSettings', { signal }), save: (body, signal) => api.call('opsRefund', body, { signal }) };
    case 'inviteBanners':
    case 'refundBanners': {
      const params = { area: target === 'inviteBanners' ? ('invite' as const) : ('refund' as const) };
      return { load: (signal) => api.call('opsBannersOf', { params, signal }), save: (body, signal) => api.call('opsBanners', body, { params, signal }) };
    }
    case 'agreements':
      return { load: (signal) => api.call('opsAgreementsOf', { signal }), save: (body, signal) => api.call('opsAgreements', body, { signal }) };
    case 'conditions':
      return { load: (signal) => api.call('opsConditionsOf', { signal }), save: (body, signal) => api.call('opsConditions', body, { signal }) };
    case 'notice':
      return { load: (signal) => api.call('opsNoticeOf', { signal }), save: (body, signal) => api.call('opsNotice', body, { signal }) };
    case 'contact':
      return { load: (signal) => api.call('opsContactOf', { signal }), save: (body, signal) => api.call('opsContact', body, { signal }) };
  }
}

export function settingsEditActors(api: ApiClient, target: SettingsTarget) {
  const calls = callsOf(api, target);
  return {
    loadSettings: fromPromise<SettingsAnswer, void>(({ signal }) => calls.load(signal)),
    saveSettings: fromPromise<SettingsAnswer, unknown>(({ input, signal }) => calls.save(input as never, signal)),
  };
}
