/**
 * "Starting a game": a game card opens its account modal, Open account gives
 * the game's username and password, and the transfer modal moves credit
 * from the wallet into the game, which its card then shows.
 */
import { balanceCard, closeButton, dialog, gameCard, openHome, see, walletHolds, type Journey } from '../scene.ts';

const GAME = { code: 'lotus', name: 'Golden Lotus' };
const TO_GAME = 200;

export const play: Journey = {
  name: 'play',
  startsLoggedIn: true,

  async prepare(scene) {
    await walletHolds(scene, TO_GAME);
  },

  async shoot(film, scene) {
    const { page } = film;
    const { t } = scene;
    await openHome(film, scene);

    const game = dialog(page, GAME.name);
    await film.step(
      {
        en: 'Every game has an account of its own. Tap the game you want.',
        th: 'แต่ละเกมมีบัญชีของตัวเอง แตะเกมที่คุณต้องการ',
        la: 'ແຕ່ລະເກມມີບັນຊີຂອງມັນເອງ ແຕະເກມທີ່ທ່ານຕ້ອງການ',
      },
      async () => {
        await film.reveal(gameCard(page, GAME.name));
        await film.tap(gameCard(page, GAME.name));
        await see(game);
      },
    );

    await film.step(
      {
        en: 'Tap {Open account}: you get a username and password for this game.',
        th: 'แตะ {Open account} แล้วคุณจะได้ชื่อผู้ใช้และรหัสผ่านของเกมนี้',
        la: 'ແຕະ {Open account} ແລ້ວທ່ານຈະໄດ້ຊື່ຜູ້ໃຊ້ ແລະ ລະຫັດຜ່ານຂອງເກມນີ້',
      },
      async () => {
        await film.tap(game.getByRole('button', { name: t('Open account'), exact: true }));
        await see(game.getByRole('button', { name: t('Enter game') }));
      },
    );

    const transfer = dialog(page, t('Transfer'));
    await film.step(
      {
        en: 'To put credit in the game, close this and tap {Transfer}.',
        th: 'หากต้องการเติมเครดิตเข้าเกม ปิดหน้าต่างนี้แล้วแตะ {Transfer}',
        la: 'ຖ້າຕ້ອງການເຕີມເຄຣດິດເຂົ້າເກມ ປິດໜ້າຕ່າງນີ້ແລ້ວແຕະ {Transfer}',
      },
      async () => {
        await film.tap(closeButton(game, scene));
        await game.waitFor({ state: 'hidden' });
        await film.tap(balanceCard(page, scene).getByRole('button', { name: t('Transfer'), exact: true }));
        await see(transfer);
      },
    );

    await film.step(
      {
        en: 'Choose the game, enter the amount and tap {Continue}.',
        th: 'เลือกเกม กรอกจำนวนเงิน แล้วแตะ {Continue}',
        la: 'ເລືອກເກມ ປ້ອນຈຳນວນເງິນ ແລ້ວແຕະ {Continue}',
      },
      async () => {
        const to = transfer.getByLabel(t('To'), { exact: true });
        await film.tap(to);
        await to.selectOption(GAME.code);
        await film.type(transfer.getByLabel(t('Amount'), { exact: true }), String(TO_GAME));
        await film.tap(transfer.getByRole('button', { name: t('Continue') }));
        await see(transfer.getByRole('button', { name: t('Confirm transfer') }));
      },
    );

    await film.step(
      {
        en: 'Check the details, then tap {Confirm transfer}.',
        th: 'ตรวจสอบรายละเอียด แล้วแตะ {Confirm transfer}',
        la: 'ກວດສອບລາຍລະອຽດ ແລ້ວແຕະ {Confirm transfer}',
      },
      async () => {
        await film.tap(transfer.getByRole('button', { name: t('Confirm transfer') }));
        await see(transfer.getByRole('status').filter({ hasText: t('Transfer complete') }));
      },
    );

    await film.step(
      {
        en: 'The credit is in the game. Open it again and tap {Enter game} to play.',
        th: 'เครดิตเข้าเกมแล้ว เปิดเกมอีกครั้งแล้วแตะ {Enter game} เพื่อเริ่มเล่น',
        la: 'ເຄຣດິດເຂົ້າເກມແລ້ວ ເປີດເກມອີກຄັ້ງແລ້ວແຕະ {Enter game} ເພື່ອເລີ່ມຫຼິ້ນ',
      },
      async () => {
        await film.tap(transfer.getByRole('button', { name: t('Done') }));
        await transfer.waitFor({ state: 'hidden' });
        await film.reveal(gameCard(page, GAME.name));
        await film.tap(gameCard(page, GAME.name));
        await see(game.getByText(`฿${TO_GAME.toFixed(2)}`).first());
      },
    );
  },
};
