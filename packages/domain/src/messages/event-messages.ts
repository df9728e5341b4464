import type { Locale } from '../i18n/locales.ts';
import { LOCALES } from '../i18n/locales.ts';

/**
 * The messages the product writes itself (issue 21, decision 028): one per event a player cares about, in every
 * locale, so the message centre shows it in whatever language the player reads later. `{amount}` is the amount
 * already formatted for that locale.
 */
export type EventMessageKind = 'deposit_credited' | 'payout_paid' | 'payout_failed' | 'bet_won' | 'bonus_granted' | 'bonus_unlocked';

export const EVENT_MESSAGE_KINDS: readonly EventMessageKind[] = [
  'deposit_credited',
  'payout_paid',
  'payout_failed',
  'bet_won',
  'bonus_granted',
  'bonus_unlocked',
];

type Texts = Readonly<Record<EventMessageKind, { title: string; content: string }>>;

const TEXTS: Readonly<Record<Locale, Texts>> = {
  'en-US': {
    deposit_credited: { title: 'Deposit received', content: 'Your deposit of {amount} has been credited to your balance.' },
    payout_paid: { title: 'Withdrawal paid', content: 'Your withdrawal of {amount} has been paid.' },
    payout_failed: { title: 'Withdrawal failed', content: 'Your withdrawal of {amount} could not be paid. The full amount is back in your balance.' },
    bet_won: { title: 'You won!', content: 'Your bet has been settled as won: {amount} has been added to your balance.' },
    bonus_granted: { title: 'Bonus received', content: 'You have received a bonus of {amount}. Open your bonuses to start using it.' },
    bonus_unlocked: { title: 'Bonus unlocked', content: 'You met the wagering: {amount} of your bonus is now cash in your balance.' },
  },
  'es-MX': {
    deposit_credited: { title: 'Depósito recibido', content: 'Tu depósito de {amount} se acreditó a tu saldo.' },
    payout_paid: { title: 'Retiro pagado', content: 'Tu retiro de {amount} fue pagado.' },
    payout_failed: { title: 'Retiro fallido', content: 'No pudimos pagar tu retiro de {amount}. El monto completo volvió a tu saldo.' },
    bet_won: { title: '¡Ganaste!', content: 'Tu apuesta se liquidó como ganada: se sumaron {amount} a tu saldo.' },
    bonus_granted: { title: 'Bono recibido', content: 'Recibiste un bono de {amount}. Abre tus bonos para empezar a usarlo.' },
    bonus_unlocked: { title: 'Bono liberado', content: 'Cumpliste el requisito de apuesta: {amount} de tu bono ya es saldo disponible.' },
  },
  'pt-BR': {
    deposit_credited: { title: 'Depósito recebido', content: 'Seu depósito de {amount} foi creditado no seu saldo.' },
    payout_paid: { title: 'Saque pago', content: 'Seu saque de {amount} foi pago.' },
    payout_failed: { title: 'Saque não realizado', content: 'Não foi possível pagar seu saque de {amount}. O valor total voltou para o seu saldo.' },
    bet_won: { title: 'Você ganhou!', content: 'Sua aposta foi liquidada como ganha: {amount} foram adicionados ao seu saldo.' },
    bonus_granted: { title: 'Bônus recebido', content: 'Você recebeu um bônus de {amount}. Abra seus bônus para começar a usá-lo.' },
    bonus_unlocked: { title: 'Bônus liberado', content: 'Você cumpriu o rollover: {amount} do seu bônus agora é saldo em dinheiro.' },
  },
  'ru-RU': {
    deposit_credited: { title: 'Депозит зачислен', content: 'Ваш депозит {amount} зачислен на баланс.' },
    payout_paid: { title: 'Вывод выплачен', content: 'Ваш вывод {amount} выплачен.' },
    payout_failed: { title: 'Вывод не выполнен', content: 'Не удалось выплатить ваш вывод {amount}. Вся сумма возвращена на баланс.' },
    bet_won: { title: 'Вы выиграли!', content: 'Ваша ставка рассчитана как выигрышная: {amount} зачислено на баланс.' },
    bonus_granted: { title: 'Бонус получен', content: 'Вы получили бонус {amount}. Откройте свои бонусы, чтобы начать его использовать.' },
    bonus_unlocked: { title: 'Бонус разблокирован', content: 'Вы выполнили условия отыгрыша: {amount} бонуса зачислено на баланс как реальные деньги.' },
  },
  'vm-VI': {
    deposit_credited: { title: 'Đã nhận tiền nạp', content: 'Khoản nạp {amount} của bạn đã được cộng vào số dư.' },
    payout_paid: { title: 'Đã chi trả rút tiền', content: 'Khoản rút {amount} của bạn đã được chi trả.' },
    payout_failed: { title: 'Rút tiền thất bại', content: 'Không thể chi trả khoản rút {amount}. Toàn bộ số tiền đã được hoàn lại vào số dư.' },
    bet_won: { title: 'Bạn đã thắng!', content: 'Cược của bạn đã được thanh toán thắng: {amount} đã được cộng vào số dư.' },
    bonus_granted: { title: 'Đã nhận thưởng', content: 'Bạn đã nhận khoản thưởng {amount}. Mở mục thưởng để bắt đầu sử dụng.' },
    bonus_unlocked: { title: 'Đã mở khóa thưởng', content: 'Bạn đã hoàn thành yêu cầu cược: {amount} từ khoản thưởng đã thành tiền mặt trong số dư.' },
  },
  'vm-TH': {
    deposit_credited: { title: 'ได้รับเงินฝากแล้ว', content: 'เงินฝาก {amount} ของคุณเข้ายอดคงเหลือแล้ว' },
    payout_paid: { title: 'จ่ายเงินถอนแล้ว', content: 'การถอนเงิน {amount} ของคุณได้รับการจ่ายแล้ว' },
    payout_failed: { title: 'ถอนเงินไม่สำเร็จ', content: 'ไม่สามารถจ่ายการถอนเงิน {amount} ได้ ยอดเต็มจำนวนคืนเข้ายอดคงเหลือแล้ว' },
    bet_won: { title: 'คุณชนะ!', content: 'เดิมพันของคุณได้รับการชำระเป็นชนะ: เพิ่ม {amount} เข้ายอดคงเหลือแล้ว' },
    bonus_granted: { title: 'ได้รับโบนัสแล้ว', content: 'คุณได้รับโบนัส {amount} เปิดหน้าโบนัสเพื่อเริ่มใช้งาน' },
    bonus_unlocked: { title: 'ปลดล็อกโบนัสแล้ว', content: 'คุณทำยอดเทิร์นครบแล้ว: โบนัส {amount} กลายเป็นเงินสดในยอดคงเหลือแล้ว' },
  },
  'zh-CN': {
    deposit_credited: { title: '存款已到账', content: '您的 {amount} 存款已计入余额。' },
    payout_paid: { title: '提款已支付', content: '您的 {amount} 提款已支付。' },
    payout_failed: { title: '提款失败', content: '您的 {amount} 提款未能支付，全部金额已退回余额。' },
    bet_won: { title: '您赢了！', content: '您的投注已结算为赢：{amount} 已计入余额。' },
    bonus_granted: { title: '已获得奖金', content: '您获得了 {amount} 奖金。打开奖金页面开始使用。' },
    bonus_unlocked: { title: '奖金已解锁', content: '您已完成流水要求：{amount} 奖金已转为余额中的现金。' },
  },
  'ms-MY': {
    deposit_credited: { title: 'Deposit diterima', content: 'Deposit anda sebanyak {amount} telah dikreditkan ke baki anda.' },
    payout_paid: { title: 'Pengeluaran dibayar', content: 'Pengeluaran anda sebanyak {amount} telah dibayar.' },
    payout_failed: {
      title: 'Pengeluaran gagal',
      content: 'Pengeluaran anda sebanyak {amount} tidak dapat dibayar. Jumlah penuh telah dikembalikan ke baki anda.',
    },
    bet_won: { title: 'Anda menang!', content: 'Pertaruhan anda diselesaikan sebagai menang: {amount} telah ditambah ke baki anda.' },
    bonus_granted: { title: 'Bonus diterima', content: 'Anda menerima bonus sebanyak {amount}. Buka bonus anda untuk mula menggunakannya.' },
    bonus_unlocked: { title: 'Bonus dibuka', content: 'Anda telah memenuhi syarat pertaruhan: {amount} daripada bonus anda kini tunai dalam baki anda.' },
  },
};

