/**
 * "Taking a bonus", on the real bonus page: from the home's Bonus conditions,
 * a promotion code looked up (the demo's MEKONG50) and its conditions read,
 * then a bonus card (WELCOME100) opened and received; the page then shows it
 * active with the turnover still to play.
 */
import { DEMO_PROMOTION_CODE } from '../../../src/server/db/seed-data.ts';
import { activeBonus, closeButton, dialog, emptyGames, main, openHome, see, type Journey } from '../scene.ts';

const BONUS = 'WELCOME100';

export const bonus: Journey = {
  name: 'bonus',
  startsLoggedIn: true,

  async prepare(scene) {
    // A bonus is received with nothing in games and no other bonus running.
    await emptyGames(scene);
    if (await activeBonus(scene)) await scene.api.call('GET', '/api/bonus/clear', await scene.memberToken());
  },

  async shoot(film, scene) {
    const { page } = film;
    const { t } = scene;
    await openHome(film, scene);

    const code = main(page).getByLabel(t('Enter your promotion code'));
    await film.step(
      {
        en: 'On your home, tap {Bonus conditions} to open the bonus page.',
        th: 'ที่หน้าหลัก แตะ {Bonus conditions} เพื่อเปิดหน้าโบนัส',
        la: 'ຢູ່ໜ້າຫຼັກ ແຕະ {Bonus conditions} ເພື່ອເປີດໜ້າໂບນັດ',
      },
      async () => {
        await film.tap(main(page).getByRole('link', { name: t('Bonus conditions') }));
        await see(code);
      },
    );

    const promotion = dialog(page);
    await film.step(
      {
        en: 'Have a promotion code? Type it here and tap {Search}.',
        th: 'มีโค้ดโปรโมชันไหม พิมพ์ที่นี่แล้วแตะ {Search}',
        la: 'ມີລະຫັດໂປຣໂມຊັນບໍ່ ພິມໃສ່ບ່ອນນີ້ແລ້ວແຕະ {Search}',
      },
      async () => {
        await film.type(code, DEMO_PROMOTION_CODE);
        await film.tap(main(page).getByRole('button', { name: t('Search') }));
        await see(promotion.getByRole('button', { name: t('Receive promotion') }));
      },
    );

    await film.step(
      {
        en: 'It shows the promotion and its conditions. This time we close it and pick a bonus instead.',
        th: 'หน้าต่างแสดงโปรโมชันและเงื่อนไข ครั้งนี้เราปิดไว้ก่อนแล้วเลือกโบนัสแทน',
        la: 'ໜ້າຕ່າງສະແດງໂປຣໂມຊັນ ແລະ ເງື່ອນໄຂ ເທື່ອນີ້ເຮົາປິດໄວ້ກ່ອນ ແລ້ວເລືອກໂບນັດແທນ',
      },
      async () => {
        await film.tap(closeButton(promotion, scene));
        await promotion.waitFor({ state: 'hidden' });
      },
    );

    const card = main(page).getByRole('button', { name: new RegExp(`^${BONUS}\\b`) });
    const offer = dialog(page, BONUS);
    const receive = offer.getByRole('button', { name: t('Receive bonus') });
    await film.step(
      {
        en: 'Tap a bonus card to read what it gives and what you must play.',
        th: 'แตะการ์ดโบนัสเพื่ออ่านว่าจะได้รับอะไรและต้องทำยอดเล่นเท่าไร',
        la: 'ແຕະບັດໂບນັດເພື່ອອ່ານວ່າຈະໄດ້ຮັບຫຍັງ ແລະ ຕ້ອງຫຼິ້ນໃຫ້ໄດ້ເທົ່າໃດ',
      },
      async () => {
        await film.reveal(card);
        await film.tap(card);
        await see(receive);
        await film.reveal(receive);
      },
    );

    const received = page.getByRole('alertdialog');
    await film.step(
      {
        en: 'Tap {Receive bonus}: the bonus goes into your wallet.',
        th: 'แตะ {Receive bonus} แล้วโบนัสจะเข้ากระเป๋าเงินของคุณ',
        la: 'ແຕະ {Receive bonus} ແລ້ວໂບນັດຈະເຂົ້າກະເປົາເງິນຂອງທ່ານ',
      },
      async () => {
        await film.tap(receive);
        await see(received);
      },
    );

    const active = main(page).getByRole('region', { name: BONUS });
    await film.step(
      {
        en: 'Your active bonus is at the top of the page, with the turnover still to play.',
        th: 'โบนัสที่ใช้งานอยู่แสดงด้านบนของหน้า พร้อมยอดเล่นที่ต้องทำให้ครบ',
        la: 'ໂບນັດທີ່ໃຊ້ຢູ່ສະແດງຢູ່ດ້ານເທິງຂອງໜ້າ ພ້ອມຍອດຫຼິ້ນທີ່ຕ້ອງເຮັດໃຫ້ຄົບ',
      },
      async () => {
        await film.tap(received.getByRole('button', { name: t('OK') }));
        await see(active);
        await film.reveal(active);
      },
    );
  },
};
