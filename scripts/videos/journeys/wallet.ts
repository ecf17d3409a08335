/**
 * "Using your wallet": log in, see the balance, open Deposit and the
 * accounts to transfer to; a bank transfer arrives (the operator credits it
 * off camera, as the bank's notice would) and Check balance shows it.
 */
import { balanceCard, closeButton, creditDeposit, dialog, main, see, type Journey } from '../scene.ts';

const DEPOSIT = 500;

export const wallet: Journey = {
  name: 'wallet',
  startsLoggedIn: false,

  async shoot(film, scene) {
    const { page } = film;
    const { t } = scene;
    await page.goto(`${scene.url}/login`);
    const form = main(page);
    await see(form.getByLabel(t('Phone number'), { exact: true }));
    film.roll();

    await film.step(
      {
        en: 'Log in with the phone number and password you registered with.',
        th: 'เข้าสู่ระบบด้วยเบอร์โทรศัพท์และรหัสผ่านที่คุณใช้สมัครสมาชิก',
        la: 'ເຂົ້າສູ່ລະບົບດ້ວຍເບີໂທລະສັບ ແລະ ລະຫັດຜ່ານທີ່ທ່ານໃຊ້ລົງທະບຽນ',
      },
      async () => {
        await film.type(form.getByLabel(t('Phone number'), { exact: true }), scene.demo.phone);
        await film.type(form.getByLabel(t('Password'), { exact: true }), scene.demo.password);
        await film.tap(form.getByRole('button', { name: t('Log in'), exact: true }));
        await see(balanceCard(page, scene));
      },
    );

    await film.step({
      en: 'Your home shows your total balance: the wallet and your games.',
      th: 'หน้าหลักแสดงยอดเงินรวมของคุณ ทั้งในกระเป๋าเงินและในเกม',
      la: 'ໜ້າຫຼັກສະແດງຍອດເງິນລວມຂອງທ່ານ ທັງໃນກະເປົາເງິນ ແລະ ໃນເກມ',
    });

    const deposit = dialog(page, t('Deposit'));
    await film.step(
      {
        en: 'Tap {Deposit} to see the accounts you can transfer money to.',
        th: 'แตะ {Deposit} เพื่อดูบัญชีที่คุณโอนเงินเข้าได้',
        la: 'ແຕະ {Deposit} ເພື່ອເບິ່ງບັນຊີທີ່ທ່ານໂອນເງິນເຂົ້າໄດ້',
      },
      async () => {
        await film.tap(main(page).getByRole('region', { name: t('Wallet actions') }).getByRole('button', { name: t('Deposit') }));
        await see(deposit);
      },
    );

    await film.step(
      {
        en: 'Transfer from your registered bank account, shown below them.',
        th: 'โอนจากบัญชีธนาคารที่คุณลงทะเบียนไว้ ซึ่งแสดงอยู่ด้านล่าง',
        la: 'ໂອນຈາກບັນຊີທະນາຄານທີ່ທ່ານລົງທະບຽນໄວ້ ເຊິ່ງສະແດງຢູ່ດ້ານລຸ່ມ',
      },
      () => film.reveal(deposit.getByText(t('Your registered account'), { exact: true })),
    );

    await film.step(
      {
        en: 'You can also pay with a {QR code} or {TrueMoney}.',
        th: 'หรือฝากด้วย {QR code} หรือ {TrueMoney} ก็ได้',
        la: 'ຫຼື ຝາກດ້ວຍ {QR code} ຫຼື {TrueMoney} ກໍໄດ້',
      },
      async () => {
        await film.tap(deposit.locator('label').filter({ hasText: t('QR code') }));
        await see(deposit.getByRole('region', { name: t('QR code') }));
      },
    );

    const card = balanceCard(page, scene);
    await film.step(
      {
        en: 'When your transfer has arrived, tap {Check balance}: it is in your wallet.',
        th: 'เมื่อเงินโอนเข้าแล้ว แตะ {Check balance} ยอดเงินจะเข้ากระเป๋าเงินของคุณ',
        la: 'ເມື່ອເງິນໂອນເຂົ້າແລ້ວ ແຕະ {Check balance} ຍອດເງິນຈະເຂົ້າກະເປົາເງິນຂອງທ່ານ',
      },
      async () => {
        await film.tap(closeButton(deposit, scene));
        await deposit.waitFor({ state: 'hidden' });
        await creditDeposit(scene, DEPOSIT);
        await film.tap(card.getByRole('button', { name: t('Check balance') }));
        await see(card.getByText(`฿${DEPOSIT.toFixed(2)}`, { exact: true }).first());
      },
    );
  },
};
