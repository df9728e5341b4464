import { LOCALES, type Locale } from '../i18n/locales.ts';
import type { MarketKey } from '../variants/profile.ts';
import type { FaqCategory, HelpKind, HelpSeedFacts, HelpText } from './help-content.ts';

/**
 * The help centre every brand starts with (decision 038): written once per locale, filled with the brand's facts
 * (name, support address, minimum deposit, age, regulator, data-protection law). Stored in `help_items` the first
 * time a brand's help is read; an operator's edit replaces the text and is never overwritten by the seed.
 */

/** The data-protection law each jurisdiction's privacy notice names. Markets without one name none. */
export const DATA_PROTECTION_LAW: Readonly<Partial<Record<MarketKey, string>>> = {
  BR: 'Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018)',
  MX: 'Ley Federal de Protección de Datos Personales en Posesión de los Particulares',
  CO: 'Ley 1581 de 2012',
  PE: 'Ley 29733 de Protección de Datos Personales',
  AR: 'Ley 25.326 de Protección de los Datos Personales',
  KE: 'Data Protection Act, 2019',
  PH: 'Data Privacy Act of 2012 (RA 10173)',
  IN: 'Digital Personal Data Protection Act, 2023',
  VN: 'Decree 13/2023/ND-CP',
  TH: 'Personal Data Protection Act B.E. 2562 (2019)',
  MY: 'Personal Data Protection Act 2010',
  RU: 'Federal Law No. 152-FZ "On Personal Data"',
};

type Writer = (facts: HelpSeedFacts) => HelpText;
type Article = Readonly<Record<Locale, Writer>>;

export interface HelpSeedItem {
  kind: HelpKind;
  slug: string;
  category: FaqCategory | '';
  sort: number;
  texts: Record<Locale, HelpText>;
}

const DEPOSITS: Article = {
  'en-US': (f) => ({
    title: 'How do I deposit?',
    body: `<p>Tap <b>Deposit</b> in the header, choose a method, enter the amount and finish on the payment page. The minimum deposit is ${f.minDeposit}.</p><ul><li>Pay from an account in your own name: payments from someone else are returned.</li><li>Most deposits arrive within a few minutes. If the payment page said paid but your balance has not changed after 30 minutes, open the order under Transactions and send us its reference.</li><li>${f.brand} never asks for your password, card PIN or codes.</li></ul>`,
  }),
  'es-MX': (f) => ({
    title: '¿Cómo deposito?',
    body: `<p>Toca <b>Depositar</b> en la cabecera, elige un método, escribe el monto y termina en la página de pago. El depósito mínimo es de ${f.minDeposit}.</p><ul><li>Paga desde una cuenta a tu nombre: los pagos de otra persona se devuelven.</li><li>La mayoría de los depósitos llegan en pocos minutos. Si la página de pago indicó pagado y tu saldo no cambió después de 30 minutos, abre la orden en Transacciones y envíanos su referencia.</li><li>${f.brand} nunca te pide tu contraseña, el NIP de tu tarjeta ni códigos.</li></ul>`,
  }),
  'pt-BR': (f) => ({
    title: 'Como faço um depósito?',
    body: `<p>Toque em <b>Depositar</b> no topo, escolha um método, digite o valor e conclua na página de pagamento. O depósito mínimo é de ${f.minDeposit}.</p><ul><li>Pague com uma conta no seu próprio nome: pagamentos de outra pessoa são devolvidos.</li><li>A maioria dos depósitos cai em poucos minutos. Se a página de pagamento mostrou pago e o seu saldo não mudou depois de 30 minutos, abra o pedido em Transações e envie-nos a referência.</li><li>A ${f.brand} nunca pede a sua senha, o PIN do cartão ou códigos.</li></ul>`,
  }),
  'ru-RU': (f) => ({
    title: 'Как пополнить счёт?',
    body: `<p>Нажмите <b>Пополнить</b> вверху экрана, выберите способ, введите сумму и завершите оплату на странице платежа. Минимальное пополнение — ${f.minDeposit}.</p><ul><li>Платите со счёта на своё имя: платежи от других людей возвращаются.</li><li>Обычно деньги поступают за несколько минут. Если страница оплаты показала «оплачено», а баланс не изменился через 30 минут, откройте заказ в разделе «Транзакции» и пришлите нам его номер.</li><li>${f.brand} никогда не спрашивает ваш пароль, PIN-код карты или коды подтверждения.</li></ul>`,
  }),
  'vm-VI': (f) => ({
    title: 'Làm thế nào để nạp tiền?',
    body: `<p>Nhấn <b>Nạp tiền</b> ở đầu trang, chọn phương thức, nhập số tiền và hoàn tất trên trang thanh toán. Số tiền nạp tối thiểu là ${f.minDeposit}.</p><ul><li>Hãy thanh toán từ tài khoản đứng tên bạn: khoản thanh toán từ người khác sẽ bị hoàn lại.</li><li>Phần lớn khoản nạp đến trong vài phút. Nếu trang thanh toán báo đã trả nhưng số dư chưa đổi sau 30 phút, hãy mở lệnh trong mục Giao dịch và gửi cho chúng tôi mã tham chiếu.</li><li>${f.brand} không bao giờ hỏi mật khẩu, mã PIN thẻ hay mã xác minh của bạn.</li></ul>`,
  }),
  'vm-TH': (f) => ({
    title: 'ฝากเงินอย่างไร?',
    body: `<p>แตะ <b>ฝากเงิน</b> ที่ด้านบน เลือกช่องทาง ใส่จำนวนเงิน แล้วทำรายการให้เสร็จในหน้าชำระเงิน ยอดฝากขั้นต่ำคือ ${f.minDeposit}</p><ul><li>ชำระจากบัญชีที่เป็นชื่อของคุณเอง การชำระจากผู้อื่นจะถูกคืนเงิน</li><li>ยอดฝากส่วนใหญ่เข้าภายในไม่กี่นาที หากหน้าชำระเงินแจ้งว่าชำระแล้วแต่ยอดคงเหลือยังไม่เปลี่ยนหลัง 30 นาที ให้เปิดรายการในหน้าธุรกรรมแล้วส่งเลขอ้างอิงให้เรา</li><li>${f.brand} จะไม่ขอรหัสผ่าน รหัส PIN บัตร หรือรหัสยืนยันของคุณ</li></ul>`,
  }),
  'zh-CN': (f) => ({
    title: '如何充值？',
    body: `<p>点击页面顶部的<b>充值</b>，选择支付方式，输入金额，并在支付页面完成付款。最低充值金额为 ${f.minDeposit}。</p><ul><li>请使用本人名下的账户付款：他人代付的款项将被退回。</li><li>大多数充值在几分钟内到账。如果支付页面显示已付款，但 30 分钟后余额仍未变化，请在“交易记录”中打开该订单并把参考号发给我们。</li><li>${f.brand} 绝不会向您索取密码、银行卡 PIN 或验证码。</li></ul>`,
  }),
  'ms-MY': (f) => ({
    title: 'Bagaimana cara membuat deposit?',
    body: `<p>Ketik <b>Deposit</b> di bahagian atas, pilih kaedah, masukkan jumlah dan selesaikan di halaman pembayaran. Deposit minimum ialah ${f.minDeposit}.</p><ul><li>Bayar daripada akaun atas nama anda sendiri: bayaran daripada orang lain akan dipulangkan.</li><li>Kebanyakan deposit masuk dalam beberapa minit. Jika halaman pembayaran menyatakan telah dibayar tetapi baki anda tidak berubah selepas 30 minit, buka pesanan di Transaksi dan hantar rujukannya kepada kami.</li><li>${f.brand} tidak akan meminta kata laluan, PIN kad atau kod anda.</li></ul>`,
  }),
};

