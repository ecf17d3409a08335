/**
 * "Checking your balance": the home's total and its split between wallet
 * and games, Check balance reading every balance again, and the game cards
 * in their carousels, each with its own balance and credits.
 */
import { balanceCard, closeButton, dialog, gameCard, gameHolds, main, openHome, see, type Journey } from '../scene.ts';

/** Two game accounts with money, so the carousel has balances to show. */
const GAMES = [
  { code: 'lotus', name: 'Golden Lotus', amount: 200 },
  { code: 'elephant', name: 'Lucky Elephant', amount: 50 },
];

export const balance: Journey = {
  name: 'balance',
  startsLoggedIn: true,

  async prepare(scene) {
    for (const game of GAMES) await gameHolds(scene, game.code, game.amount);
  },

  async shoot(film, scene) {
    const { page } = film;
    const { t } = scene;
    await openHome(film, scene);
    const card = balanceCard(page, scene);

    await film.step({
      en: 'Your total balance is at the top: your wallet plus every game account.',
      th: 'ยอดเงินรวมอยู่ด้านบน คือเงินในกระเป๋าเงินรวมกับทุกบัญชีเกม',
      la: 'ຍອດເງິນລວມຢູ່ດ້ານເທິງ ຄືເງິນໃນກະເປົາເງິນລວມກັບທຸກບັນຊີເກມ',
    });

    await film.step({
      en: 'Below it, what is in the wallet and what is in games, and when they were read.',
      th: 'ด้านล่างแยกยอดในกระเป๋าเงินกับยอดในเกม และเวลาที่อัปเดตล่าสุด',
      la: 'ດ້ານລຸ່ມແຍກຍອດໃນກະເປົາເງິນກັບຍອດໃນເກມ ແລະ ເວລາທີ່ອັບເດດລ່າສຸດ',
    });

    await film.step(
      {
        en: 'Tap {Check balance} to read every balance again.',
        th: 'แตะ {Check balance} เพื่ออัปเดตยอดเงินทั้งหมดอีกครั้ง',
        la: 'ແຕະ {Check balance} ເພື່ອອັບເດດຍອດເງິນທັງໝົດອີກຄັ້ງ',
      },
      async () => {
        const read = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/wallet'));
        await film.tap(card.getByRole('button', { name: t('Check balance') }));
        await read;
      },
    );

    const slots = main(page).getByRole('region', { name: t('Slots') });
    await film.step(
      {
        en: 'Further down, each game card shows its balance and its credits.',
        th: 'เลื่อนลงมา การ์ดเกมแต่ละใบแสดงยอดเงินและเครดิตในเกม',
        la: 'ເລື່ອນລົງມາ ບັດເກມແຕ່ລະໃບສະແດງຍອດເງິນ ແລະ ເຄຣດິດໃນເກມ',
      },
      async () => {
        await film.reveal(slots);
        await film.tap(slots.getByRole('button', { name: t('Next games') }));
      },
    );

    const game = dialog(page, GAMES[1]!.name);
    await film.step(
      {
        en: 'Tap a game to see its account and its balance.',
        th: 'แตะเกมเพื่อดูบัญชีและยอดเงินในเกมนั้น',
        la: 'ແຕະເກມເພື່ອເບິ່ງບັນຊີ ແລະ ຍອດເງິນໃນເກມນັ້ນ',
      },
      async () => {
        await film.tap(gameCard(page, GAMES[1]!.name));
        await see(game.getByText(t('Game balance')));
      },
    );

    await film.step(
      {
        en: 'Close it to go back to your home.',
        th: 'ปิดหน้าต่างเพื่อกลับไปที่หน้าหลัก',
        la: 'ປິດໜ້າຕ່າງເພື່ອກັບໄປທີ່ໜ້າຫຼັກ',
      },
      async () => {
        await film.tap(closeButton(game, scene));
        await game.waitFor({ state: 'hidden' });
      },
    );
  },
};
