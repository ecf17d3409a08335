/** Registration's calls over the API client: the three lookups, the OTP, the check and the registration. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { Result } from '../shared/result.ts';
import type { OtpRequest, OtpSent, RegistrationLookups, RegistrationPayload } from './registration.types.ts';

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

async function loadLookups(api: ApiClient, signal: AbortSignal): Promise<RegistrationLookups> {
  const [otp, banks, sources] = await Promise.all([
    api.call('lookupRegisterOtp', { signal }),
    api.call('lookupBanks', { signal }),
    api.call('lookupSources', { signal }),
  ]);
  return { registerOTP: unwrap(otp).registerOTP, banks: unwrap(banks).banks, sources: unwrap(sources).sources };
}

export function registrationActors(api: ApiClient) {
  return {
    loadLookups: fromPromise<RegistrationLookups, void>(({ signal }) => loadLookups(api, signal)),
    sendOtp: fromPromise<Result<OtpSent>, OtpRequest>(({ input, signal }) =>
      api.call('otpSend', { phoneNumber: input.phoneNumber, otpToken: input.otpToken }, { signal }),
    ),
    verifyOtp: fromPromise<Result<unknown>, { otpToken: string; otpCode: string }>(({ input, signal }) =>
      api.call('otpVerify', { otpToken: input.otpToken, otpCode: input.otpCode }, { signal }),
    ),
    validateRegistration: fromPromise<Result<unknown>, RegistrationPayload>(({ input, signal }) => api.call('accountValidate', input, { signal })),
    register: fromPromise<Result<unknown>, RegistrationPayload>(({ input, signal }) => api.call('accountRegister', input, { signal })),
  };
}