const WITHDRAWALS: Article = {
  'en-US': () => ({
    title: 'How do withdrawals work?',
    body: '<p>Open <b>Withdraw</b>, choose the method, enter the amount and confirm. The money is paid to an account in your name.</p><ul><li>While a bonus is still being wagered, withdrawing cancels the bonus and what it won; the page tells you before you confirm.</li><li>We may ask for an identity document before a first or large withdrawal; the request says which document and why.</li><li>Transactions shows each withdrawal as pending, paid, or failed with the reason. A failed withdrawal returns the money to your balance.</li></ul>',
  }),
  'es-MX': () => ({
    title: '¿Cómo funcionan los retiros?',
    body: '<p>Abre <b>Retirar</b>, elige el método, escribe el monto y confirma. El dinero se paga a una cuenta a tu nombre.</p><ul><li>Mientras un bono siga en apuesta, retirar cancela el bono y lo que ganó con él; la página te lo avisa antes de confirmar.</li><li>Podemos pedirte una identificación antes del primer retiro o de uno grande; la solicitud dice qué documento y por qué.</li><li>En Transacciones cada retiro aparece como pendiente, pagado o fallido con el motivo. Un retiro fallido devuelve el dinero a tu saldo.</li></ul>',
  }),
  'pt-BR': () => ({
    title: 'Como funcionam os saques?',
    body: '<p>Abra <b>Sacar</b>, escolha o método, digite o valor e confirme. O dinheiro é pago numa conta no seu nome.</p><ul><li>Enquanto um bônus ainda está em rollover, sacar cancela o bônus e o que ele ganhou; a página avisa antes de você confirmar.</li><li>Podemos pedir um documento de identidade antes do primeiro saque ou de um saque alto; o pedido diz qual documento e por quê.</li><li>Em Transações cada saque aparece como pendente, pago ou falhou, com o motivo. Um saque que falhou devolve o dinheiro ao seu saldo.</li></ul>',
  }),
  'ru-RU': () => ({
    title: 'Как работает вывод средств?',
    body: '<p>Откройте <b>Вывод</b>, выберите способ, введите сумму и подтвердите. Деньги выплачиваются на счёт на ваше имя.</p><ul><li>Пока бонус не отыгран, вывод отменяет бонус и выигрыш с него; страница предупредит об этом до подтверждения.</li><li>Перед первым или крупным выводом мы можем попросить документ, удостоверяющий личность; в запросе указано, какой документ и зачем.</li><li>В разделе «Транзакции» каждый вывод отмечен как ожидающий, выплаченный или неудачный с причиной. При неудаче деньги возвращаются на баланс.</li></ul>',
  }),
  'vm-VI': () => ({
    title: 'Rút tiền hoạt động thế nào?',
    body: '<p>Mở <b>Rút tiền</b>, chọn phương thức, nhập số tiền và xác nhận. Tiền được chuyển vào tài khoản đứng tên bạn.</p><ul><li>Khi tiền thưởng vẫn đang trong quá trình cược, rút tiền sẽ hủy tiền thưởng và số tiền thắng từ nó; trang sẽ báo trước khi bạn xác nhận.</li><li>Chúng tôi có thể yêu cầu giấy tờ tùy thân trước lần rút đầu tiên hoặc khoản rút lớn; yêu cầu sẽ nêu rõ giấy tờ nào và lý do.</li><li>Mục Giao dịch hiển thị mỗi lệnh rút là đang chờ, đã trả hoặc thất bại kèm lý do. Lệnh rút thất bại sẽ hoàn tiền vào số dư.</li></ul>',
  }),
  'vm-TH': () => ({
    title: 'การถอนเงินทำงานอย่างไร?',
    body: '<p>เปิด <b>ถอนเงิน</b> เลือกช่องทาง ใส่จำนวนเงินแล้วยืนยัน เงินจะจ่ายเข้าบัญชีที่เป็นชื่อของคุณ</p><ul><li>ขณะที่โบนัสยังทำยอดเทิร์นไม่ครบ การถอนเงินจะยกเลิกโบนัสและเงินที่ได้จากโบนัส หน้าจอจะแจ้งก่อนคุณยืนยัน</li><li>เราอาจขอเอกสารยืนยันตัวตนก่อนการถอนครั้งแรกหรือการถอนจำนวนมาก คำขอจะบอกว่าต้องใช้เอกสารใดและเพราะอะไร</li><li>หน้าธุรกรรมแสดงการถอนแต่ละรายการว่ารอดำเนินการ จ่ายแล้ว หรือไม่สำเร็จพร้อมเหตุผล หากไม่สำเร็จ เงินจะคืนเข้ายอดคงเหลือ</li></ul>',
  }),
  'zh-CN': () => ({
    title: '如何提现？',
    body: '<p>打开<b>提现</b>，选择方式，输入金额并确认。款项将支付到您本人名下的账户。</p><ul><li>奖金尚未完成流水时提现，会取消该奖金及其赢得的金额；确认前页面会提示您。</li><li>首次提现或大额提现前，我们可能要求提供身份证件；请求中会说明需要哪种证件以及原因。</li><li>“交易记录”会显示每笔提现为处理中、已支付或失败（附原因）。提现失败时，款项会退回您的余额。</li></ul>',
  }),
  'ms-MY': () => ({
    title: 'Bagaimana pengeluaran berfungsi?',
    body: '<p>Buka <b>Keluarkan</b>, pilih kaedah, masukkan jumlah dan sahkan. Wang dibayar ke akaun atas nama anda.</p><ul><li>Semasa bonus masih dalam pertaruhan, pengeluaran membatalkan bonus dan kemenangan daripadanya; halaman akan memberitahu sebelum anda mengesahkan.</li><li>Kami mungkin meminta dokumen pengenalan sebelum pengeluaran pertama atau pengeluaran besar; permintaan itu menyatakan dokumen mana dan sebabnya.</li><li>Transaksi menunjukkan setiap pengeluaran sebagai belum selesai, dibayar atau gagal beserta sebabnya. Pengeluaran yang gagal memulangkan wang ke baki anda.</li></ul>',
  }),
};

