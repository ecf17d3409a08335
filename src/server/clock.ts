/**
 * Time comes from a clock the app is given, so tests can move time forward
 * (token and OTP expiry, rate-limit windows) without sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
