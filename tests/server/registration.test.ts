import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { bankAccounts, otpChallenges, users } from '../../src/server/db/schema.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { login, registerMember, registrationBody, verifyPhone, type RegistrationBody } from './helpers/members.ts';

const MINUTE = 60_000;

function register(t: TestApp, body: unknown) {
  return call(t.app, endpoints.accountRegister, body);
}

function validate(t: TestApp, body: unknown) {
  return call(t.app, endpoints.accountValidate, body);
}

async function userCount(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ users: count() }).from(users);
  return row!.users;
}

async function storedMember(t: TestApp, phone: string) {
  const [row] = await t.db
    .select({ user: users, bankAccount: bankAccounts })
    .from(users)
    .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
    .where(eq(users.phone, phone));
  return row;
}

describe('POST /api/account', () => {
  it('registers a member who can then log in', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const body = registrationBody();

    const response = await register(t, body);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });
    expect(await login(t, body.username, body.password)).toMatch(/^[\w-]{43}$/);
  });

  it('stores the account name trimmed, upper case, single-spaced, and the password only hashed', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const body = registrationBody({ name: '  Somsak   Rakdee ', bankAccountName: '  somsak    rakdee ', bankCode: 'KTB' });

    await register(t, body);

    const member = await storedMember(t, body.username);
    expect(member?.user).toMatchObject({ name: 'Somsak Rakdee', status: 'active', sourceCode: 'facebook', invitedBy: null });
    expect(member?.user.passwordHash).toMatch(/^scrypt\$/);
    expect(member?.user.passwordHash).not.toContain(body.password);
    expect(member?.bankAccount).toMatchObject({ bankCode: 'KTB', accountName: 'SOMSAK RAKDEE', accountNo: body.bankAccountNo, currency: 'BAHT' });
  });

  it('accepts a Thai account name for a bank that does not need English', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const body = registrationBody({ name: 'สมศักดิ์ รักดี', bankCode: 'SCB', bankAccountName: 'สมศักดิ์ รักดี' });

    const response = await register(t, body);

    expect(response.statusCode).toBe(200);
    expect((await storedMember(t, body.username))?.bankAccount?.accountName).toBe('สมศักดิ์ รักดี');
  });

  it('takes an empty source code', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const body = registrationBody({ sourceCode: '' });

    expect((await register(t, body)).statusCode).toBe(200);
    expect((await storedMember(t, body.username))?.user.sourceCode).toBeNull();
  });

  const refusals: [string, Partial<RegistrationBody> | ((body: RegistrationBody) => unknown), number, string][] = [
    ['a 9-digit phone', { username: '081234567' }, 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
    ['a phone with letters', { username: '08123456ab' }, 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
    ['an empty phone', { username: '' }, 400, 'KEY_MISSING'],
    ['an empty name', { name: '' }, 400, 'KEY_MISSING'],
    ['a blank name', { name: '   ' }, 400, 'KEY_MISSING'],
    ['no name at all', ({ name: _name, ...body }) => body, 400, 'KEY_MISSING'],
    ['a name with digits', { name: 'Somsak 2' }, 400, 'KEY_INVALID'],
    ['a name with markup', { name: '<b>Somsak</b>' }, 400, 'KEY_INVALID'],
    ['a name of 101 characters', { name: 'A'.repeat(101) }, 400, 'KEY_INVALID'],
    ['an empty password', { password: '' }, 400, 'KEY_MISSING'],
    ['a 7-character password', { password: 'seven77' }, 400, 'PASSWORD_TOO_SHORT'],
    ['the most common password of 8', { password: '12345678' }, 400, 'PASSWORD_TOO_COMMON'],
    ['a breached password', { password: 'iloveyou' }, 400, 'PASSWORD_TOO_COMMON'],
    ['a keyboard run', { password: 'zaq12wsx' }, 400, 'PASSWORD_TOO_COMMON'],
    ['the phone itself', (body) => ({ ...body, password: body.username }), 400, 'PASSWORD_TOO_COMMON'],
    ['an unknown source', { sourceCode: 'tiktok' }, 400, 'KEY_INVALID'],
    ['an invite code of nobody', { inviteCode: 'PR999' }, 400, 'INVALID_CODE'],
    ['an invite code without PR', { inviteCode: 'hello' }, 400, 'INVALID_CODE'],
    ['an invite code beyond any user id', { inviteCode: 'PR999999999999999999' }, 400, 'INVALID_CODE'],
    ['an unknown bank', { bankCode: 'XYZ' }, 400, 'INVALID_BANK'],
    ['a bank code in lower case', { bankCode: 'scb' }, 400, 'INVALID_BANK'],
    ['no bank', { bankCode: '' }, 400, 'KEY_MISSING'],
    ['no account number', { bankAccountNo: '' }, 400, 'KEY_MISSING'],
    ['no account name', { bankAccountName: ' ' }, 400, 'KEY_MISSING'],
    ['an account number with dashes', { bankAccountNo: '123-456-7890' }, 400, 'BANK_ACCOUNT_NO_INVALID'],
    ['a 5-digit account number', { bankAccountNo: '12345' }, 400, 'BANK_ACCOUNT_NO_INVALID'],
    ['a 21-digit account number', { bankAccountNo: '1'.repeat(21) }, 400, 'BANK_ACCOUNT_NO_INVALID'],
    ['a Thai account name at KTB', { bankCode: 'KTB', bankAccountName: 'สมศักดิ์ รักดี' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
    ['a Thai account name at TMB', { bankCode: 'TMB', bankAccountName: 'สมศักดิ์ รักดี' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
    ['a Thai account name at BBL', { bankCode: 'BBL', bankAccountName: 'สมศักดิ์ รักดี' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
    ['an account name with markup', { bankAccountName: '<script>alert(1)</script>' }, 400, 'KEY_INVALID'],
    ['LAK in the Thai build', { currency: 'LAK' }, 400, 'KEY_INVALID'],
    ['an unknown currency', { currency: 'USD' as never }, 400, 'KEY_INVALID'],
  ];

  it.each(refusals)('refuses %s', async (_case, change, status, message) => {
    const t = await buildTestApp({ registerOtp: false });
    const valid = registrationBody();
    const body = typeof change === 'function' ? change(valid) : { ...valid, ...change };

    const response = await register(t, body);

    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    expect(await userCount(t)).toBe(1); // the seeded demo member only
  });

  it('refuses a phone that is already registered with 409 EXISTING_USER', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);

    const response = await register(t, registrationBody({ username: member.phone }));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'EXISTING_USER' });
  });

  it('refuses a bank account another member registered with 409 EXISTING_BANK', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);

    const response = await register(t, registrationBody({ bankCode: member.body.bankCode, bankAccountNo: member.body.bankAccountNo }));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'EXISTING_BANK' });
    expect(await userCount(t)).toBe(2);
  });

  it('lets the same account number be registered at another bank', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t, { bankCode: 'SCB' });

    const response = await register(t, registrationBody({ bankCode: 'KBANK', bankAccountNo: member.body.bankAccountNo }));

    expect(response.statusCode).toBe(200);
  });

  it('links the inviter named by the invite code', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const inviter = await registerMember(t);
    const inviterId = (await storedMember(t, inviter.phone))!.user.id;
    const body = registrationBody({ inviteCode: ` pr${inviterId} ` });

    const response = await register(t, body);

    expect(response.statusCode).toBe(200);
    expect((await storedMember(t, body.username))?.user.invitedBy).toBe(inviterId);
  });

  describe('with OTP on', () => {
    it('refuses a phone that was not verified with UNVERIFIED_OTP', async () => {
      const t = await buildTestApp({ registerOtp: true });

      const response = await register(t, registrationBody());

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'UNVERIFIED_OTP' });
      expect(await userCount(t)).toBe(1);
    });

    it('registers a verified phone with its token and uses that challenge up', async () => {
      const t = await buildTestApp({ registerOtp: true });
      const body = registrationBody();
      const otpToken = await verifyPhone(t, body.username);

      const response = await register(t, { ...body, otpToken });

      expect(response.statusCode).toBe(200);
      const challenges = await t.db.select().from(otpChallenges).where(eq(otpChallenges.phone, body.username));
      expect(challenges.map((challenge) => challenge.consumedAt)).toEqual([t.clock()]);
    });

    it('refuses a verified phone whose token is not presented', async () => {
      const t = await buildTestApp({ registerOtp: true });
      const body = registrationBody();
      await verifyPhone(t, body.username);

      const response = await register(t, body);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'UNVERIFIED_OTP' });
      expect(await userCount(t)).toBe(1);
    });

    it('refuses the token of a code that was never entered', async () => {
      const t = await buildTestApp({ registerOtp: true });
      const body = registrationBody();
      const sent = await call(t.app, endpoints.otpSend, { phoneNumber: body.username });

      const response = await register(t, { ...body, otpToken: sent.json().otpToken });

      expect(response.json()).toEqual({ message: 'UNVERIFIED_OTP' });
    });

    it('refuses a verification older than 30 minutes', async () => {
      const t = await buildTestApp({ registerOtp: true });
      const body = registrationBody();
      const otpToken = await verifyPhone(t, body.username);

      t.clock.advance(30 * MINUTE);
      const response = await register(t, { ...body, otpToken });

      expect(response.json()).toEqual({ message: 'UNVERIFIED_OTP' });
    });

    it('does not count the verified token of another phone', async () => {
      const t = await buildTestApp({ registerOtp: true });
      const otpToken = await verifyPhone(t, registrationBody().username);

      const response = await register(t, registrationBody({ otpToken }));

      expect(response.json()).toEqual({ message: 'UNVERIFIED_OTP' });
      expect(await userCount(t)).toBe(1);
    });

    it('ignores the token when OTP is off', async () => {
      const t = await buildTestApp({ registerOtp: false });

      const response = await register(t, registrationBody({ otpToken: 'no-such-token' }));

      expect(response.statusCode).toBe(200);
    });
  });

  describe('the hijack of a verified phone (docs/decisions/0072-registration-bound-to-verified-challenge.md)', () => {
    it('an onlooker who saw the owner verify cannot register the owner\'s phone; the owner can, once', async () => {
      const t = await buildTestApp({ registerOtp: true });
      const owner = registrationBody({ name: 'Somchai Jaidee', password: 'owner-pass-123' });
      const attacker = { ip: '198.51.100.66' };
      const attackerBody = registrationBody({ username: owner.username, name: 'Mallory Crook', password: 'attacker-pass-1' });
      const attackerProfile = { ...attackerBody, bankCode: '', bankAccountName: '', bankAccountNo: '' };

      // The attacker watches validate while the owner requests and types the code.
      const beforeOwnerVerified = await call(t.app, endpoints.accountValidate, attackerProfile, attacker);
      const ownerToken = await verifyPhone(t, owner.username);
      const afterOwnerVerified = await call(t.app, endpoints.accountValidate, attackerProfile, attacker);
      expect(beforeOwnerVerified.json()).toEqual({ message: 'UNVERIFIED_OTP' });
      expect(afterOwnerVerified.statusCode).toBe(400);
      expect(afterOwnerVerified.json()).toEqual({ message: 'UNVERIFIED_OTP' });

      // The attacker registers the owner's phone with their own password and bank account.
      const hijack = await call(t.app, endpoints.accountRegister, attackerBody, attacker);
      const guessedToken = await call(t.app, endpoints.accountRegister, { ...attackerBody, otpToken: 'A'.repeat(43) }, attacker);
      expect([hijack.statusCode, hijack.json()]).toEqual([400, { message: 'UNVERIFIED_OTP' }]);
      expect([guessedToken.statusCode, guessedToken.json()]).toEqual([400, { message: 'UNVERIFIED_OTP' }]);
      expect(await userCount(t)).toBe(1);
      expect(await t.db.select().from(bankAccounts).where(eq(bankAccounts.accountNo, attackerBody.bankAccountNo))).toEqual([]);

      // The phone alone does not make /api/otp/send skip the code for the attacker.
      const attackerSend = await call(t.app, endpoints.otpSend, { phoneNumber: owner.username }, attacker);
      expect(attackerSend.json().code).not.toBe('OTP_VERIFIED');
      expect(attackerSend.json().otpToken).not.toBe(ownerToken);

      // The owner registers with the token the wizard kept, once.
      const ownerValidated = await call(t.app, endpoints.accountValidate, { ...owner, otpToken: ownerToken });
      const ownerRegistered = await register(t, { ...owner, otpToken: ownerToken });
      const replayed = await register(t, { ...attackerBody, otpToken: ownerToken });
      expect(ownerValidated.json()).toEqual({ message: 'SUCCESS' });
      expect([ownerRegistered.statusCode, ownerRegistered.json()]).toEqual([200, { message: 'SUCCESS' }]);
      expect(replayed.statusCode).toBeGreaterThanOrEqual(400);
      expect(['UNVERIFIED_OTP', 'EXISTING_USER']).toContain(replayed.json().message);
      expect(await userCount(t)).toBe(2);
      expect((await storedMember(t, owner.username))?.bankAccount?.accountNo).toBe(owner.bankAccountNo);
      expect(await login(t, owner.username, owner.password)).toMatch(/^[\w-]{43}$/);
      const attackerLogin = await call(t.app, endpoints.login, { username: owner.username, password: attackerBody.password });
      expect(attackerLogin.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    });
  });

  describe('in the Laos build', () => {
    it('registers a Laos phone in LAK by default', async () => {
      const t = await buildTestApp({ variant: 'la', registerOtp: false });
      const body = registrationBody({ username: '02055512345', bankCode: 'BCEL', currency: '' });

      const response = await register(t, body);

      expect(response.statusCode).toBe(200);
      expect((await storedMember(t, body.username))?.bankAccount?.currency).toBe('LAK');
    });

    it('registers in BAHT when asked', async () => {
      const t = await buildTestApp({ variant: 'la', registerOtp: false });
      const body = registrationBody({ currency: 'BAHT' });

      await register(t, body);

      expect((await storedMember(t, body.username))?.bankAccount?.currency).toBe('BAHT');
    });

    it('still refuses a phone of 7 digits', async () => {
      const t = await buildTestApp({ variant: 'la', registerOtp: false });

      const response = await register(t, registrationBody({ username: '2055512' }));

      expect(response.json()).toEqual({ message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' });
    });
  });

  describe('in one transaction', () => {
    it('leaves no user behind when the bank account cannot be written', async () => {
      const t = await buildTestApp({ registerOtp: false });
      await t.db.execute(sql`create function refuse_bank_account() returns trigger language plpgsql as $$
        begin raise exception 'bank account refused by test'; end $$`);
      await t.db.execute(sql`create trigger refuse_bank_account before insert on bank_accounts
        for each row execute function refuse_bank_account()`);
      const body = registrationBody();

      try {
        const response = await register(t, body);

        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ message: 'INTERNAL_SERVER_ERROR' });
        expect(await storedMember(t, body.username)).toBeUndefined();
      } finally {
        // The PGlite of this file is reused by the next test: leave its schema as migrated.
        await t.db.execute(sql`drop function refuse_bank_account() cascade`);
      }
    });

    it('keeps the token unused when the registration cannot be written, so the member can try again', async () => {
      const t = await buildTestApp({ registerOtp: true });
      await t.db.execute(sql`create function refuse_bank_account() returns trigger language plpgsql as $$
        begin raise exception 'bank account refused by test'; end $$`);
      await t.db.execute(sql`create trigger refuse_bank_account before insert on bank_accounts
        for each row execute function refuse_bank_account()`);
      const body = registrationBody();
      const otpToken = await verifyPhone(t, body.username);

      try {
        const failed = await register(t, { ...body, otpToken });
        await t.db.execute(sql`drop function refuse_bank_account() cascade`);
        const retried = await register(t, { ...body, otpToken });

        expect(failed.statusCode).toBe(500);
        expect(retried.statusCode).toBe(200);
      } finally {
        await t.db.execute(sql`drop function if exists refuse_bank_account() cascade`);
      }
    });

    it('registers one member from one token, however many registrations race with it', async () => {
      const t = await buildTestApp({ registerOtp: true });
      const phone = registrationBody().username;
      const otpToken = await verifyPhone(t, phone);
      // Different bank accounts, so that only the phone and the token can decide the race.
      const bodies = Array.from({ length: 4 }, () => registrationBody({ username: phone, otpToken }));

      const responses = await Promise.all(bodies.map((body) => register(t, body)));

      const answers = responses.map((response) => `${response.statusCode} ${response.json().message}`);
      expect(answers.filter((answer) => answer === '200 SUCCESS')).toHaveLength(1);
      for (const answer of answers.filter((each) => each !== '200 SUCCESS')) {
        expect(['400 UNVERIFIED_OTP', '409 EXISTING_USER']).toContain(answer);
      }
      expect(await userCount(t)).toBe(2);
      const [accounts] = await t.db.select({ accounts: count() }).from(bankAccounts);
      expect(accounts!.accounts).toBe(1 + 1); // the demo member's and the winner's
    });

    it('gives one success and one EXISTING_USER to two identical registrations at once', async () => {
      const t = await buildTestApp({ registerOtp: false });
      const body = registrationBody();

      const responses = await Promise.all([register(t, body), register(t, body)]);

      const answers = responses.map((response) => `${response.statusCode} ${response.json().message}`).sort();
      expect(answers).toEqual(['200 SUCCESS', '409 EXISTING_USER']);
      expect(await userCount(t)).toBe(2);
    });

    it('gives one success and one EXISTING_BANK to two phones racing for one bank account', async () => {
      const t = await buildTestApp({ registerOtp: false });
      const first = registrationBody();
      const second = registrationBody({ bankCode: first.bankCode, bankAccountNo: first.bankAccountNo });

      const responses = await Promise.all([register(t, first), register(t, second)]);

      const answers = responses.map((response) => `${response.statusCode} ${response.json().message}`).sort();
      expect(answers).toEqual(['200 SUCCESS', '409 EXISTING_BANK']);
      expect(await userCount(t)).toBe(2);
    });
  });
});