const BONUS: Article = {
  'en-US': () => ({
    title: 'What does bonus wagering mean?',
    body: '<p>A bonus has to be wagered a set number of times before it becomes cash you can withdraw. A bonus of 100 with a 10× requirement needs bets totalling 1,000.</p><ul><li>Only settled bets count. Cashed-out and void bets, and bets below the minimum odds the bonus states, do not.</li><li>The Bonus page shows your progress, the requirement, the minimum odds and when the bonus expires.</li><li>A bonus not wagered in time is removed together with its winnings.</li></ul>',
  }),
  'es-MX': () => ({
    title: '¿Qué significa el rollover de un bono?',
    body: '<p>Un bono debe apostarse un número fijo de veces antes de convertirse en dinero que puedes retirar. Un bono de 100 con un requisito de 10× necesita apuestas por 1,000 en total.</p><ul><li>Solo cuentan las apuestas liquidadas. Las cobradas anticipadamente, las anuladas y las que tienen momios por debajo del mínimo del bono no cuentan.</li><li>La página de Bonos muestra tu avance, el requisito, los momios mínimos y cuándo vence el bono.</li><li>Un bono que no se apuesta a tiempo se retira junto con sus ganancias.</li></ul>',
  }),
  'pt-BR': () => ({
    title: 'O que é o rollover do bônus?',
    body: '<p>Um bônus precisa ser apostado um número definido de vezes antes de virar dinheiro que você pode sacar. Um bônus de 100 com rollover de 10× exige apostas que somem 1.000.</p><ul><li>Só contam apostas liquidadas. Apostas encerradas por cash out, anuladas ou abaixo da odd mínima do bônus não contam.</li><li>A página de Bônus mostra o seu progresso, o rollover, a odd mínima e quando o bônus expira.</li><li>Um bônus que não for apostado a tempo é removido junto com os ganhos dele.</li></ul>',
  }),
  'ru-RU': () => ({
    title: 'Что такое отыгрыш бонуса?',
    body: '<p>Бонус нужно поставить заданное число раз, прежде чем он станет деньгами, которые можно вывести. Бонус 100 с вейджером 10× требует ставок на 1 000 в сумме.</p><ul><li>Учитываются только рассчитанные ставки. Проданные (кэшаут), аннулированные ставки и ставки с коэффициентом ниже минимального для бонуса не учитываются.</li><li>На странице «Бонусы» видны прогресс, требование, минимальный коэффициент и срок действия.</li><li>Бонус, не отыгранный вовремя, списывается вместе с выигрышем.</li></ul>',
  }),
  'vm-VI': () => ({
    title: 'Yêu cầu cược tiền thưởng là gì?',
    body: '<p>Tiền thưởng phải được cược một số lần nhất định trước khi thành tiền mặt có thể rút. Tiền thưởng 100 với yêu cầu 10× cần tổng tiền cược 1.000.</p><ul><li>Chỉ tính các cược đã thanh toán. Cược đã rút sớm (cash out), cược bị hủy và cược có tỷ lệ dưới mức tối thiểu của tiền thưởng không được tính.</li><li>Trang Tiền thưởng hiển thị tiến độ, yêu cầu, tỷ lệ tối thiểu và thời hạn.</li><li>Tiền thưởng không cược đủ kịp thời sẽ bị xóa cùng số tiền thắng từ nó.</li></ul>',
  }),
  'vm-TH': () => ({
    title: 'ยอดเทิร์นโบนัสคืออะไร?',
    body: '<p>โบนัสต้องนำไปเดิมพันตามจำนวนรอบที่กำหนดก่อนจะกลายเป็นเงินที่ถอนได้ โบนัส 100 ที่มีเงื่อนไข 10 เท่า ต้องมียอดเดิมพันรวม 1,000</p><ul><li>นับเฉพาะเดิมพันที่ตัดสินผลแล้ว เดิมพันที่แคชเอาต์ เดิมพันที่เป็นโมฆะ และเดิมพันที่อัตราต่อรองต่ำกว่าขั้นต่ำของโบนัสจะไม่นับ</li><li>หน้าโบนัสแสดงความคืบหน้า เงื่อนไข อัตราต่อรองขั้นต่ำ และวันหมดอายุ</li><li>โบนัสที่ทำยอดไม่ทันจะถูกยกเลิกพร้อมเงินรางวัลจากโบนัส</li></ul>',
  }),
  'zh-CN': () => ({
    title: '什么是奖金流水要求？',
    body: '<p>奖金需要按规定倍数完成投注，才能变成可提现的现金。100 的奖金若要求 10 倍流水，需要累计投注 1,000。</p><ul><li>只计算已结算的注单。提前兑现、作废的注单以及赔率低于奖金最低赔率的注单不计入。</li><li>“奖金”页面会显示您的进度、流水要求、最低赔率和到期时间。</li><li>未在期限内完成流水的奖金将连同其赢得的金额一起被移除。</li></ul>',
  }),
  'ms-MY': () => ({
    title: 'Apakah maksud syarat pertaruhan bonus?',
    body: '<p>Bonus mesti dipertaruhkan beberapa kali yang ditetapkan sebelum menjadi tunai yang boleh dikeluarkan. Bonus 100 dengan syarat 10× memerlukan jumlah pertaruhan 1,000.</p><ul><li>Hanya pertaruhan yang telah diselesaikan dikira. Pertaruhan cash out, pertaruhan batal dan pertaruhan di bawah odds minimum bonus tidak dikira.</li><li>Halaman Bonus menunjukkan kemajuan anda, syarat, odds minimum dan tarikh luput.</li><li>Bonus yang tidak dipertaruhkan tepat pada masanya dikeluarkan bersama kemenangannya.</li></ul>',
  }),
};

const BETTING: Article = {
  'en-US': () => ({
    title: 'Bet rules',
    body: '<p>A bet is accepted once it shows in your bet history with a number. In-play bets wait a few seconds before acceptance; if a goal is scored or the market is suspended meanwhile, the bet is rejected and the stake returned.</p><ul><li>Football markets settle on the result after regular time plus stoppage time, unless the market name says otherwise (extra time, penalties).</li><li>A void selection in a multiple counts at odds 1.00; the rest of the multiple stands.</li><li>If an official result is corrected, the bets on it are settled again and your balance follows the correction.</li><li>Cash out shows only while it can be done, at the price on screen.</li></ul>',
  }),
  'es-MX': () => ({
    title: 'Reglas de apuestas',
    body: '<p>Una apuesta queda aceptada cuando aparece en tu historial con un número. Las apuestas en vivo esperan unos segundos antes de aceptarse; si hay un gol o el mercado se suspende en ese tiempo, la apuesta se rechaza y se devuelve el importe.</p><ul><li>Los mercados de futbol se liquidan con el resultado del tiempo reglamentario más el añadido, salvo que el nombre del mercado diga otra cosa (prórroga, penales).</li><li>Una selección anulada en una combinada cuenta con momio 1.00; el resto de la combinada sigue en pie.</li><li>Si se corrige un resultado oficial, las apuestas se liquidan de nuevo y tu saldo sigue la corrección.</li><li>El cash out solo aparece mientras se puede hacer, al precio que ves en pantalla.</li></ul>',
  }),
  'pt-BR': () => ({
    title: 'Regras de apostas',
    body: '<p>Uma aposta está aceita quando aparece no seu histórico com um número. Apostas ao vivo aguardam alguns segundos antes da aceitação; se sair um gol ou o mercado for suspenso nesse tempo, a aposta é recusada e o valor devolvido.</p><ul><li>Mercados de futebol são liquidados pelo resultado do tempo regulamentar mais os acréscimos, salvo quando o nome do mercado diz outra coisa (prorrogação, pênaltis).</li><li>Uma seleção anulada numa múltipla conta com odd 1,00; o restante da múltipla continua valendo.</li><li>Se um resultado oficial for corrigido, as apostas são liquidadas de novo e o seu saldo acompanha a correção.</li><li>O cash out só aparece enquanto pode ser feito, pelo valor mostrado na tela.</li></ul>',
  }),
  'ru-RU': () => ({
    title: 'Правила ставок',
    body: '<p>Ставка принята, когда она появилась в истории ставок с номером. Ставки в лайве ждут несколько секунд перед принятием; если за это время забит гол или рынок приостановлен, ставка отклоняется, а сумма возвращается.</p><ul><li>Футбольные рынки рассчитываются по результату основного времени с добавленным, если в названии рынка не сказано иное (овертайм, пенальти).</li><li>Аннулированный исход в экспрессе считается с коэффициентом 1,00; остальная часть экспресса остаётся в силе.</li><li>Если официальный результат исправлен, ставки пересчитываются, и баланс меняется вслед за исправлением.</li><li>Кэшаут показывается, только пока его можно сделать, по цене на экране.</li></ul>',
  }),
  'vm-VI': () => ({
    title: 'Luật cược',
    body: '<p>Cược được chấp nhận khi xuất hiện trong lịch sử cược kèm mã số. Cược trực tiếp chờ vài giây trước khi được chấp nhận; nếu có bàn thắng hoặc thị trường bị tạm dừng trong lúc đó, cược bị từ chối và tiền cược được hoàn lại.</p><ul><li>Kèo bóng đá được thanh toán theo kết quả thời gian chính thức cộng bù giờ, trừ khi tên kèo ghi khác (hiệp phụ, luân lưu).</li><li>Lựa chọn bị hủy trong cược xiên được tính tỷ lệ 1,00; phần còn lại của cược xiên vẫn giữ nguyên.</li><li>Nếu kết quả chính thức được sửa, các cược được thanh toán lại và số dư thay đổi theo.</li><li>Rút sớm (cash out) chỉ hiển thị khi có thể thực hiện, theo giá trên màn hình.</li></ul>',
  }),
  'vm-TH': () => ({
    title: 'กฎการเดิมพัน',
    body: '<p>เดิมพันได้รับการยอมรับเมื่อปรากฏในประวัติการเดิมพันพร้อมหมายเลข เดิมพันสดจะรอไม่กี่วินาทีก่อนยอมรับ หากมีประตูหรือตลาดถูกระงับในระหว่างนั้น เดิมพันจะถูกปฏิเสธและคืนเงินเดิมพัน</p><ul><li>ตลาดฟุตบอลตัดสินตามผลในเวลาปกติรวมทดเวลา เว้นแต่ชื่อตลาดระบุเป็นอย่างอื่น (ต่อเวลาพิเศษ จุดโทษ)</li><li>ตัวเลือกที่เป็นโมฆะในบอลสเต็ปนับอัตราต่อรอง 1.00 ส่วนที่เหลือยังมีผล</li><li>หากผลอย่างเป็นทางการถูกแก้ไข เดิมพันจะถูกตัดสินใหม่และยอดคงเหลือจะเปลี่ยนตาม</li><li>แคชเอาต์จะแสดงเฉพาะเมื่อทำได้ ในราคาที่เห็นบนหน้าจอ</li></ul>',
  }),
  'zh-CN': () => ({
    title: '投注规则',
    body: '<p>注单出现在投注记录中并带有编号时即为已接受。滚球投注在接受前会等待几秒；若期间有进球或盘口暂停，该注单会被拒绝并退还本金。</p><ul><li>足球盘口按常规时间加补时的结果结算，除非盘口名称另有说明（加时赛、点球）。</li><li>串关中作废的选项按赔率 1.00 计算，串关的其余部分仍然有效。</li><li>如果官方结果被更正，相关注单将重新结算，您的余额随之调整。</li><li>提前兑现只在可执行时显示，按屏幕上的价格成交。</li></ul>',
  }),
  'ms-MY': () => ({
    title: 'Peraturan pertaruhan',
    body: '<p>Pertaruhan diterima apabila ia muncul dalam sejarah pertaruhan anda dengan nombor. Pertaruhan langsung menunggu beberapa saat sebelum diterima; jika gol dijaringkan atau pasaran digantung dalam tempoh itu, pertaruhan ditolak dan taruhan dipulangkan.</p><ul><li>Pasaran bola sepak diselesaikan mengikut keputusan masa biasa termasuk masa kecederaan, kecuali nama pasaran menyatakan sebaliknya (masa tambahan, penalti).</li><li>Pilihan yang batal dalam pertaruhan berganda dikira pada odds 1.00; selebihnya kekal.</li><li>Jika keputusan rasmi dibetulkan, pertaruhan diselesaikan semula dan baki anda mengikut pembetulan itu.</li><li>Cash out hanya dipaparkan semasa ia boleh dibuat, pada harga di skrin.</li></ul>',
  }),
};

