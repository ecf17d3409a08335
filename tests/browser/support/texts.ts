/**
 * The member-facing texts the suite looks for, copied from the catalogs in locales/{th,la}/
 * (English is the message id). Kept here rather than parsed from the catalogs so that
 * splitting or moving the catalogs does not touch the suite, while any change of a
 * label the member sees still fails it.
 */
export type Locale = 'th' | 'la' | 'en';

const CATALOG = {
  // shells
  'Main menu': { th: 'เมนูหลัก', la: 'ເມນູຫຼັກ' },
  'Log in': { th: 'เข้าสู่ระบบ', la: 'ເຂົ້າສູ່ລະບົບ' },
  'Log out': { th: 'ออกจากระบบ', la: 'ອອກຈາກລະບົບ' },
  Register: { th: 'สมัครสมาชิก', la: 'ລົງທະບຽນ' },
  'How to': { th: 'วิธีใช้', la: 'ວິທີໃຊ້' },
  Contact: { th: 'ติดต่อเรา', la: 'ຕິດຕໍ່' },
  'Contact us': { th: 'ติดต่อเรา', la: 'ຕິດຕໍ່ພວກເຮົາ' },
  Profile: { th: 'โปรไฟล์', la: 'ໂປຣໄຟລ໌' },
  Conditions: { th: 'เงื่อนไข', la: 'ເງື່ອນໄຂ' },
  'Statement (bottom menu)': { th: 'ประวัติ', la: 'ປະຫວັດ' },
  Statement: { th: 'รายการเดินบัญชี', la: 'ລາຍການເຄື່ອນໄຫວ' },
  Home: { th: 'หน้าหลัก', la: 'ໜ້າຫຼັກ' },
  Bonus: { th: 'โบนัส', la: 'ໂບນັດ' },
  'Choose a language': { th: 'เลือกภาษา', la: 'ເລືອກພາສາ' },
  'How-to videos': { th: 'วิดีโอแนะนำวิธีใช้', la: 'ວິດີໂອແນະນຳວິທີໃຊ້' },
  Hello: { th: 'สวัสดี', la: 'ສະບາຍດີ' },
  Close: { th: 'ปิด', la: 'ປິດ' },
  Agreement: { th: 'ข้อตกลง', la: 'ຂໍ້ຕົກລົງ' },
  'I agree': { th: 'ยอมรับ', la: 'ຍອມຮັບ' },

  // login
  'Phone number': { th: 'เบอร์โทรศัพท์', la: 'ເບີໂທລະສັບ' },
  Password: { th: 'รหัสผ่าน', la: 'ລະຫັດຜ່ານ' },
  'Use the phone number and password you registered with.': {
    th: 'ใช้เบอร์โทรศัพท์และรหัสผ่านที่คุณใช้สมัครสมาชิก',
    la: 'ໃຊ້ເບີໂທລະສັບ ແລະ ລະຫັດຜ່ານທີ່ທ່ານໃຊ້ລົງທະບຽນ',
  },
  'Remember me on this device': { th: 'จดจำการเข้าสู่ระบบบนอุปกรณ์นี้', la: 'ຈື່ການເຂົ້າສູ່ລະບົບໃນອຸປະກອນນີ້' },

  // registration
  'Create an account': { th: 'สมัครสมาชิก', la: 'ສະໝັກສະມາຊິກ' },
  'Registration steps': { th: 'ขั้นตอนการสมัคร', la: 'ຂັ້ນຕອນການລົງທະບຽນ' },
  Phone: { th: 'เบอร์โทร', la: 'ເບີໂທ' },
  'OTP code': { th: 'รหัส OTP', la: 'ລະຫັດ OTP' },
  'Your details': { th: 'ข้อมูลของคุณ', la: 'ຂໍ້ມູນຂອງທ່ານ' },
  'Bank account': { th: 'บัญชีธนาคาร', la: 'ບັນຊີທະນາຄານ' },
  'Your phone number': { th: 'เบอร์โทรศัพท์ของคุณ', la: 'ເບີໂທລະສັບຂອງທ່ານ' },
  'Enter the OTP code': { th: 'กรอกรหัส OTP', la: 'ປ້ອນລະຫັດ OTP' },
  'Your bank account': { th: 'บัญชีธนาคารของคุณ', la: 'ບັນຊີທະນາຄານຂອງທ່ານ' },
  'Reference:': { th: 'รหัสอ้างอิง:', la: 'ເລກອ້າງອີງ:' },
  Next: { th: 'ถัดไป', la: 'ຕໍ່ໄປ' },
  Back: { th: 'ย้อนกลับ', la: 'ກັບຄືນ' },
  'Confirm code': { th: 'ยืนยันรหัส', la: 'ຢືນຢັນລະຫັດ' },
  'Send a new code': { th: 'ส่งรหัสใหม่', la: 'ສົ່ງລະຫັດໃໝ່' },
  'Please wait…': { th: 'กรุณารอสักครู่…', la: 'ກະລຸນາລໍຖ້າ…' },
  'Loading…': { th: 'กำลังโหลด…', la: 'ກຳລັງໂຫຼດ…' },
  'Your name': { th: 'ชื่อของคุณ', la: 'ຊື່ຂອງທ່ານ' },
  'Confirm password': { th: 'ยืนยันรหัสผ่าน', la: 'ຢືນຢັນລະຫັດຜ່ານ' },
  'How did you hear about us?': { th: 'คุณรู้จักเราจากที่ไหน?', la: 'ທ່ານຮູ້ຈັກພວກເຮົາຈາກໃສ?' },
  'Inviter code (optional)': { th: 'รหัสผู้แนะนำ (ไม่บังคับ)', la: 'ລະຫັດຜູ້ແນະນຳ (ບໍ່ບັງຄັບ)' },
  Bank: { th: 'ธนาคาร', la: 'ທະນາຄານ' },
  'Account number': { th: 'เลขที่บัญชี', la: 'ເລກບັນຊີ' },
  'First name on the account': { th: 'ชื่อจริงในบัญชี', la: 'ຊື່ໃນບັນຊີ' },
  'Last name on the account': { th: 'นามสกุลในบัญชี', la: 'ນາມສະກຸນໃນບັນຊີ' },
  'Registration complete': { th: 'สมัครสมาชิกสำเร็จ', la: 'ລົງທະບຽນສຳເລັດ' },
  'Registration complete. Please log in with your phone number.': {
    th: 'สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบด้วยเบอร์โทรศัพท์ของคุณ',
    la: 'ລົງທະບຽນສຳເລັດ ກະລຸນາເຂົ້າສູ່ລະບົບດ້ວຍເບີໂທລະສັບຂອງທ່ານ',
  },

  // profile and change password
  'Account details': { th: 'ข้อมูลบัญชี', la: 'ຂໍ້ມູນບັນຊີ' },
  'Member since': { th: 'เป็นสมาชิกตั้งแต่', la: 'ເປັນສະມາຊິກຕັ້ງແຕ່' },
  Username: { th: 'ชื่อผู้ใช้', la: 'ຊື່ຜູ້ໃຊ້' },
  'Bank account name': { th: 'ชื่อบัญชีธนาคาร', la: 'ຊື່ບັນຊີທະນາຄານ' },
  'Change password': { th: 'เปลี่ยนรหัสผ่าน', la: 'ປ່ຽນລະຫັດຜ່ານ' },
  'Current password': { th: 'รหัสผ่านปัจจุบัน', la: 'ລະຫັດຜ່ານປັດຈຸບັນ' },
  'New password': { th: 'รหัสผ่านใหม่', la: 'ລະຫັດຜ່ານໃໝ່' },
  'Confirm new password': { th: 'ยืนยันรหัสผ่านใหม่', la: 'ຢືນຢັນລະຫັດຜ່ານໃໝ່' },
  Save: { th: 'บันทึก', la: 'ບັນທຶກ' },
  Cancel: { th: 'ยกเลิก', la: 'ຍົກເລີກ' },
  OK: { th: 'ตกลง', la: 'ຕົກລົງ' },
  'Password changed': { th: 'เปลี่ยนรหัสผ่านแล้ว', la: 'ປ່ຽນລະຫັດຜ່ານແລ້ວ' },
  'Password not changed': { th: 'เปลี่ยนรหัสผ่านไม่สำเร็จ', la: 'ປ່ຽນລະຫັດຜ່ານບໍ່ສຳເລັດ' },
  'Your new password is saved. Use it the next time you log in.': {
    th: 'บันทึกรหัสผ่านใหม่แล้ว ใช้รหัสผ่านนี้ในการเข้าสู่ระบบครั้งถัดไป',
    la: 'ບັນທຶກລະຫັດຜ່ານໃໝ່ແລ້ວ ໃຊ້ລະຫັດຜ່ານນີ້ໃນການເຂົ້າສູ່ລະບົບຄັ້ງຕໍ່ໄປ',
  },

  // member home and statement
  'Total balance': { th: 'ยอดเงินรวม', la: 'ຍອດເງິນລວມ' },
  // The wallet's news (docs/decisions/0141-wallet-news.md): the toast of an operator's deposit of ฿500.
  'Deposit of ฿500.00 received': { th: 'ได้รับเงินฝาก ฿500.00 แล้ว', la: 'ໄດ້ຮັບເງິນຝາກ ฿500.00 ແລ້ວ' },
  Wallet: { th: 'กระเป๋าเงิน', la: 'ກະເປົາເງິນ' },
  Games: { th: 'เกม', la: 'ເກມ' },
  'Check balance': { th: 'ตรวจสอบยอดเงิน', la: 'ກວດສອບຍອດເງິນ' },
  Updated: { th: 'อัปเดตเมื่อ', la: 'ອັບເດດເມື່ອ' },
  'Last checked': { th: 'ตรวจสอบยอดล่าสุดเมื่อ', la: 'ກວດສອບຍອດຫຼ້າສຸດເມື່ອ' },
  Notice: { th: 'ประกาศ', la: 'ແຈ້ງການ' },
  'Dismiss notice': { th: 'ปิดประกาศ', la: 'ປິດແຈ້ງການ' },
  'Wallet actions': { th: 'เมนูกระเป๋าเงิน', la: 'ເມນູກະເປົາເງິນ' },
  Deposit: { th: 'ฝากเงิน', la: 'ຝາກເງິນ' },
  Withdraw: { th: 'ถอนเงิน', la: 'ຖອນເງິນ' },
  Withdrawal: { th: 'ถอนเงิน', la: 'ຖອນເງິນ' },
  Transfer: { th: 'โอนเงิน', la: 'ໂອນເງິນ' },
  'Refresh all': { th: 'รีเฟรชทั้งหมด', la: 'ໂຫຼດໃໝ່ທັງໝົດ' },
  'Invite friends': { th: 'ชวนเพื่อน', la: 'ຊວນໝູ່' },
  'Bonus conditions': { th: 'เงื่อนไขโบนัส', la: 'ເງື່ອນໄຂໂບນັດ' },
  Refund: { th: 'คืนยอดเสีย', la: 'ຄືນຍອດເສຍ' },
  'Spin wheel': { th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ' },
  Banners: { th: 'แบนเนอร์', la: 'ແບນເນີ' },
  'Your invite link': { th: 'ลิงก์ชวนเพื่อนของคุณ', la: 'ລິ້ງຊວນໝູ່ຂອງທ່ານ' },
  'Refund history': { th: 'ประวัติเงินคืน', la: 'ປະຫວັດເງິນຄືນ' },
  'Spin (1 coin)': { th: 'หมุน (1 เหรียญ)', la: 'ໝຸນ (1 ຫຼຽນ)' },
  'How we keep the wheel fair: check your spins': {
    th: 'วงล้อยุติธรรมอย่างไร: ตรวจสอบการหมุนของคุณ',
    la: 'ວົງລໍ້ຍຸຕິທຳແນວໃດ: ກວດສອບການໝຸນຂອງທ່ານ',
  },
  'Wheel fairness': { th: 'ความยุติธรรมของวงล้อ', la: 'ຄວາມຍຸຕິທຳຂອງວົງລໍ້' },
  Slots: { th: 'สล็อต', la: 'ສະລັອດ' },
  'Sports and casino': { th: 'กีฬาและคาสิโน', la: 'ກິລາ ແລະ ຄາສິໂນ' },
  Lotto: { th: 'หวย', la: 'ຫວຍ' },
  'Open account': { th: 'เปิดบัญชี', la: 'ເປີດບັນຊີ' },
  'Next games': { th: 'เกมถัดไป', la: 'ເກມຕໍ່ໄປ' },
  'Previous games': { th: 'เกมก่อนหน้า', la: 'ເກມກ່ອນໜ້າ' },
  'Statement pages': { th: 'หน้ารายการเดินบัญชี', la: 'ໜ້າລາຍການເຄື່ອນໄຫວ' },
  'Previous page': { th: 'หน้าก่อนหน้า', la: 'ໜ້າກ່ອນໜ້າ' },
  'Next page': { th: 'หน้าถัดไป', la: 'ໜ້າຕໍ່ໄປ' },
  'No transactions yet': { th: 'ยังไม่มีรายการ', la: 'ຍັງບໍ່ມີລາຍການ' },
  Success: { th: 'สำเร็จ', la: 'ສຳເລັດ' },
  Failed: { th: 'ไม่สำเร็จ', la: 'ບໍ່ສຳເລັດ' },
  'In progress': { th: 'กำลังดำเนินการ', la: 'ກຳລັງດຳເນີນການ' },
  'Other transaction': { th: 'รายการอื่น ๆ', la: 'ລາຍການອື່ນໆ' },
  'Slip uploads': { th: 'สถานะสลิป', la: 'ສະຖານະສະລິບ' },
  'Bonus ended': { th: 'สิ้นสุดโบนัส', la: 'ສິ້ນສຸດໂບນັດ' },

  // the home's modals: game account, transfer, withdraw (src/features/game-account, transfer, withdraw)
  'Game balance': { th: 'ยอดเงินในเกม', la: 'ຍອດເງິນໃນເກມ' },
  'Show password': { th: 'แสดงรหัสผ่าน', la: 'ສະແດງລະຫັດຜ່ານ' },
  'Copy username': { th: 'คัดลอกชื่อผู้ใช้', la: 'ສຳເນົາຊື່ຜູ້ໃຊ້' },
  Hidden: { th: 'ซ่อนอยู่', la: 'ເຊື່ອງໄວ້' },
  'Enter game': { th: 'เข้าเกม', la: 'ເຂົ້າເກມ' },
  'App for Android': { th: 'แอปสำหรับ Android', la: 'ແອັບສຳລັບ Android' },
  'Transfer only': { th: 'โอนเงินอย่างเดียว', la: 'ໂອນເງິນຢ່າງດຽວ' },
  'An amount': { th: 'ระบุจำนวน', la: 'ລະບຸຈຳນວນ' },
  From: { th: 'จาก', la: 'ຈາກ' },
  To: { th: 'ไปยัง', la: 'ໄປຫາ' },
  Amount: { th: 'จำนวนเงิน', la: 'ຈຳນວນເງິນ' },
  Continue: { th: 'ดำเนินการต่อ', la: 'ດຳເນີນການຕໍ່' },
  'Confirm transfer': { th: 'ยืนยันการโอน', la: 'ຢືນຢັນການໂອນ' },
  'Transfer complete': { th: 'โอนเงินสำเร็จ', la: 'ໂອນເງິນສຳເລັດ' },
  'Wallet balance now': { th: 'ยอดกระเป๋าเงินปัจจุบัน', la: 'ຍອດກະເປົາເງິນປັດຈຸບັນ' },
  Done: { th: 'เสร็จสิ้น', la: 'ສຳເລັດ' },
  'Available to withdraw': { th: 'ยอดที่ถอนได้', la: 'ຍອດທີ່ຖອນໄດ້' },
  'The minimum withdrawal is {min}.': { th: 'ถอนขั้นต่ำ {min}', la: 'ຖອນຂັ້ນຕ່ຳ {min}.' },
  'Confirm withdrawal': { th: 'ยืนยันการถอน', la: 'ຢືນຢັນການຖອນ' },
  'Withdrawal requested': { th: 'ส่งคำขอถอนเงินแล้ว', la: 'ສົ່ງຄຳຂໍຖອນເງິນແລ້ວ' },

  // a flaky network (src/features/shell/Connectivity.tsx, the unknown-outcome panel of src/features/money)
  'You are offline': { th: 'คุณออฟไลน์อยู่', la: 'ທ່ານອອບລາຍຢູ່' },
  'We do not know yet whether it went through': { th: 'เรายังไม่ทราบว่ารายการนี้สำเร็จหรือไม่', la: 'ພວກເຮົາຍັງບໍ່ຮູ້ວ່າລາຍການນີ້ສຳເລັດຫຼືບໍ່' },
  'Your money did not move': { th: 'เงินของคุณไม่ได้ถูกเคลื่อนย้าย', la: 'ເງິນຂອງທ່ານບໍ່ໄດ້ຖືກເຄື່ອນຍ້າຍ' },
  'Send again': { th: 'ส่งอีกครั้ง', la: 'ສົ່ງອີກຄັ້ງ' },
  'Check again': { th: 'ตรวจสอบอีกครั้ง', la: 'ກວດສອບອີກຄັ້ງ' },

  // deposit modal (src/features/deposit; the requiredEngLang and TRUELINK_DUPLICATE texts of src/features/errors)
  'Bank transfer': { th: 'โอนผ่านธนาคาร', la: 'ໂອນຜ່ານທະນາຄານ' },
  'QR code': { th: 'คิวอาร์โค้ด', la: 'ຄິວອາໂຄດ' },
  TrueMoney: { th: 'ทรูมันนี่', la: 'ທຣູມັນນີ່' },
  'Create QR code': { th: 'สร้างคิวอาร์โค้ด', la: 'ສ້າງຄິວອາໂຄດ' },
  'Time left': { th: 'เวลาที่เหลือ', la: 'ເວລາທີ່ເຫຼືອ' },
  '{label} QR code for {0}': { th: 'คิวอาร์โค้ด {label} ยอด {0}', la: 'ຄິວອາໂຄດ {label} ຍອດ {0}' },
  'Cancel QR code': { th: 'ยกเลิกคิวอาร์โค้ด', la: 'ຍົກເລີກຄິວອາໂຄດ' },
  'Save QR image': { th: 'บันทึกรูปคิวอาร์โค้ด', la: 'ບັນທຶກຮູບຄິວອາໂຄດ' },
  'Valid until {until}': { th: 'ชำระภายใน {until} น.', la: 'ຊຳລະພາຍໃນເວລາ {until}' },
  'Pay to': { th: 'ชื่อผู้รับเงิน', la: 'ຊື່ຜູ້ຮັບເງິນ' },
  'QR image saved. In your banking app, tap scan and choose this picture.': {
    th: 'บันทึกรูปคิวอาร์โค้ดแล้ว เปิดแอปธนาคาร กดสแกน แล้วเลือกรูปนี้',
    la: 'ບັນທຶກຮູບຄິວອາໂຄດແລ້ວ ເປີດແອັບທະນາຄານ ກົດສະແກນ ແລ້ວເລືອກຮູບນີ້',
  },
  'QR image shared. Pay it in your banking app.': {
    th: 'ส่งรูปคิวอาร์โค้ดแล้ว ชำระเงินได้ในแอปธนาคารของคุณ',
    la: 'ສົ່ງຮູບຄິວອາໂຄດແລ້ວ ຊຳລະເງິນໄດ້ໃນແອັບທະນາຄານຂອງທ່ານ',
  },
  'Make a new QR code': { th: 'สร้างคิวอาร์โค้ดใหม่', la: 'ສ້າງຄິວອາໂຄດໃໝ່' },
  'Payment received': { th: 'ได้รับการชำระเงินแล้ว', la: 'ໄດ້ຮັບການຊຳລະເງິນແລ້ວ' },
  'It is in your wallet now.': { th: 'ยอดเงินเข้ากระเป๋าของคุณแล้ว', la: 'ຍອດເງິນເຂົ້າກະເປົາຂອງທ່ານແລ້ວ' },
  'Payment received: {0} is in your wallet.': {
    th: 'ได้รับการชำระเงินแล้ว: {0} เข้ากระเป๋าของคุณแล้ว',
    la: 'ໄດ້ຮັບການຊຳລະເງິນແລ້ວ: {0} ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ',
  },
  'You cancelled this QR code. Do not pay it any more.': {
    th: 'คุณยกเลิกคิวอาร์โค้ดนี้แล้ว ห้ามชำระด้วยรหัสนี้อีก',
    la: 'ທ່ານຍົກເລີກຄິວອາໂຄດນີ້ແລ້ວ ຢ່າຊຳລະດ້ວຍລະຫັດນີ້ອີກ',
  },
  'This QR code has expired (00:00). Do not pay it any more.': {
    th: 'คิวอาร์โค้ดนี้หมดอายุแล้ว (00:00) ห้ามชำระด้วยรหัสนี้อีก',
    la: 'ຄິວອາໂຄດນີ້ໝົດອາຍຸແລ້ວ (00:00) ຢ່າຊຳລະດ້ວຍລະຫັດນີ້ອີກ',
  },
  'TrueMoney gift link': { th: 'ลิงก์ซองของขวัญทรูมันนี่', la: 'ລິ້ງຊອງຂອງຂວັນທຣູມັນນີ່' },
  'Send link': { th: 'ส่งลิงก์', la: 'ສົ່ງລິ້ງ' },
  'The gift was received': { th: 'ได้รับซองของขวัญแล้ว', la: 'ໄດ້ຮັບຊອງຂອງຂວັນແລ້ວ' },
  'Send another link': { th: 'ส่งลิงก์อื่น', la: 'ສົ່ງລິ້ງອື່ນ' },
  'This TrueMoney link has already been used.': { th: 'ลิงก์ TrueMoney นี้ถูกใช้ไปแล้ว', la: 'ລິ້ງ TrueMoney ນີ້ຖືກໃຊ້ໄປແລ້ວ' },
  'Copy account number {number}': { th: 'คัดลอกเลขบัญชี {number}', la: 'ສຳເນົາເລກບັນຊີ {number}' },
  'Copied: {text}': { th: 'คัดลอกแล้ว: {text}', la: 'ສຳເນົາແລ້ວ: {text}' },
  'Your registered account': { th: 'บัญชีที่ลงทะเบียนไว้', la: 'ບັນຊີທີ່ລົງທະບຽນໄວ້' },
  'Account name in English': { th: 'ชื่อบัญชีภาษาอังกฤษ', la: 'ຊື່ບັນຊີພາສາອັງກິດ' },
  'Save name': { th: 'บันทึกชื่อ', la: 'ບັນທຶກຊື່' },
  'Add your account name in English first. The number is copied as soon as it is saved.': {
    th: 'กรุณาใส่ชื่อบัญชีภาษาอังกฤษก่อน ระบบจะคัดลอกเลขบัญชีให้ทันทีที่บันทึกแล้ว',
    la: 'ກະລຸນາໃສ່ຊື່ບັນຊີພາສາອັງກິດກ່ອນ ລະບົບຈະສຳເນົາເລກບັນຊີໃຫ້ທັນທີທີ່ບັນທຶກແລ້ວ',
  },
  'Enter the account name in English letters (A–Z) and spaces only.': {
    th: 'กรุณากรอกชื่อบัญชีเป็นตัวอักษรภาษาอังกฤษ (A–Z) และเว้นวรรคเท่านั้น',
    la: 'ກະລຸນາປ້ອນຊື່ບັນຊີເປັນຕົວອັກສອນພາສາອັງກິດ (A–Z) ແລະ ຍະຫວ່າງເທົ່ານັ້ນ',
  },

  // terminated and not found
  'Page not found': { th: 'ไม่พบหน้านี้', la: 'ບໍ່ພົບໜ້ານີ້' },
  'Page Not Found': { th: 'ไม่พบหน้านี้', la: 'ບໍ່ພົບໜ້ານີ້' },
  'This service is no longer available.': { th: 'บริการนี้ปิดให้บริการแล้ว', la: 'ບໍລິການນີ້ປິດໃຫ້ບໍລິການແລ້ວ' },
  'The address may be mistyped, or the page has moved.': {
    th: 'ที่อยู่อาจพิมพ์ผิด หรือหน้านี้ถูกย้ายไปแล้ว',
    la: 'ທີ່ຢູ່ອາດພິມຜິດ ຫຼື ໜ້ານີ້ຖືກຍ້າຍໄປແລ້ວ',
  },
  'Go to the start page': { th: 'ไปที่หน้าแรก', la: 'ໄປໜ້າທຳອິດ' },

  // messages (src/features/errors/messages.ts)
  'Your session has ended. Please log in again.': {
    th: 'การเข้าสู่ระบบของคุณสิ้นสุดแล้ว กรุณาเข้าสู่ระบบอีกครั้ง',
    la: 'ການເຂົ້າສູ່ລະບົບຂອງທ່ານສິ້ນສຸດແລ້ວ ກະລຸນາເຂົ້າສູ່ລະບົບອີກຄັ້ງ',
  },
  'We could not reach the server. Check your internet connection and try again.': {
    th: 'เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองใหม่อีกครั้ง',
    la: 'ເຊື່ອມຕໍ່ເຊີບເວີບໍ່ໄດ້ ກະລຸນາກວດສອບອິນເຕີເນັດແລ້ວລອງໃໝ່ອີກຄັ້ງ',
  },
  "Passwords don't match. Type the same password in both fields.": {
    th: 'รหัสผ่านไม่ตรงกัน กรุณากรอกรหัสผ่านเดียวกันทั้งสองช่อง',
    la: 'ລະຫັດຜ່ານບໍ່ກົງກັນ ກະລຸນາປ້ອນລະຫັດຜ່ານດຽວກັນທັງສອງຊ່ອງ',
  },
  'The password is too short. Use at least 8 characters.': {
    th: 'รหัสผ่านสั้นเกินไป กรุณาใช้อย่างน้อย 8 ตัวอักษร',
    la: 'ລະຫັດຜ່ານສັ້ນເກີນໄປ ກະລຸນາໃຊ້ຢ່າງໜ້ອຍ 8 ຕົວອັກສອນ',
  },
  'The new password and its confirmation are not the same.': {
    th: 'รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน',
    la: 'ລະຫັດຜ່ານໃໝ່ ແລະ ການຢືນຢັນລະຫັດຜ່ານບໍ່ກົງກັນ',
  },
  'Too many OTP requests. Please wait a while before asking for a new code.': {
    th: 'ขอรหัส OTP บ่อยเกินไป กรุณารอสักพักก่อนขอรหัสใหม่',
    la: 'ຂໍລະຫັດ OTP ເລື້ອຍເກີນໄປ ກະລຸນາລໍຖ້າຈັກໄລຍະກ່ອນຂໍລະຫັດໃໝ່',
  },
  'The OTP code is incorrect. Check the SMS and try again.': {
    th: 'รหัส OTP ไม่ถูกต้อง กรุณาตรวจสอบ SMS แล้วลองใหม่',
    la: 'ລະຫັດ OTP ບໍ່ຖືກຕ້ອງ ກະລຸນາກວດສອບ SMS ແລ້ວລອງໃໝ່',
  },
  'This phone number is already registered. Log in instead.': {
    th: 'เบอร์โทรศัพท์นี้สมัครสมาชิกแล้ว กรุณาเข้าสู่ระบบแทน',
    la: 'ເບີໂທລະສັບນີ້ລົງທະບຽນແລ້ວ ກະລຸນາເຂົ້າສູ່ລະບົບແທນ',
  },
  'This bank account is already used by another member. Use a different account.': {
    th: 'บัญชีธนาคารนี้ถูกใช้โดยสมาชิกอื่นแล้ว กรุณาใช้บัญชีอื่น',
    la: 'ບັນຊີທະນາຄານນີ້ຖືກໃຊ້ໂດຍສະມາຊິກອື່ນແລ້ວ ກະລຸນາໃຊ້ບັນຊີອື່ນ',
  },
  'Bank account name must be in English only.': {
    th: 'ชื่อบัญชีธนาคารต้องเป็นภาษาอังกฤษเท่านั้น',
    la: 'ຊື່ບັນຊີທະນາຄານຕ້ອງເປັນພາສາອັງກິດເທົ່ານັ້ນ',
  },
  'Enter the bank account number as 6 to 20 digits.': {
    th: 'กรุณากรอกเลขที่บัญชีธนาคารเป็นตัวเลข 6 ถึง 20 หลัก',
    la: 'ກະລຸນາປ້ອນເລກບັນຊີທະນາຄານເປັນຕົວເລກ 6 ຫາ 20 ຫຼັກ',
  },
  'Enter a phone number of 10 digits.': { th: 'กรุณากรอกเบอร์โทรศัพท์ 10 หลัก', la: 'ກະລຸນາປ້ອນເບີໂທລະສັບ 10 ຫຼັກ' },
  'The phone number or password is incorrect.': {
    th: 'เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง',
    la: 'ເບີໂທລະສັບ ຫຼື ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ',
  },
  'The current password is incorrect.': { th: 'รหัสผ่านปัจจุบันไม่ถูกต้อง', la: 'ລະຫັດຜ່ານປັດຈຸບັນບໍ່ຖືກຕ້ອງ' },
  'This code is not valid.': { th: 'รหัสนี้ไม่ถูกต้อง', la: 'ລະຫັດນີ້ບໍ່ຖືກຕ້ອງ' },
  // the installed app's "new version" prompt
  'A new version is ready.': { th: 'มีเวอร์ชันใหม่พร้อมใช้งานแล้ว', la: 'ມີເວີຊັນໃໝ່ພ້ອມໃຊ້ງານແລ້ວ' },
  Reload: { th: 'โหลดใหม่', la: 'ໂຫຼດໃໝ່' },
  Later: { th: 'ภายหลัง', la: 'ພາຍຫຼັງ' },
} as const satisfies Record<string, Record<Exclude<Locale, 'en'>, string>>;

export type TextId = keyof typeof CATALOG;

/** The text the member sees for `id` in `locale` (Thai unless told). */
export function tr(id: TextId, locale: Locale = 'th'): string {
  if (locale !== 'en') return CATALOG[id][locale];
  return id === 'Statement (bottom menu)' ? 'Statement' : id;
}

/** The catalogue's text for the error codes the registration wizard can show (spec 8 and the machine's own). */
export const REGISTRATION_ERROR_TEXT: Record<string, TextId> = {
  NETWORK_ERROR: 'We could not reach the server. Check your internet connection and try again.',
  PHONE_NUMBER_REQUIRE_10_DIGIT: 'Enter a phone number of 10 digits.',
  OTP_BLOCK: 'Too many OTP requests. Please wait a while before asking for a new code.',
  OTP_CODE_INVALID: 'The OTP code is incorrect. Check the SMS and try again.',
  PASSWORDS_DONT_MATCH: "Passwords don't match. Type the same password in both fields.",
  PASSWORD_TOO_SHORT: 'The password is too short. Use at least 8 characters.',
  EXISTING_USER: 'This phone number is already registered. Log in instead.',
  INVALID_CODE: 'This code is not valid.',
  BANK_ACCOUNT_NAME_ENG: 'Bank account name must be in English only.',
  BANK_ACCOUNT_NO_INVALID: 'Enter the bank account number as 6 to 20 digits.',
  EXISTING_BANK: 'This bank account is already used by another member. Use a different account.',
};

/** Autonyms in the language menu (src/features/shell/LanguageMenu.tsx). */
export const LANGUAGE_NAMES: Record<Locale, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };

/** The language button's accessible name: the short name it shows (WCAG 2.5.3: the name holds the visible text). */
export function languageButtonName(locale: Locale): string {
  return locale === 'en' ? 'EN' : LANGUAGE_NAMES[locale];
}

/** The language button's accessible description: 'Language: {name}. Change language'. */
export function languageButtonDescription(locale: Locale): string {
  const name = LANGUAGE_NAMES[locale];
  if (locale === 'th') return `ภาษา: ${name} เปลี่ยนภาษา`;
  if (locale === 'la') return `ພາສາ: ${name} ປ່ຽນພາສາ`;
  return `Language: ${name}. Change language`;
}
