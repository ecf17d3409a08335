/**
 * What a new installation starts with. Seeding only adds what is missing, so
 * an operator's later edits in the database stand.
 */
import type { WheelDefinition } from '../../contract/rewards.ts';
import type { Localized } from '../language.ts';
import type { bonuses, games } from './schema.ts';
import type { Settings } from './settings-shape.ts';

export const SEED_BANKS: { code: string; nameTh: string; nameEn: string }[] = [
  { code: 'KBANK', nameTh: 'ธนาคารกสิกรไทย', nameEn: 'Kasikornbank' },
  { code: 'SCB', nameTh: 'ธนาคารไทยพาณิชย์', nameEn: 'Siam Commercial Bank' },
  { code: 'KTB', nameTh: 'ธนาคารกรุงไทย', nameEn: 'Krungthai Bank' },
  { code: 'BBL', nameTh: 'ธนาคารกรุงเทพ', nameEn: 'Bangkok Bank' },
  { code: 'BAY', nameTh: 'ธนาคารกรุงศรีอยุธยา', nameEn: 'Bank of Ayudhya (Krungsri)' },
  // TMB merged with Thanachart into ttb; members and the spec still know the code TMB.
  { code: 'TMB', nameTh: 'ธนาคารทหารไทยธนชาต', nameEn: 'TMBThanachart Bank (ttb)' },
  { code: 'GSB', nameTh: 'ธนาคารออมสิน', nameEn: 'Government Savings Bank' },
  { code: 'BAAC', nameTh: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', nameEn: 'Bank for Agriculture and Agricultural Cooperatives' },
  { code: 'GHB', nameTh: 'ธนาคารอาคารสงเคราะห์', nameEn: 'Government Housing Bank' },
  { code: 'KKP', nameTh: 'ธนาคารเกียรตินาคินภัทร', nameEn: 'Kiatnakin Phatra Bank' },
  { code: 'CIMBT', nameTh: 'ธนาคารซีไอเอ็มบี ไทย', nameEn: 'CIMB Thai Bank' },
  { code: 'UOBT', nameTh: 'ธนาคารยูโอบี', nameEn: 'United Overseas Bank (Thai)' },
  { code: 'BCEL', nameTh: 'ธนาคารการค้าต่างประเทศลาว', nameEn: 'Banque pour le Commerce Extérieur Lao' },
];

export const SEED_SOURCES: { code: string; description: Localized }[] = [
  { code: 'facebook', description: { th: 'เฟซบุ๊ก', la: 'ເຟສບຸກ', en: 'Facebook' } },
  { code: 'google', description: { th: 'กูเกิล', la: 'ກູໂກ', en: 'Google' } },
  { code: 'line', description: { th: 'ไลน์', la: 'ລາຍ', en: 'LINE' } },
  { code: 'youtube', description: { th: 'ยูทูบ', la: 'ຢູທູບ', en: 'YouTube' } },
  { code: 'friend', description: { th: 'เพื่อนแนะนำ', la: 'ໝູ່ແນະນຳ', en: 'A friend told me' } },
  { code: 'other', description: { th: 'อื่น ๆ', la: 'ອື່ນໆ', en: 'Other' } },
];

export const DEFAULT_SETTINGS: Settings = {
  registerOTP: true,
  info: { name: 'Mekong Wallet', website: 'https://mekongwallet.example' },
  contact: {
    contactText: {
      th: 'ติดต่อทีมงานได้ตลอด 24 ชั่วโมงทางไลน์',
      la: 'ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງທາງລາຍ',
      en: 'Our team answers on LINE, 24 hours a day.',
    },
    lineLink: 'https://line.me/R/ti/p/@mekongwallet',
    lineName: '@mekongwallet',
    lineQR: '/images/contact-qr.svg',
  },
  conditions: {
    th: [
      '<p>สมาชิกต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป</p>',
      '<p>หนึ่งคนสมัครได้หนึ่งบัญชี และชื่อบัญชีธนาคารต้องตรงกับชื่อผู้สมัคร</p>',
      '<p>การถอนเงินจะโอนเข้าบัญชีธนาคารที่ลงทะเบียนไว้เท่านั้น</p><ul><li>เปลี่ยนบัญชีธนาคารได้โดยติดต่อทีมงาน</li><li>ทีมงานอาจขอเอกสารยืนยันตัวตน</li></ul>',
    ],
    la: [
      '<p>ສະມາຊິກຕ້ອງມີອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ</p>',
      '<p>ໜຶ່ງຄົນສະໝັກໄດ້ໜຶ່ງບັນຊີ ແລະ ຊື່ບັນຊີທະນາຄານຕ້ອງກົງກັບຊື່ຜູ້ສະໝັກ</p>',
      '<p>ການຖອນເງິນຈະໂອນເຂົ້າບັນຊີທະນາຄານທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ</p><ul><li>ປ່ຽນບັນຊີທະນາຄານໄດ້ໂດຍຕິດຕໍ່ທີມງານ</li><li>ທີມງານອາດຂໍເອກະສານຢັ້ງຢືນຕົວຕົນ</li></ul>',
    ],
    en: [
      '<p>Members must be 18 years of age or older.</p>',
      '<p>One account per person, and the bank account name must match the member’s name.</p>',
      '<p>Withdrawals are paid only to the registered bank account.</p><ul><li>To change the bank account, contact our team.</li><li>Our team may ask for proof of identity.</li></ul>',
    ],
  },
  agreements: {
    th: [
      '<p>เมื่อสมัครสมาชิก ท่านยอมรับข้อกำหนดการใช้บริการ</p><ul><li>เก็บรหัสผ่านของท่านเป็นความลับ</li><li>ทีมงานจะไม่ขอรหัสผ่านหรือรหัส OTP จากท่าน</li></ul>',
      '<p>เราเก็บเบอร์โทรศัพท์และข้อมูลบัญชีธนาคารของท่านเพื่อให้บริการบัญชีเท่านั้น และจะไม่ขายข้อมูลให้ผู้อื่น</p>',
    ],
    la: [
      '<p>ເມື່ອສະໝັກສະມາຊິກ ທ່ານຍອມຮັບຂໍ້ກຳນົດການນຳໃຊ້ບໍລິການ</p><ul><li>ເກັບລະຫັດຜ່ານຂອງທ່ານເປັນຄວາມລັບ</li><li>ທີມງານຈະບໍ່ຂໍລະຫັດຜ່ານ ຫຼື ລະຫັດ OTP ຈາກທ່ານ</li></ul>',
      '<p>ພວກເຮົາເກັບເບີໂທລະສັບ ແລະ ຂໍ້ມູນບັນຊີທະນາຄານຂອງທ່ານເພື່ອໃຫ້ບໍລິການບັນຊີເທົ່ານັ້ນ ແລະ ຈະບໍ່ຂາຍຂໍ້ມູນໃຫ້ຜູ້ອື່ນ</p>',
    ],
    en: [
      '<p>By registering you accept the terms of service.</p><ul><li>Keep your password secret.</li><li>Our team will never ask for your password or OTP code.</li></ul>',
      '<p>We keep your phone number and bank account details only to run your account, and we never sell them.</p>',
    ],
  },
  notice: {
    th: '<strong>ยินดีต้อนรับสู่ Mekong Wallet</strong> ทีมงานพร้อมให้บริการตลอด 24 ชั่วโมง',
    la: '<strong>ຍິນດີຕ້ອນຮັບສູ່ Mekong Wallet</strong> ທີມງານພ້ອມໃຫ້ບໍລິການຕະຫຼອດ 24 ຊົ່ວໂມງ',
    en: '<strong>Welcome to Mekong Wallet.</strong> Our team is here for you 24 hours a day.',
  },
  enableChatWidget: true,
  serviceTerminated: false,
  withdrawMin: 100,
  withdrawMax: 50_000,
  transferMin: 1,
  depositAccounts: [
    { bankCode: 'KBANK', bankType: 'BANK', mode: 'AUTO', bankAccountName: 'MEKONG WALLET CO LTD', bankAccountNo: '0418812345', currency: 'BAHT', promptPayId: '0105561234567' },
    { bankCode: 'SCB', bankType: 'BANK', mode: 'AUTO', bankAccountName: 'MEKONG WALLET CO LTD', bankAccountNo: '1112223334', currency: 'BAHT', promptPayId: null },
    { bankCode: 'GSB', bankType: 'BANK', mode: 'MANUAL', bankAccountName: 'MEKONG WALLET CO LTD', bankAccountNo: '0201234567', currency: 'BAHT', promptPayId: null },
    { bankCode: 'WW', bankType: 'PAYMENT', mode: 'AUTO', bankAccountName: 'MEKONG WALLET CO LTD', bankAccountNo: 'WW-0001', currency: 'BAHT', promptPayId: '0105561234567' },
    { bankCode: 'E2P', bankType: 'PAYMENT', mode: 'AUTO', bankAccountName: 'MEKONG WALLET CO LTD', bankAccountNo: 'E2P-0001', currency: 'BAHT', promptPayId: '0105561234567' },
  ],
  depositWallets: [{ mode: 'AUTO', walletAccountName: 'MEKONG WALLET' }],
  depositIsManual: false,
  qrMinutes: 15,
  qrMinimums: { KBANK: 1, WW: 100, E2P: 50 },
  // The default withdrawal maximum: as much as may leave in one go may come in (docs/decisions/0070-deposit-maximums.md).
  qrMaximum: 50_000,
  slipClosingTime: '23:30',
  slipMaxAgeMinutes: 60,
  trueWalletMinimum: 2,
  trueWalletMaximum: 10_000,
  // About the same money in either currency; the demo offers (at most 1,000 baht to a member in a period, played at least twice) are within them.
  offerGrantCeiling: { BAHT: 1_000, LAK: 500_000 },
  offerMinTurnoverMultiplier: 2,
  // About the same money in either currency.
  approvalThreshold: { BAHT: 20_000, LAK: 4_000_000 },
  // A day's work of slips and payouts for one operator; a larger day takes a second operator's approvals.
  operatorDailyAlone: { BAHT: 1_000_000, LAK: 200_000_000 },
  // Corrections are rare: a few a day alone; more take a second operator.
  adjustmentCreditsAlone: { BAHT: 50_000, LAK: 10_000_000 },
  // Off until an operator (or the demo seed) turns them on: a new install pays nothing by default.
  invite: { active: false, percent: 0, minimumDeposit: 100, turnoverMultiplier: 1, windowDays: 7 },
  refund: { active: false, percent: 0, period: 'week', minimum: 0, info: { th: '', la: '', en: '' } },
  wheelCoins: { BAHT: 0, LAK: 0 },
  // Percent of a coin's price: below the reference games' 5 % house edge, so betting for coins loses money.
  wheelReturnCeiling: 3,
  inviteBanners: [],
  refundBanners: [],
};

/** spec: the demo member's profile; the phone and password come from the config. */
export const DEMO_MEMBER = {
  name: 'SOMCHAI JAIDEE',
  bankCode: 'KBANK',
  accountNo: '1234567890',
  accountName: 'SOMCHAI JAIDEE',
} as const;

/** Wheel coins the demo member starts with, so the wheel can be tried before bets earn any. */
export const DEMO_MEMBER_COINS = 3;

/**
 * The operator demo mode adds, so the support inbox (/ops/chat) can be tried
 * without OPERATOR_PHONE: an admin, which logs in with phone and password
 * alone in demo mode (no second factor enrolled; auth/login.ts). Its
 * password is in the source: production disables it (db/seed.ts) and
 * refuses the password anywhere (config.ts VALUES_IN_THE_SOURCE).
 */
export const DEMO_OPERATOR = {
  phone: '0800000999',
  password: 'demo-agent-1234',
  name: 'Demo agent',
  role: 'admin',
} as const;

/** A game row as seeding adds it (repositories/games.ts addMissingGames); its order and activity are the table's defaults. */
type NewGame = Omit<typeof games.$inferInsert, 'sortOrder' | 'active'>;
type SeedGame = Omit<NewGame, 'provider' | 'logo' | 'background' | 'web'>;

/** A game of the built-in reference provider, with its artwork in public/games/ and its page at /games/{code}. */
function referenceGame(game: SeedGame): NewGame {
  return {
    ...game,
    provider: 'reference',
    logo: `/games/${game.code}-logo.webp`,
    background: `/games/${game.code}-bg.webp`,
    web: `/games/${game.code}`,
  };
}

/** App links: the same page, marked with the app that opened it (the entry adds its one-time token). */
const appLinks = (code: string) => ({ android: `/games/${code}?app=android`, ios: `/games/${code}?app=ios` });

/**
 * The games a new installation offers, in carousel order per category
 * (spec 2: slot; sport; lotto). Between them they use every entry style
 * (docs/decisions/0053-game-entry-autologin-and-kinds.md); only Naga Treasure's login form needs the
 * form-state `event` fields.
 */
export const SEED_GAMES: NewGame[] = [
  referenceGame({ code: 'lotus', name: 'Golden Lotus', category: 'slot', ftWalletSlot: 1, entry: 'token_link' }),
  referenceGame({ code: 'elephant', name: 'Lucky Elephant', category: 'slot', ftWalletSlot: 100, entry: 'app_links', ...appLinks('elephant') }),
  referenceGame({ code: 'naga', name: 'Naga Treasure', category: 'slot', ftWalletSlot: 10, entry: 'login_form' }),
  referenceGame({ code: 'songkran', name: 'Songkran Splash', category: 'slot', ftWalletSlot: 1, entry: 'credentials_link' }),
  referenceGame({ code: 'tuktuk', name: 'Tuk Tuk Spins', category: 'slot', ftWalletSlot: 100, entry: 'token_link' }),
  referenceGame({ code: 'muaythai', name: 'Muay Thai Kick', category: 'sport', ftWalletSlot: 1, entry: 'token_link' }),
  referenceGame({ code: 'boatrace', name: 'Dragon Boat Race', category: 'sport', ftWalletSlot: 10, entry: 'app_links', ...appLinks('boatrace') }),
  referenceGame({ code: 'riverfc', name: 'River Cup Football', category: 'sport', ftWalletSlot: 1, entry: 'credentials_link' }),
  referenceGame({ code: 'luckylotto', name: 'Lucky Lotto', category: 'lotto', ftWalletSlot: 1, entry: 'token_link' }),
  referenceGame({ code: 'fullmoon', name: 'Full Moon Lotto', category: 'lotto', ftWalletSlot: 100, entry: 'credentials_link' }),
  referenceGame({ code: 'lantern', name: 'Lantern Lotto', category: 'lotto', ftWalletSlot: 10, entry: 'app_links', ...appLinks('lantern') }),
];

/** The demo's promotion code, printed at start in demo mode. */
export const DEMO_PROMOTION_CODE = 'MEKONG50';

type DemoOffer = Omit<typeof bonuses.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'currency' | 'status'>;

const banner = (image: string, th: string, la: string, en: string) => ({ image: `/images/bonuses/${image}.svg`, html: { th, la, en } });

/**
 * Offers for trying the app (demo mode only; docs/decisions/0095-bonuses-on-the-ledger.md):
 * one bonus of each type and one promotion code, in baht. Amounts are minor units.
 */
export const DEMO_OFFERS: DemoOffer[] = [
  {
    code: 'WELCOME100',
    kind: 'bonus',
    bonusType: 'limit',
    maxReceived: 1,
    percentFail: 20,
    banners: [
      banner(
        'welcome',
        '<h3>โบนัสต้อนรับ 100 บาท</h3><p>รับได้ครั้งเดียว ทำยอดเล่น 3 เท่าก่อนถอน</p>',
        '<h3>ໂບນັດຕ້ອນຮັບ 100 ບາດ</h3><p>ຮັບໄດ້ຄັ້ງດຽວ ຫຼິ້ນໃຫ້ໄດ້ 3 ເທົ່າກ່ອນຖອນ</p>',
        '<h3>Welcome bonus of 100 baht</h3><p>Once per member. Play 3 times the bonus before withdrawing.</p>',
      ),
    ],
    description: { th: '<p>โบนัสต้อนรับ 100 บาท</p>', la: '<p>ໂບນັດຕ້ອນຮັບ 100 ບາດ</p>', en: '<p>Welcome bonus of 100 baht</p>' },
    grantKind: 'fixed',
    grantAmount: 10_000n,
    turnoverMultiplier: 3,
    withdrawCap: 200_000n,
    endThreshold: 500n,
  },
  {
    code: 'DAILY10',
    kind: 'bonus',
    bonusType: 'day',
    maxReceived: 1,
    percentFail: 50,
    banners: [
      banner(
        'daily',
        '<h3>ฝากวันนี้ รับ 10%</h3><p>สูงสุด 200 บาท วันละครั้ง ฝากขั้นต่ำ 100 บาท</p>',
        '<h3>ຝາກມື້ນີ້ ຮັບ 10%</h3><p>ສູງສຸດ 200 ບາດ ມື້ລະຄັ້ງ ຝາກຂັ້ນຕ່ຳ 100 ບາດ</p>',
        '<h3>10% on today’s deposit</h3><p>Up to 200 baht, once a day, for a deposit of at least 100 baht.</p>',
      ),
    ],
    description: { th: '<p>โบนัสรายวัน 10%</p>', la: '<p>ໂບນັດລາຍວັນ 10%</p>', en: '<p>Daily 10% bonus</p>' },
    grantKind: 'percent',
    grantPercent: 10,
    grantCap: 20_000n,
    minDeposit: 10_000n,
    turnoverMultiplier: 5,
    endThreshold: 500n,
  },
  {
    code: 'WEEKLY20',
    kind: 'bonus',
    bonusType: 'week',
    maxReceived: 2,
    percentFail: 30,
    banners: [
      banner(
        'weekly',
        '<h3>โบนัสรายสัปดาห์ 20%</h3><p>สูงสุด 500 บาท สัปดาห์ละ 2 ครั้ง ฝากขั้นต่ำ 300 บาท</p>',
        '<h3>ໂບນັດລາຍອາທິດ 20%</h3><p>ສູງສຸດ 500 ບາດ ອາທິດລະ 2 ຄັ້ງ ຝາກຂັ້ນຕ່ຳ 300 ບາດ</p>',
        '<h3>Weekly 20% bonus</h3><p>Up to 500 baht, twice a week, for a deposit of at least 300 baht.</p>',
      ),
    ],
    description: { th: '<p>โบนัสรายสัปดาห์ 20%</p>', la: '<p>ໂບນັດລາຍອາທິດ 20%</p>', en: '<p>Weekly 20% bonus</p>' },
    grantKind: 'percent',
    grantPercent: 20,
    grantCap: 50_000n,
    minDeposit: 30_000n,
    turnoverMultiplier: 8,
    withdrawCap: 1_000_000n,
    endThreshold: 1_000n,
  },
  {
    code: DEMO_PROMOTION_CODE,
    kind: 'promotion',
    bonusType: 'limit',
    maxReceived: 1,
    percentFail: 10,
    banners: [
      banner(
        'promotion',
        '<h3>โค้ดโปรโมชัน 50 บาท</h3>',
        '<h3>ລະຫັດໂປຣໂມຊັນ 50 ບາດ</h3>',
        '<h3>A 50 baht promotion code</h3>',
      ),
    ],
    description: {
      th: '<p>รับเครดิตฟรี 50 บาท ทำยอดเล่น 2 เท่าก่อนถอน</p>',
      la: '<p>ຮັບເຄຣດິດຟຣີ 50 ບາດ ຫຼິ້ນໃຫ້ໄດ້ 2 ເທົ່າກ່ອນຖອນ</p>',
      en: '<p>50 baht of free credit. Play 2 times the amount before withdrawing.</p>',
    },
    grantKind: 'fixed',
    grantAmount: 5_000n,
    turnoverMultiplier: 2,
    endThreshold: 500n,
    quota: 1_000,
  },
];

// ---------------------------------------------------------------- rewards (0098-0101, demo mode only)

/**
 * A credit slice of the demo wheel: `baht` or `kip` by the member's wallet
 * (the coin prices below are 100 baht and 20,000 kip, so kip prizes are 200
 * times the baht ones). The label is the prize itself, `{amount}`: each
 * member reads it in their own wallet's currency (rewards/slice-text.ts),
 * as the language they read does not say which currency that is.
 */
function creditSlice(code: string, baht: number, kip: number, weight: number, bgColor: string, textColor: string): WheelDefinition['slices'][number] {
  const label = '{amount}';
  return {
    code,
    label: { th: label, la: label, en: label },
    bgColor,
    textColor,
    htmlDescription: {
      th: '<p>เครดิต {amount} เข้ากระเป๋าเมื่อกดรับคูปองภายใน 7 วัน</p>',
      la: '<p>ເຄຣດິດ {amount} ເຂົ້າກະເປົາເມື່ອກົດຮັບຄູປອງພາຍໃນ 7 ມື້</p>',
      en: '<p>{amount} of credit when you claim the coupon within 7 days.</p>',
    },
    weight,
    prize: { type: 'credit', amount: { BAHT: baht, LAK: kip }, expiryDays: 7 },
  };
}

/**
 * The demo's prize wheel (docs/decisions/0101-rewards-operator-api-and-demo.md,
 * 0103-coins-from-play.md): eight slices in wheel order, weights out of
 * 1,000, every one landable. Small credits are common and 500 baht is one
 * spin in a thousand. One coin pays 2.60 baht (520 kip) on average: 2.6 %
 * of the 100 baht (20,000 kip) of bets that earn it, within the
 * wheelReturnCeiling (3 %) and below the games' 5 % house edge, so betting
 * for coins loses money. Each pair of colours has a contrast of at least
 * 4.5:1 (WCAG AA for text), and neighbours differ.
 */
export const DEMO_WHEEL: WheelDefinition = {
  name: { th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' },
  active: true,
  slices: [
    creditSlice('CREDIT_1', 1, 200, 400, '#0f6b5c', '#ffffff'),
    creditSlice('CREDIT_50', 50, 10_000, 8, '#1d4ed8', '#ffffff'),
    creditSlice('CREDIT_2', 2, 400, 200, '#b91c1c', '#ffffff'),
    {
      code: 'ITEM_SHIRT',
      label: { th: 'เสื้อยืด', la: 'ເສື້ອຍືດ', en: 'T-shirt' },
      bgColor: '#f2c14e',
      textColor: '#1a1a1a',
      htmlDescription: {
        th: '<p>เสื้อยืด Mekong Wallet ติดต่อทีมงานเพื่อรับของรางวัลภายใน 30 วัน</p>',
        la: '<p>ເສື້ອຍືດ Mekong Wallet ຕິດຕໍ່ທີມງານເພື່ອຮັບຂອງລາງວັນພາຍໃນ 30 ມື້</p>',
        en: '<p>A Mekong Wallet T-shirt. Contact our team within 30 days to receive it.</p>',
      },
      weight: 1,
      prize: { type: 'item', name: { th: 'เสื้อยืด Mekong Wallet', la: 'ເສື້ອຍືດ Mekong Wallet', en: 'Mekong Wallet T-shirt' }, expiryDays: 30 },
    },
    creditSlice('CREDIT_5', 5, 1_000, 100, '#6d28d9', '#ffffff'),
    creditSlice('CREDIT_500', 500, 100_000, 1, '#111827', '#f2c14e'),
    {
      code: 'TRY_AGAIN',
      label: { th: 'ลองใหม่', la: 'ລອງໃໝ່', en: 'Try again' },
      bgColor: '#e5e7eb',
      textColor: '#1f2937',
      htmlDescription: {
        th: '<p>รอบนี้ยังไม่ได้รางวัล ลองหมุนใหม่อีกครั้ง</p>',
        la: '<p>ຮອບນີ້ຍັງບໍ່ໄດ້ລາງວັນ ລອງໝູນໃໝ່ອີກຄັ້ງ</p>',
        en: '<p>No prize this time. Spin again!</p>',
      },
      weight: 250,
      prize: { type: 'none' },
    },
    creditSlice('CREDIT_10', 10, 2_000, 40, '#9a3412', '#ffffff'),
  ],
};

const rewardBanner = (image: string, th: string, la: string, en: string) => ({ image: `/images/rewards/${image}.svg`, html: { th, la, en } });

/**
 * The rewards switched on for trying the app (demo mode only; a new
 * production install keeps DEFAULT_SETTINGS: all off). The invite's minimum
 * deposit is one number in major units of the member's currency: 100 baht,
 * or 100 kip (next to nothing) in a kip wallet; the setting has no amount
 * per currency (see the decision). The invite does not pay a farmer on
 * average: the invitee bets 3 times their first deposit and so loses about
 * 15 % of it at the games' 5 % house edge, more than the inviter's 5 %
 * (docs/decisions/0103-coins-from-play.md).
 */
export const DEMO_REWARD_SETTINGS: Pick<Settings, 'invite' | 'refund' | 'wheelCoins' | 'inviteBanners' | 'refundBanners'> = {
  invite: { active: true, percent: 5, minimumDeposit: 100, turnoverMultiplier: 3, windowDays: 7 },
  refund: {
    active: true,
    percent: 5,
    period: 'week',
    minimum: 1,
    info: {
      th: '<p>รับคืน 5% ของยอดเสียสุทธิจากการเล่นเกม (ยอดเดิมพันลบยอดชนะ) ทุกสัปดาห์</p><ul><li>คำนวณเมื่อสัปดาห์ปิดแล้ว</li><li>รับได้เมื่อยอดคืนเกิน 1 บาท (หรือ 1 กีบ)</li><li>รับไม่ได้ระหว่างที่มีโบนัสค้างอยู่</li></ul>',
      la: '<p>ຮັບຄືນ 5% ຂອງຍອດເສຍສຸດທິຈາກການຫຼິ້ນເກມ (ຍອດເດີມພັນລົບຍອດຊະນະ) ທຸກອາທິດ</p><ul><li>ຄິດໄລ່ເມື່ອອາທິດປິດແລ້ວ</li><li>ຮັບໄດ້ເມື່ອຍອດຄືນເກີນ 1 ບາດ (ຫຼື 1 ກີບ)</li><li>ຮັບບໍ່ໄດ້ໃນຂະນະທີ່ມີໂບນັດຄ້າງຢູ່</li></ul>',
      en: '<p>Every week, 5% of your net game loss (bets minus wins) comes back to you.</p><ul><li>It is worked out once the week has closed.</li><li>You can receive it when it is above 1 baht (or 1 kip).</li><li>It cannot be received while you hold a bonus.</li></ul>',
    },
  },
  // One coin per 100 baht or per 20,000 kip of bets.
  wheelCoins: { BAHT: 100, LAK: 20_000 },
  inviteBanners: [
    rewardBanner(
      'invite',
      '<h3>ชวนเพื่อน รับ 5%</h3><p>เมื่อเพื่อนที่สมัครผ่านลิงก์ของคุณฝากครั้งแรกอย่างน้อย 100 บาท และเล่นครบ 3 เท่าของยอดฝากภายใน 7 วัน คุณรับ 5% ของยอดฝากนั้น</p>',
      '<h3>ຊວນໝູ່ ຮັບ 5%</h3><p>ເມື່ອໝູ່ທີ່ສະໝັກຜ່ານລິ້ງຂອງທ່ານຝາກຄັ້ງທຳອິດຢ່າງໜ້ອຍ 100 ບາດ ແລະ ຫຼິ້ນຄົບ 3 ເທົ່າຂອງຍອດຝາກພາຍໃນ 7 ມື້ ທ່ານຮັບ 5% ຂອງຍອດຝາກນັ້ນ</p>',
      '<h3>Invite friends, earn 5%</h3><p>When a friend who registers with your link makes a first deposit of at least 100 baht and plays 3 times that deposit within 7 days, you earn 5% of that deposit.</p>',
    ),
  ],
  refundBanners: [
    rewardBanner(
      'refund',
      '<h3>คืนยอดเสีย 5% ทุกสัปดาห์</h3><p>เล่นเกมเสีย รับคืน 5% ของยอดเสียสุทธิเมื่อสัปดาห์ปิด</p>',
      '<h3>ຄືນຍອດເສຍ 5% ທຸກອາທິດ</h3><p>ຫຼິ້ນເກມເສຍ ຮັບຄືນ 5% ຂອງຍອດເສຍສຸດທິເມື່ອອາທິດປິດ</p>',
      '<h3>5% of your losses back every week</h3><p>Lost at the games? Receive 5% of your net loss once the week closes.</p>',
    ),
  ],
};

/**
 * Demo mode's canned replies for the chat's agents (0104): an agent's
 * own words, in the languages the demo's agents answer in. Added only to an
 * empty list, so an admin's edits stand.
 */
export const DEMO_CANNED_REPLIES: { title: string; text: string }[] = [
  { title: 'Greeting', text: 'สวัสดีค่ะ ยินดีให้บริการค่ะ มีอะไรให้ช่วยไหมคะ / Hello, how can we help you today?' },
  { title: 'Deposit check', text: 'Please send us your transfer slip and the time of the transfer; we will check your deposit right away. กรุณาส่งสลิปการโอนและเวลาที่โอนด้วยค่ะ' },
  { title: 'Thanks', text: 'ขอบคุณที่ใช้บริการค่ะ Thank you for contacting us. We are here 24 hours a day.' },
];