const ACCOUNT: Article = {
  'en-US': (f) => ({
    title: 'Keeping your account safe',
    body: `<p>Use a password you use nowhere else, and keep your e-mail address up to date: sign-in and reset codes are sent there.</p><ul><li>After too many wrong passwords the account locks for up to an hour; resetting the password gets you in sooner.</li><li>After a while without activity we ask you to sign in again before any deposit or withdrawal.</li><li>Log out on shared devices.</li><li>${f.brand} staff never ask for your password or codes. Report suspicious messages to ${f.email}.</li></ul>`,
  }),
  'es-MX': (f) => ({
    title: 'Cómo proteger tu cuenta',
    body: `<p>Usa una contraseña que no uses en ningún otro sitio y mantén tu correo al día: ahí enviamos los códigos de acceso y de restablecimiento.</p><ul><li>Tras demasiadas contraseñas incorrectas, la cuenta se bloquea hasta una hora; restablecer la contraseña te permite entrar antes.</li><li>Después de un tiempo sin actividad te pedimos iniciar sesión de nuevo antes de cualquier depósito o retiro.</li><li>Cierra sesión en dispositivos compartidos.</li><li>El personal de ${f.brand} nunca te pide tu contraseña ni códigos. Reporta mensajes sospechosos a ${f.email}.</li></ul>`,
  }),
  'pt-BR': (f) => ({
    title: 'Como manter a sua conta segura',
    body: `<p>Use uma senha que você não usa em nenhum outro lugar e mantenha o seu e-mail atualizado: os códigos de acesso e de redefinição são enviados para ele.</p><ul><li>Depois de muitas senhas erradas, a conta fica bloqueada por até uma hora; redefinir a senha libera o acesso antes.</li><li>Depois de um tempo sem atividade, pedimos que você entre de novo antes de qualquer depósito ou saque.</li><li>Saia da conta em aparelhos compartilhados.</li><li>A equipe da ${f.brand} nunca pede a sua senha ou códigos. Denuncie mensagens suspeitas para ${f.email}.</li></ul>`,
  }),
  'ru-RU': (f) => ({
    title: 'Как защитить аккаунт',
    body: `<p>Используйте пароль, который больше нигде не используете, и держите e-mail актуальным: туда приходят коды входа и сброса пароля.</p><ul><li>После слишком многих неверных паролей аккаунт блокируется на срок до часа; сброс пароля позволит войти раньше.</li><li>После периода бездействия мы просим войти снова перед любым пополнением или выводом.</li><li>Выходите из аккаунта на общих устройствах.</li><li>Сотрудники ${f.brand} никогда не спрашивают пароль или коды. Сообщайте о подозрительных сообщениях на ${f.email}.</li></ul>`,
  }),
  'vm-VI': (f) => ({
    title: 'Giữ an toàn cho tài khoản',
    body: `<p>Dùng mật khẩu bạn không dùng ở nơi nào khác và cập nhật email của bạn: mã đăng nhập và mã đặt lại được gửi tới đó.</p><ul><li>Nhập sai mật khẩu quá nhiều lần, tài khoản bị khóa tối đa một giờ; đặt lại mật khẩu giúp bạn vào sớm hơn.</li><li>Sau một thời gian không hoạt động, chúng tôi yêu cầu đăng nhập lại trước khi nạp hoặc rút tiền.</li><li>Đăng xuất trên thiết bị dùng chung.</li><li>Nhân viên ${f.brand} không bao giờ hỏi mật khẩu hay mã của bạn. Hãy báo tin nhắn đáng ngờ tới ${f.email}.</li></ul>`,
  }),
  'vm-TH': (f) => ({
    title: 'รักษาบัญชีให้ปลอดภัย',
    body: `<p>ใช้รหัสผ่านที่ไม่ได้ใช้ที่อื่น และอัปเดตอีเมลของคุณให้เป็นปัจจุบัน เพราะรหัสเข้าสู่ระบบและรหัสรีเซ็ตจะส่งไปที่นั่น</p><ul><li>หากใส่รหัสผ่านผิดหลายครั้ง บัญชีจะถูกล็อกได้นานถึงหนึ่งชั่วโมง การรีเซ็ตรหัสผ่านช่วยให้เข้าได้เร็วขึ้น</li><li>หลังจากไม่มีการใช้งานช่วงหนึ่ง เราจะขอให้เข้าสู่ระบบอีกครั้งก่อนฝากหรือถอนเงิน</li><li>ออกจากระบบบนอุปกรณ์ที่ใช้ร่วมกัน</li><li>พนักงาน ${f.brand} จะไม่ขอรหัสผ่านหรือรหัสของคุณ แจ้งข้อความที่น่าสงสัยได้ที่ ${f.email}</li></ul>`,
  }),
  'zh-CN': (f) => ({
    title: '保护您的账户安全',
    body: `<p>请使用在其他地方都没用过的密码，并保持邮箱地址最新：登录码和重置码都会发送到该邮箱。</p><ul><li>密码输错次数过多时，账户会被锁定最长一小时；重置密码可以更早登录。</li><li>一段时间无操作后，进行任何充值或提现前我们会要求您重新登录。</li><li>在共用设备上请退出登录。</li><li>${f.brand} 的工作人员绝不会索要您的密码或验证码。可疑信息请报告至 ${f.email}。</li></ul>`,
  }),
  'ms-MY': (f) => ({
    title: 'Menjaga keselamatan akaun anda',
    body: `<p>Gunakan kata laluan yang tidak digunakan di tempat lain, dan pastikan alamat e-mel anda terkini: kod log masuk dan kod set semula dihantar ke sana.</p><ul><li>Selepas terlalu banyak kata laluan salah, akaun dikunci sehingga satu jam; menetapkan semula kata laluan membolehkan anda masuk lebih awal.</li><li>Selepas tempoh tanpa aktiviti, kami meminta anda log masuk semula sebelum sebarang deposit atau pengeluaran.</li><li>Log keluar pada peranti yang dikongsi.</li><li>Kakitangan ${f.brand} tidak akan meminta kata laluan atau kod anda. Laporkan mesej mencurigakan kepada ${f.email}.</li></ul>`,
  }),
};