/** The label of the button each event message carries. */
export const EVENT_MESSAGE_BUTTON: Readonly<Record<Locale, string>> = {
  'en-US': 'View details',
  'es-MX': 'Ver detalles',
  'pt-BR': 'Ver detalhes',
  'ru-RU': 'Подробнее',
  'vm-VI': 'Xem chi tiết',
  'vm-TH': 'ดูรายละเอียด',
  'zh-CN': '查看详情',
  'ms-MY': 'Lihat butiran',
};

/** Where each event's message button leads (an in-app path). */
export const EVENT_MESSAGE_LINKS: Readonly<Record<EventMessageKind, string>> = {
  deposit_credited: '/transaction',
  payout_paid: '/transaction',
  payout_failed: '/transaction',
  bet_won: '/bet-history',
  bonus_granted: '/bonus',
  bonus_unlocked: '/bonus',
};

/** The event's title and text in every locale, `{amount}` filled by `amountOf(locale)`. */
export function eventMessageTexts(kind: EventMessageKind, amountOf: (locale: Locale) => string): Record<Locale, { title: string; content: string }> {
  const out = {} as Record<Locale, { title: string; content: string }>;
  for (const locale of LOCALES) {
    const text = TEXTS[locale][kind];
    out[locale] = { title: text.title, content: text.content.replace('{amount}', amountOf(locale)) };
  }
  return out;
}