describe('POST /api/account/validate', () => {
  it('passes the profile step before any bank field is filled in', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const body = registrationBody({ bankCode: '', bankAccountName: '', bankAccountNo: '' });

    const response = await validate(t, body);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });
    expect(await userCount(t)).toBe(1);
  });

  it('passes a complete registration without creating anyone', async () => {
    const t = await buildTestApp({ registerOtp: false });

    const response = await validate(t, registrationBody());

    expect(response.json()).toEqual({ message: 'SUCCESS' });
    expect(await userCount(t)).toBe(1);
  });

  it.each([
    ['a short password', { password: 'short' }, 400, 'PASSWORD_TOO_SHORT'],
    ['a common password', { password: 'password1' }, 400, 'PASSWORD_TOO_COMMON'],
    ['an unknown bank', { bankCode: 'XYZ', bankAccountNo: '' }, 400, 'INVALID_BANK'],
    ['a bad account number', { bankCode: '', bankAccountNo: '12' }, 400, 'BANK_ACCOUNT_NO_INVALID'],
    ['a Thai name at BBL', { bankCode: 'BBL', bankAccountName: 'สมศักดิ์' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
    ['an unknown invite code', { inviteCode: 'PR404' }, 400, 'INVALID_CODE'],
  ] as const)('checks %s', async (_case, change, status, message) => {
    const t = await buildTestApp({ registerOtp: false });

    const response = await validate(t, registrationBody(change));

    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });

  it('says EXISTING_USER and EXISTING_BANK as registration would', async () => {
    const t = await buildTestApp({ registerOtp: false });
    const member = await registerMember(t);

    const samePhone = await validate(t, registrationBody({ username: member.phone, bankCode: '', bankAccountNo: '' }));
    const sameBank = await validate(t, registrationBody({ bankCode: member.body.bankCode, bankAccountNo: member.body.bankAccountNo }));

    expect([samePhone.statusCode, samePhone.json()]).toEqual([409, { message: 'EXISTING_USER' }]);
    expect([sameBank.statusCode, sameBank.json()]).toEqual([409, { message: 'EXISTING_BANK' }]);
  });

  it('says UNVERIFIED_OTP when OTP is on, until the phone\'s verified token comes with it', async () => {
    const t = await buildTestApp({ registerOtp: true });
    const body = registrationBody({ bankCode: '', bankAccountName: '', bankAccountNo: '' });
    const before = await validate(t, body);

    const otpToken = await verifyPhone(t, body.username);
    const withoutToken = await validate(t, body);
    const withToken = await validate(t, { ...body, otpToken });

    expect(before.json()).toEqual({ message: 'UNVERIFIED_OTP' });
    expect(withoutToken.json()).toEqual({ message: 'UNVERIFIED_OTP' });
    expect(withToken.json()).toEqual({ message: 'SUCCESS' });
  });

  it('does not use the token up: the registration after it still takes it', async () => {
    const t = await buildTestApp({ registerOtp: true });
    const body = registrationBody();
    const otpToken = await verifyPhone(t, body.username);

    await validate(t, { ...body, otpToken });
    await validate(t, { ...body, otpToken });
    const response = await register(t, { ...body, otpToken });

    expect(response.statusCode).toBe(200);
  });
});