const HELP_LINKS = '<a href="https://www.gamblingtherapy.org">Gambling Therapy</a>, <a href="https://www.gamblersanonymous.org">Gamblers Anonymous</a>';

const RESPONSIBLE: Article = {
  'en-US': (f) => ({
    title: 'Responsible gambling',
    body: `<p>You must be ${f.age} or older to play. Gambling is entertainment, not a way to earn money: only play with money you can afford to lose.</p><ul><li>Set deposit, loss or wager limits, take a time-out or exclude yourself under Settings → Safer play. A lower limit applies at once.</li><li>Warning signs: chasing losses, playing with money meant for bills, hiding play from family.</li><li>Free, confidential help: ${HELP_LINKS}.</li></ul>`,
  }),
  'es-MX': (f) => ({
    title: 'Juego responsable',
    body: `<p>Debes tener ${f.age} años o más para jugar. Apostar es entretenimiento, no una forma de ganar dinero: juega solo con dinero que puedas permitirte perder.</p><ul><li>Fija límites de depósito, pérdida o apuesta, toma una pausa o autoexclúyete en Ajustes → Juego seguro. Un límite más bajo se aplica de inmediato.</li><li>Señales de alerta: intentar recuperar pérdidas, jugar con el dinero de las cuentas, ocultar el juego a tu familia.</li><li>Ayuda gratuita y confidencial: ${HELP_LINKS}.</li></ul>`,
  }),
  'pt-BR': (f) => ({
    title: 'Jogo responsável',
    body: `<p>Você precisa ter ${f.age} anos ou mais para jogar. Apostar é diversão, não uma forma de ganhar dinheiro: jogue apenas com o que pode perder.</p><ul><li>Defina limites de depósito, perda ou aposta, faça uma pausa ou autoexclua-se em Configurações → Jogo seguro. Um limite menor vale na hora.</li><li>Sinais de alerta: tentar recuperar perdas, jogar com o dinheiro das contas, esconder o jogo da família.</li><li>Ajuda gratuita e sigilosa: ${HELP_LINKS}.</li></ul>`,
  }),
  'ru-RU': (f) => ({
    title: 'Ответственная игра',
    body: `<p>Играть можно с ${f.age} лет. Ставки — это развлечение, а не способ заработка: играйте только на те деньги, которые можете позволить себе потерять.</p><ul><li>Установите лимиты на пополнение, проигрыш или ставки, возьмите перерыв или самоисключитесь в разделе «Настройки → Безопасная игра». Более низкий лимит действует сразу.</li><li>Тревожные признаки: попытки отыграться, игра на деньги для счетов, сокрытие игры от близких.</li><li>Бесплатная конфиденциальная помощь: ${HELP_LINKS}.</li></ul>`,
  }),
  'vm-VI': (f) => ({
    title: 'Chơi có trách nhiệm',
    body: `<p>Bạn phải từ ${f.age} tuổi trở lên để chơi. Cá cược là giải trí, không phải cách kiếm tiền: chỉ chơi bằng số tiền bạn có thể chấp nhận mất.</p><ul><li>Đặt giới hạn nạp, thua hoặc cược, tạm nghỉ hoặc tự loại trừ trong Cài đặt → Chơi an toàn. Giới hạn thấp hơn có hiệu lực ngay.</li><li>Dấu hiệu cảnh báo: cố gỡ lại tiền thua, chơi bằng tiền dành cho hóa đơn, giấu gia đình việc chơi.</li><li>Hỗ trợ miễn phí, bảo mật: ${HELP_LINKS}.</li></ul>`,
  }),
  'vm-TH': (f) => ({
    title: 'การเล่นอย่างรับผิดชอบ',
    body: `<p>คุณต้องมีอายุ ${f.age} ปีขึ้นไปจึงจะเล่นได้ การเดิมพันคือความบันเทิง ไม่ใช่วิธีหาเงิน เล่นเฉพาะเงินที่คุณเสียได้</p><ul><li>ตั้งวงเงินฝาก วงเงินเสีย หรือวงเงินเดิมพัน พักการเล่น หรือแยกตัวเองออกได้ที่ ตั้งค่า → เล่นอย่างปลอดภัย วงเงินที่ต่ำลงมีผลทันที</li><li>สัญญาณเตือน: พยายามเล่นเอาคืน ใช้เงินค่าใช้จ่ายจำเป็นมาเล่น ปิดบังการเล่นจากครอบครัว</li><li>ความช่วยเหลือฟรีและเป็นความลับ: ${HELP_LINKS}</li></ul>`,
  }),
  'zh-CN': (f) => ({
    title: '理性博彩',
    body: `<p>您必须年满 ${f.age} 岁才能参与。博彩是娱乐，不是赚钱的方式：只用您输得起的钱来玩。</p><ul><li>在“设置 → 安全游戏”中设置充值、亏损或投注限额，暂停游戏或自我排除。调低的限额立即生效。</li><li>警示信号：想把输掉的钱赢回来、用生活开支的钱来玩、向家人隐瞒。</li><li>免费且保密的帮助：${HELP_LINKS}。</li></ul>`,
  }),
  'ms-MY': (f) => ({
    title: 'Perjudian bertanggungjawab',
    body: `<p>Anda mesti berumur ${f.age} tahun ke atas untuk bermain. Perjudian ialah hiburan, bukan cara mencari wang: bermain hanya dengan wang yang anda mampu kehilangan.</p><ul><li>Tetapkan had deposit, kerugian atau pertaruhan, ambil rehat atau kecualikan diri di Tetapan → Main selamat. Had yang lebih rendah berkuat kuasa serta-merta.</li><li>Tanda amaran: cuba mendapatkan semula kerugian, bermain dengan wang bil, menyembunyikan permainan daripada keluarga.</li><li>Bantuan percuma dan sulit: ${HELP_LINKS}.</li></ul>`,
  }),
};

