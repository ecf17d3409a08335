/**
 * "Cancelling a bonus", on the real bonus page: the active bonus (WELCOME100,
 * received off camera when the bonus film did not leave one), Cancel bonus,
 * the warning of what goes back, the confirmation, and the page offering
 * bonuses and the promotion code again.
 */
import { activeBonus, dialog, emptyGames, main, openHome, see, type Journey } from '../scene.ts';

const BONUS = 'WELCOME100';

export const bonusCancel: Journey = {
  name: 'bonus-cancel',
  startsLoggedIn: true,

  async prepare(scene) {
    if (await activeBonus(scene)) return;
    await emptyGames(scene);
    await scene.api.call('GET', `/api/bonus/activate/${BONUS}`, await scene.memberToken());
  },

  async shoot(film, scene) {
    const { page } = film;
    const { t } = scene;
    await openHome(film, scene);

    const active = main(page).getByRole('region', { name: BONUS });
    await film.step(
      {
        en: 'Tap {Bonus conditions}: your active bonus is at the top of the bonus page.',
        th: 'แตะ {Bonus conditions} โบนัสที่ใช้งานอยู่จะแสดงด้านบนของหน้าโบนัส',
        la: 'ແຕະ {Bonus conditions} ໂບນັດທີ່ໃຊ້ຢູ່ຈະສະແດງຢູ່ດ້ານເທິງຂອງໜ້າໂບນັດ',
      },
      async () => {
        await film.tap(main(page).getByRole('link', { name: t('Bonus conditions') }));
        await see(active);
      },
    );

    const confirm = dialog(page, t('Cancel this bonus?'));
    await film.step(
      {
        en: 'To end it, tap {Cancel bonus}.',
        th: 'หากต้องการยกเลิก แตะ {Cancel bonus}',
        la: 'ຖ້າຕ້ອງການຍົກເລີກ ແຕະ {Cancel bonus}',
      },
      async () => {
        await film.tap(active.getByRole('button', { name: t('Cancel bonus') }));
        await see(confirm);
      },
    );

    await film.step({
      en: 'Read what happens: the part of the bonus you have not played goes back.',
      th: 'อ่านสิ่งที่จะเกิดขึ้น ส่วนของโบนัสที่ยังไม่ได้เล่นจะถูกหักคืน',
      la: 'ອ່ານສິ່ງທີ່ຈະເກີດຂຶ້ນ ສ່ວນຂອງໂບນັດທີ່ຍັງບໍ່ໄດ້ຫຼິ້ນຈະຖືກຫັກຄືນ',
    });

    const cleared = page.getByRole('alertdialog');
    await film.step(
      {
        en: 'Sure? Tap {Cancel bonus} again. To keep it, tap {Keep bonus}.',
        th: 'แน่ใจแล้ว แตะ {Cancel bonus} อีกครั้ง หากต้องการเก็บไว้ แตะ {Keep bonus}',
        la: 'ແນ່ໃຈແລ້ວ ແຕະ {Cancel bonus} ອີກຄັ້ງ ຖ້າຕ້ອງການເກັບໄວ້ ແຕະ {Keep bonus}',
      },
      async () => {
        await film.tap(confirm.getByRole('button', { name: t('Cancel bonus') }));
        await see(cleared);
      },
    );

    await film.step(
      {
        en: 'The bonus is cancelled. The page says how much went back from your wallet.',
        th: 'ยกเลิกโบนัสแล้ว หน้าจอแจ้งยอดที่ถูกหักคืนจากกระเป๋าเงินของคุณ',
        la: 'ຍົກເລີກໂບນັດແລ້ວ ໜ້າຈໍແຈ້ງຍອດທີ່ຖືກຫັກຄືນຈາກກະເປົາເງິນຂອງທ່ານ',
      },
      async () => {
        await film.tap(cleared.getByRole('button', { name: t('OK') }));
        await cleared.waitFor({ state: 'hidden' });
      },
    );

    await film.step(
      {
        en: 'Now you can choose another bonus or enter a promotion code.',
        th: 'ตอนนี้คุณเลือกโบนัสอื่นหรือกรอกโค้ดโปรโมชันได้อีกครั้ง',
        la: 'ຕອນນີ້ທ່ານສາມາດເລືອກໂບນັດອື່ນ ຫຼື ປ້ອນລະຫັດໂປຣໂມຊັນໄດ້ອີກຄັ້ງ',
      },
      () => see(main(page).getByLabel(t('Enter your promotion code'))),
    );
  },
};