const LICENCE: Readonly<Record<Locale, (f: HelpSeedFacts) => string>> = {
  'en-US': (f) =>
    f.regulator ? `It operates under a licence from ${f.regulator}.` : 'Online betting is not licensed everywhere: play only where it is legal for you.',
  'es-MX': (f) =>
    f.regulator ? `Opera con licencia de ${f.regulator}.` : 'Las apuestas en línea no están autorizadas en todas partes: juega solo donde sea legal para ti.',
  'pt-BR': (f) =>
    f.regulator ? `Opera com autorização da ${f.regulator}.` : 'Apostas online não são autorizadas em todo lugar: jogue apenas onde for legal para você.',
  'ru-RU': (f) => (f.regulator ? `Работает по лицензии ${f.regulator}.` : 'Онлайн-ставки разрешены не везде: играйте только там, где это законно для вас.'),
  'vm-VI': (f) =>
    f.regulator ? `Hoạt động theo giấy phép của ${f.regulator}.` : 'Cá cược trực tuyến không được cấp phép ở mọi nơi: chỉ chơi ở nơi hợp pháp với bạn.',
  'vm-TH': (f) => (f.regulator ? `ดำเนินการภายใต้ใบอนุญาตจาก ${f.regulator}` : 'การเดิมพันออนไลน์ไม่ได้รับอนุญาตในทุกที่ เล่นเฉพาะที่ถูกกฎหมายสำหรับคุณ'),
  'zh-CN': (f) => (f.regulator ? `持有 ${f.regulator} 颁发的牌照运营。` : '网上投注并非在所有地区都合法：请只在对您合法的地方参与。'),
  'ms-MY': (f) =>
    f.regulator
      ? `Beroperasi di bawah lesen daripada ${f.regulator}.`
      : 'Pertaruhan dalam talian tidak berlesen di semua tempat: bermain hanya di tempat yang sah bagi anda.',
};

const ABOUT: Article = {
  'en-US': (f) => ({
    title: `About ${f.brand}`,
    body: `<p>${f.brand} is a sportsbook and casino built for phones: live and upcoming matches, casino and slot games, and deposits and withdrawals with local payment methods. ${LICENCE['en-US'](f)}</p><p>Players must be ${f.age} or older. Questions: <a href="mailto:${f.email}">${f.email}</a>.</p>`,
  }),
  'es-MX': (f) => ({
    title: `Acerca de ${f.brand}`,
    body: `<p>${f.brand} es una casa de apuestas deportivas y casino hecha para el celular: partidos en vivo y próximos, juegos de casino y tragamonedas, y depósitos y retiros con métodos de pago locales. ${LICENCE['es-MX'](f)}</p><p>Los jugadores deben tener ${f.age} años o más. Dudas: <a href="mailto:${f.email}">${f.email}</a>.</p>`,
  }),
  'pt-BR': (f) => ({
    title: `Sobre a ${f.brand}`,
    body: `<p>A ${f.brand} é uma casa de apostas esportivas e cassino feita para o celular: jogos ao vivo e futuros, cassino e slots, e depósitos e saques com meios de pagamento locais. ${LICENCE['pt-BR'](f)}</p><p>É preciso ter ${f.age} anos ou mais. Dúvidas: <a href="mailto:${f.email}">${f.email}</a>.</p>`,
  }),
  'ru-RU': (f) => ({
    title: `О ${f.brand}`,
    body: `<p>${f.brand} — букмекер и казино для смартфона: матчи в лайве и предстоящие, казино и слоты, пополнение и вывод местными способами оплаты. ${LICENCE['ru-RU'](f)}</p><p>Играть можно с ${f.age} лет. Вопросы: <a href="mailto:${f.email}">${f.email}</a>.</p>`,
  }),
  'vm-VI': (f) => ({
    title: `Về ${f.brand}`,
    body: `<p>${f.brand} là nhà cái thể thao và sòng bài dành cho điện thoại: trận đấu trực tiếp và sắp diễn ra, trò chơi sòng bài và slot, nạp và rút tiền bằng phương thức thanh toán địa phương. ${LICENCE['vm-VI'](f)}</p><p>Người chơi phải từ ${f.age} tuổi trở lên. Thắc mắc: <a href="mailto:${f.email}">${f.email}</a>.</p>`,
  }),
  'vm-TH': (f) => ({
    title: `เกี่ยวกับ ${f.brand}`,
    body: `<p>${f.brand} คือเว็บเดิมพันกีฬาและคาสิโนที่ออกแบบมาสำหรับมือถือ มีแมตช์สดและแมตช์ที่กำลังจะมาถึง เกมคาสิโนและสล็อต และการฝากถอนด้วยช่องทางชำระเงินในประเทศ ${LICENCE['vm-TH'](f)}</p><p>ผู้เล่นต้องมีอายุ ${f.age} ปีขึ้นไป สอบถาม: <a href="mailto:${f.email}">${f.email}</a></p>`,
  }),
  'zh-CN': (f) => ({
    title: `关于 ${f.brand}`,
    body: `<p>${f.brand} 是为手机打造的体育投注与娱乐场平台：滚球与即将开赛的比赛、娱乐场与老虎机游戏，以及使用本地支付方式的充值与提现。${LICENCE['zh-CN'](f)}</p><p>玩家须年满 ${f.age} 岁。如有疑问：<a href="mailto:${f.email}">${f.email}</a>。</p>`,
  }),
  'ms-MY': (f) => ({
    title: `Mengenai ${f.brand}`,
    body: `<p>${f.brand} ialah laman pertaruhan sukan dan kasino untuk telefon: perlawanan langsung dan akan datang, permainan kasino dan slot, serta deposit dan pengeluaran dengan kaedah pembayaran tempatan. ${LICENCE['ms-MY'](f)}</p><p>Pemain mesti berumur ${f.age} tahun ke atas. Pertanyaan: <a href="mailto:${f.email}">${f.email}</a>.</p>`,
  }),
};

const LAW: Readonly<Record<Locale, (law: string) => string>> = {
  'en-US': (law) => `<li>Your rights follow the ${law}.</li>`,
  'es-MX': (law) => `<li>Tus derechos se rigen por la ${law}.</li>`,
  'pt-BR': (law) => `<li>Os seus direitos seguem a ${law}.</li>`,
  'ru-RU': (law) => `<li>Ваши права определяет ${law}.</li>`,
  'vm-VI': (law) => `<li>Quyền của bạn tuân theo ${law}.</li>`,
  'vm-TH': (law) => `<li>สิทธิของคุณเป็นไปตาม ${law}</li>`,
  'zh-CN': (law) => `<li>您的权利依照 ${law} 执行。</li>`,
  'ms-MY': (law) => `<li>Hak anda tertakluk kepada ${law}.</li>`,
};
const lawLine = (locale: Locale, f: HelpSeedFacts) => (f.dataLaw ? LAW[locale](f.dataLaw) : '');

const PRIVACY: Article = {
  'en-US': (f) => ({
    title: 'Privacy notice',
    body: `<p>${f.brand} keeps what it needs to run your account and meet the law: your e-mail or phone, your deposits, withdrawals and bets, the device and address you sign in from, and documents you send for verification.</p><ul><li>We use them to provide the service, to prevent fraud and money laundering, and to keep the records the law requires.</li><li>We do not sell your data. Payment providers receive only what a payment needs.</li><li>You may ask for a copy, a correction or deletion at <a href="mailto:${f.email}">${f.email}</a>; records the law makes us keep stay for the period it sets.</li><li>Marketing messages only with your consent; you can turn them off at any time.</li>${lawLine('en-US', f)}</ul>`,
  }),
  'es-MX': (f) => ({
    title: 'Aviso de privacidad',
    body: `<p>${f.brand} guarda lo necesario para operar tu cuenta y cumplir la ley: tu correo o teléfono, tus depósitos, retiros y apuestas, el dispositivo y la dirección desde donde entras, y los documentos que envías para verificarte.</p><ul><li>Los usamos para prestar el servicio, prevenir fraude y lavado de dinero, y conservar los registros que exige la ley.</li><li>No vendemos tus datos. Los proveedores de pago reciben solo lo que un pago necesita.</li><li>Puedes pedir una copia, una corrección o la eliminación en <a href="mailto:${f.email}">${f.email}</a>; los registros que la ley nos obliga a conservar se guardan el plazo que fija.</li><li>Mensajes de marketing solo con tu consentimiento; puedes desactivarlos cuando quieras.</li>${lawLine('es-MX', f)}</ul>`,
  }),
  'pt-BR': (f) => ({
    title: 'Aviso de privacidade',
    body: `<p>A ${f.brand} guarda o necessário para manter a sua conta e cumprir a lei: o seu e-mail ou telefone, os seus depósitos, saques e apostas, o aparelho e o endereço de onde você entra, e os documentos que envia para verificação.</p><ul><li>Usamos esses dados para prestar o serviço, prevenir fraude e lavagem de dinheiro e manter os registros que a lei exige.</li><li>Não vendemos os seus dados. Os provedores de pagamento recebem só o que um pagamento precisa.</li><li>Você pode pedir uma cópia, correção ou exclusão em <a href="mailto:${f.email}">${f.email}</a>; registros que a lei nos obriga a guardar ficam pelo prazo que ela define.</li><li>Mensagens de marketing só com o seu consentimento; você pode desativá-las quando quiser.</li>${lawLine('pt-BR', f)}</ul>`,
  }),
  'ru-RU': (f) => ({
    title: 'Политика конфиденциальности',
    body: `<p>${f.brand} хранит то, что нужно для работы аккаунта и соблюдения закона: ваш e-mail или телефон, пополнения, выводы и ставки, устройство и адрес, с которых вы входите, и документы, присланные для проверки.</p><ul><li>Мы используем их, чтобы оказывать услугу, предотвращать мошенничество и отмывание денег и хранить записи, которых требует закон.</li><li>Мы не продаём ваши данные. Платёжные провайдеры получают только то, что нужно для платежа.</li><li>Вы можете запросить копию, исправление или удаление по адресу <a href="mailto:${f.email}">${f.email}</a>; записи, которые закон обязывает хранить, хранятся установленный им срок.</li><li>Рекламные сообщения — только с вашего согласия; их можно отключить в любой момент.</li>${lawLine('ru-RU', f)}</ul>`,
  }),
  'vm-VI': (f) => ({
    title: 'Thông báo quyền riêng tư',
    body: `<p>${f.brand} lưu những gì cần để vận hành tài khoản và tuân thủ pháp luật: email hoặc số điện thoại, các khoản nạp, rút và cược, thiết bị và địa chỉ bạn đăng nhập, và giấy tờ bạn gửi để xác minh.</p><ul><li>Chúng tôi dùng chúng để cung cấp dịch vụ, ngăn chặn gian lận và rửa tiền, và lưu hồ sơ theo yêu cầu của pháp luật.</li><li>Chúng tôi không bán dữ liệu của bạn. Nhà cung cấp thanh toán chỉ nhận những gì cần cho giao dịch.</li><li>Bạn có thể yêu cầu bản sao, sửa hoặc xóa tại <a href="mailto:${f.email}">${f.email}</a>; hồ sơ pháp luật buộc lưu giữ sẽ được giữ trong thời hạn quy định.</li><li>Tin nhắn tiếp thị chỉ khi bạn đồng ý; bạn có thể tắt bất cứ lúc nào.</li>${lawLine('vm-VI', f)}</ul>`,
  }),
  'vm-TH': (f) => ({
    title: 'ประกาศความเป็นส่วนตัว',
    body: `<p>${f.brand} เก็บเฉพาะข้อมูลที่จำเป็นต่อการให้บริการบัญชีและการปฏิบัติตามกฎหมาย ได้แก่ อีเมลหรือเบอร์โทร รายการฝาก ถอน และเดิมพัน อุปกรณ์และที่อยู่ที่คุณใช้เข้าสู่ระบบ และเอกสารที่ส่งมาเพื่อยืนยันตัวตน</p><ul><li>เราใช้ข้อมูลเพื่อให้บริการ ป้องกันการฉ้อโกงและการฟอกเงิน และเก็บบันทึกตามที่กฎหมายกำหนด</li><li>เราไม่ขายข้อมูลของคุณ ผู้ให้บริการชำระเงินได้รับเฉพาะข้อมูลที่จำเป็นต่อการชำระเงิน</li><li>คุณขอสำเนา แก้ไข หรือลบข้อมูลได้ที่ <a href="mailto:${f.email}">${f.email}</a> บันทึกที่กฎหมายกำหนดให้เก็บจะเก็บตามระยะเวลาที่กำหนด</li><li>ข้อความการตลาดจะส่งเมื่อคุณยินยอมเท่านั้น และปิดได้ทุกเมื่อ</li>${lawLine('vm-TH', f)}</ul>`,
  }),
  'zh-CN': (f) => ({
    title: '隐私声明',
    body: `<p>${f.brand} 只保存运营您的账户和遵守法律所需的信息：您的邮箱或手机号、充值、提现和投注记录、登录所用的设备和地址，以及您为验证身份提交的证件。</p><ul><li>我们用这些信息提供服务、防范欺诈和洗钱，并保存法律要求的记录。</li><li>我们不出售您的数据。支付服务商只会收到完成付款所需的信息。</li><li>您可以通过 <a href="mailto:${f.email}">${f.email}</a> 申请获取副本、更正或删除；法律要求保存的记录将按其规定的期限保存。</li><li>只有在您同意后才会发送营销信息，您可以随时关闭。</li>${lawLine('zh-CN', f)}</ul>`,
  }),
  'ms-MY': (f) => ({
    title: 'Notis privasi',
    body: `<p>${f.brand} menyimpan apa yang diperlukan untuk mengendalikan akaun anda dan mematuhi undang-undang: e-mel atau telefon anda, deposit, pengeluaran dan pertaruhan, peranti dan alamat log masuk anda, serta dokumen yang anda hantar untuk pengesahan.</p><ul><li>Kami menggunakannya untuk menyediakan perkhidmatan, mencegah penipuan dan pengubahan wang haram, dan menyimpan rekod yang dikehendaki undang-undang.</li><li>Kami tidak menjual data anda. Penyedia pembayaran hanya menerima apa yang diperlukan untuk pembayaran.</li><li>Anda boleh meminta salinan, pembetulan atau pemadaman di <a href="mailto:${f.email}">${f.email}</a>; rekod yang wajib disimpan mengikut undang-undang kekal untuk tempoh yang ditetapkan.</li><li>Mesej pemasaran hanya dengan persetujuan anda; anda boleh mematikannya pada bila-bila masa.</li>${lawLine('ms-MY', f)}</ul>`,
  }),
};

const NEWS_LIMITS: Article = {
  'en-US': () => ({
    title: 'Limits you set yourself',
    body: '<p>You can now set daily, weekly and monthly limits on deposits, losses and wagers under Settings → Safer play. Lowering a limit takes effect at once; raising one waits until the current period ends.</p>',
  }),
  'es-MX': () => ({
    title: 'Límites que tú mismo fijas',
    body: '<p>Ya puedes fijar límites diarios, semanales y mensuales de depósito, pérdida y apuesta en Ajustes → Juego seguro. Bajar un límite aplica de inmediato; subirlo espera a que termine el periodo actual.</p>',
  }),
  'pt-BR': () => ({
    title: 'Limites definidos por você',
    body: '<p>Agora você pode definir limites diários, semanais e mensais de depósito, perda e aposta em Configurações → Jogo seguro. Reduzir um limite vale na hora; aumentar espera o fim do período atual.</p>',
  }),
  'ru-RU': () => ({
    title: 'Лимиты, которые вы задаёте сами',
    body: '<p>Теперь в разделе «Настройки → Безопасная игра» можно задать дневные, недельные и месячные лимиты на пополнение, проигрыш и ставки. Снижение лимита действует сразу, повышение — после окончания текущего периода.</p>',
  }),
  'vm-VI': () => ({
    title: 'Giới hạn do bạn tự đặt',
    body: '<p>Giờ đây bạn có thể đặt giới hạn nạp, thua và cược theo ngày, tuần và tháng trong Cài đặt → Chơi an toàn. Giảm giới hạn có hiệu lực ngay; tăng giới hạn chờ đến hết kỳ hiện tại.</p>',
  }),
  'vm-TH': () => ({
    title: 'วงเงินที่คุณกำหนดเอง',
    body: '<p>ตอนนี้คุณตั้งวงเงินฝาก วงเงินเสีย และวงเงินเดิมพันรายวัน รายสัปดาห์ และรายเดือนได้ที่ ตั้งค่า → เล่นอย่างปลอดภัย การลดวงเงินมีผลทันที ส่วนการเพิ่มจะรอจนจบรอบปัจจุบัน</p>',
  }),
  'zh-CN': () => ({
    title: '由您自己设定的限额',
    body: '<p>现在您可以在“设置 → 安全游戏”中设置每日、每周和每月的充值、亏损和投注限额。调低限额立即生效；调高限额要等当前周期结束后生效。</p>',
  }),
  'ms-MY': () => ({
    title: 'Had yang anda tetapkan sendiri',
    body: '<p>Kini anda boleh menetapkan had harian, mingguan dan bulanan bagi deposit, kerugian dan pertaruhan di Tetapan → Main selamat. Menurunkan had berkuat kuasa serta-merta; menaikkannya menunggu tempoh semasa tamat.</p>',
  }),
};

const NEWS_MESSAGES: Article = {
  'en-US': () => ({
    title: 'Your messages in one place',
    body: '<p>Deposits credited, withdrawals paid and bets won now arrive in the message centre. The unread count shows on the menu, and a tap opens the message.</p>',
  }),
  'es-MX': () => ({
    title: 'Tus mensajes en un solo lugar',
    body: '<p>Los depósitos acreditados, los retiros pagados y las apuestas ganadas ahora llegan al centro de mensajes. El número de no leídos aparece en el menú y un toque abre el mensaje.</p>',
  }),
  'pt-BR': () => ({
    title: 'Suas mensagens num só lugar',
    body: '<p>Depósitos creditados, saques pagos e apostas ganhas agora chegam à central de mensagens. O número de não lidas aparece no menu, e um toque abre a mensagem.</p>',
  }),
  'ru-RU': () => ({
    title: 'Все сообщения в одном месте',
    body: '<p>Зачисленные пополнения, выплаченные выводы и выигравшие ставки теперь приходят в центр сообщений. Число непрочитанных видно в меню, нажатие открывает сообщение.</p>',
  }),
  'vm-VI': () => ({
    title: 'Tin nhắn của bạn ở một nơi',
    body: '<p>Khoản nạp đã cộng, khoản rút đã trả và cược thắng giờ đều đến trung tâm tin nhắn. Số tin chưa đọc hiện trên menu, chạm để mở tin.</p>',
  }),
  'vm-TH': () => ({
    title: 'ข้อความทั้งหมดในที่เดียว',
    body: '<p>ยอดฝากที่เข้าแล้ว การถอนที่จ่ายแล้ว และเดิมพันที่ชนะ จะส่งมาที่ศูนย์ข้อความ จำนวนที่ยังไม่อ่านแสดงบนเมนู แตะเพื่อเปิดข้อความ</p>',
  }),
  'zh-CN': () => ({
    title: '所有消息集中查看',
    body: '<p>充值到账、提现已支付和投注赢得的通知现在都会进入消息中心。菜单上会显示未读数量，点击即可打开消息。</p>',
  }),
  'ms-MY': () => ({
    title: 'Mesej anda di satu tempat',
    body: '<p>Deposit yang dikreditkan, pengeluaran yang dibayar dan pertaruhan yang menang kini masuk ke pusat mesej. Bilangan belum dibaca dipaparkan pada menu, dan satu ketikan membuka mesej.</p>',
  }),
};

const ANNOUNCE_OWN_ACCOUNT: Article = {
  'en-US': () => ({
    title: 'Withdrawals only to your own account',
    body: '<p>To protect your money, withdrawals are paid only to accounts in the name registered with us. Check your details under Withdraw before you request one.</p>',
  }),
  'es-MX': () => ({
    title: 'Retiros solo a tu propia cuenta',
    body: '<p>Para proteger tu dinero, los retiros se pagan solo a cuentas a nombre del titular registrado. Revisa tus datos en Retirar antes de solicitar uno.</p>',
  }),
  'pt-BR': () => ({
    title: 'Saques só para a sua própria conta',
    body: '<p>Para proteger o seu dinheiro, os saques são pagos apenas para contas no nome cadastrado conosco. Confira os seus dados em Sacar antes de pedir um saque.</p>',
  }),
  'ru-RU': () => ({
    title: 'Вывод только на ваш собственный счёт',
    body: '<p>Чтобы защитить ваши деньги, выплаты производятся только на счета на имя, указанное при регистрации. Проверьте реквизиты в разделе «Вывод» перед заявкой.</p>',
  }),
  'vm-VI': () => ({
    title: 'Chỉ rút tiền về tài khoản của chính bạn',
    body: '<p>Để bảo vệ tiền của bạn, tiền rút chỉ được trả vào tài khoản đứng tên đã đăng ký với chúng tôi. Hãy kiểm tra thông tin trong mục Rút tiền trước khi gửi yêu cầu.</p>',
  }),
  'vm-TH': () => ({
    title: 'ถอนเงินเข้าบัญชีของคุณเองเท่านั้น',
    body: '<p>เพื่อปกป้องเงินของคุณ การถอนจะจ่ายเข้าบัญชีที่เป็นชื่อที่ลงทะเบียนไว้กับเราเท่านั้น ตรวจสอบข้อมูลในหน้าถอนเงินก่อนทำรายการ</p>',
  }),
  'zh-CN': () => ({ title: '提现只能到本人账户', body: '<p>为保护您的资金，提现只会支付到与注册姓名一致的账户。申请前请在“提现”页面核对您的信息。</p>' }),
  'ms-MY': () => ({
    title: 'Pengeluaran hanya ke akaun anda sendiri',
    body: '<p>Untuk melindungi wang anda, pengeluaran dibayar hanya ke akaun atas nama yang didaftarkan dengan kami. Semak butiran anda di Keluarkan sebelum membuat permintaan.</p>',
  }),
};

function write(article: Article, factsOf: (locale: Locale) => HelpSeedFacts): Record<Locale, HelpText> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, article[locale](factsOf(locale))])) as Record<Locale, HelpText>;
}

/** The items a brand starts with; `factsOf` gives the brand's facts formatted for each locale. */
export function helpSeedItems(factsOf: (locale: Locale) => HelpSeedFacts): HelpSeedItem[] {
  const faq = (slug: string, category: FaqCategory, sort: number, article: Article): HelpSeedItem => ({
    kind: 'faq',
    slug,
    category,
    sort,
    texts: write(article, factsOf),
  });
  return [
    faq('deposits', 'deposits', 10, DEPOSITS),
    faq('withdrawals', 'withdrawals', 20, WITHDRAWALS),
    faq('bonus-wagering', 'bonus', 30, BONUS),
    faq('bet-rules', 'betting', 40, BETTING),
    faq('account-security', 'account', 50, ACCOUNT),
    faq('responsible-gambling', 'responsible', 60, RESPONSIBLE),
    { kind: 'about', slug: 'about', category: '', sort: 0, texts: write(ABOUT, factsOf) },
    { kind: 'privacy', slug: 'privacy', category: '', sort: 0, texts: write(PRIVACY, factsOf) },
    { kind: 'html', slug: 'bet-rules', category: '', sort: 0, texts: write(BETTING, factsOf) },
    { kind: 'news', slug: 'safer-play-limits', category: '', sort: 20, texts: write(NEWS_LIMITS, factsOf) },
    { kind: 'news', slug: 'message-centre', category: '', sort: 10, texts: write(NEWS_MESSAGES, factsOf) },
    { kind: 'announcement', slug: 'withdrawals-own-account', category: '', sort: 10, texts: write(ANNOUNCE_OWN_ACCOUNT, factsOf) },
  ];
}
