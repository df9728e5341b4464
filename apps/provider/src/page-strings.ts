/**
 * The game page's words in the eight languages the operator's brands use (the launch URL's `{lang}`); English when
 * the language is unknown. Game names are Orca's brand names and stay as they are.
 */
export const PAGE_LOCALES = ['en-US', 'es-MX', 'pt-BR', 'ru-RU', 'vm-VI', 'vm-TH', 'zh-CN', 'ms-MY'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

export interface PageStrings {
  balance: string;
  stake: string;
  play: string;
  playing: string;
  win: string;
  noWin: string;
  /** Shown on the board before the first round. */
  ready: string;
  rtp: string;
  lessStake: string;
  moreStake: string;
  /** `{n}`: how many free spins the spin won. */
  freeSpins: string;
  /** Baccarat's hands as the result names them. */
  sides: { player: string; banker: string; tie: string };
  errors: Record<string, string>;
}

const EN: PageStrings = {
  balance: 'Balance',
  stake: 'Stake',
  play: 'Play',
  playing: 'Playing…',
  win: 'You win',
  noWin: 'No win this round',
  ready: 'Choose your stake and press Play.',
  rtp: 'RTP',
  lessStake: 'Lower stake',
  moreStake: 'Higher stake',
  freeSpins: '+{n} free spins',
  sides: { player: 'Player', banker: 'Banker', tie: 'Tie' },
  errors: {
    not_enough_money: 'Not enough balance for this stake.',
    session_expired: 'Your game session has ended. Go back and open the game again.',
    limit_reached: 'This stake would pass one of your safer-play limits.',
    stake_invalid: 'This stake is not allowed in this game.',
    wallet_unavailable: 'The casino did not answer. Your stake is safe: the round was cancelled.',
    default: 'Something went wrong. Please try again.',
  },
};

export const PAGE_STRINGS: Record<PageLocale, PageStrings> = {
  'en-US': EN,
  'es-MX': {
    balance: 'Saldo',
    stake: 'Apuesta',
    play: 'Jugar',
    playing: 'Jugando…',
    win: 'Ganas',
    noWin: 'Sin premio esta ronda',
    ready: 'Elige tu apuesta y pulsa Jugar.',
    rtp: 'RTP',
    lessStake: 'Bajar apuesta',
    moreStake: 'Subir apuesta',
    freeSpins: '+{n} giros gratis',
    sides: { player: 'Jugador', banker: 'Banca', tie: 'Empate' },
    errors: {
      not_enough_money: 'Saldo insuficiente para esta apuesta.',
      session_expired: 'Tu sesión de juego terminó. Vuelve y abre el juego otra vez.',
      limit_reached: 'Esta apuesta superaría uno de tus límites de juego responsable.',
      stake_invalid: 'Esta apuesta no está permitida en este juego.',
      wallet_unavailable: 'El casino no respondió. Tu apuesta está a salvo: la ronda se canceló.',
      default: 'Algo salió mal. Inténtalo de nuevo.',
    },
  },
  'pt-BR': {
    balance: 'Saldo',
    stake: 'Aposta',
    play: 'Jogar',
    playing: 'Jogando…',
    win: 'Você ganhou',
    noWin: 'Sem prêmio nesta rodada',
    ready: 'Escolha sua aposta e toque em Jogar.',
    rtp: 'RTP',
    lessStake: 'Diminuir aposta',
    moreStake: 'Aumentar aposta',
    freeSpins: '+{n} giros grátis',
    sides: { player: 'Jogador', banker: 'Banca', tie: 'Empate' },
    errors: {
      not_enough_money: 'Saldo insuficiente para esta aposta.',
      session_expired: 'Sua sessão de jogo terminou. Volte e abra o jogo novamente.',
      limit_reached: 'Esta aposta passaria um dos seus limites de jogo responsável.',
      stake_invalid: 'Esta aposta não é permitida neste jogo.',
      wallet_unavailable: 'O cassino não respondeu. Sua aposta está segura: a rodada foi cancelada.',
      default: 'Algo deu errado. Tente novamente.',
    },
  },
  'ru-RU': {
    balance: 'Баланс',
    stake: 'Ставка',
    play: 'Играть',
    playing: 'Игра…',
    win: 'Выигрыш',
    noWin: 'В этом раунде без выигрыша',
    ready: 'Выберите ставку и нажмите «Играть».',
    rtp: 'RTP',
    lessStake: 'Меньше ставка',
    moreStake: 'Больше ставка',
    freeSpins: '+{n} бесплатных вращений',
    sides: { player: 'Игрок', banker: 'Банкир', tie: 'Ничья' },
    errors: {
      not_enough_money: 'Недостаточно средств для этой ставки.',
      session_expired: 'Игровая сессия завершена. Вернитесь и откройте игру снова.',
      limit_reached: 'Эта ставка превысит один из ваших лимитов ответственной игры.',
      stake_invalid: 'Такая ставка в этой игре не разрешена.',
      wallet_unavailable: 'Казино не ответило. Ваша ставка в сохранности: раунд отменён.',
      default: 'Что-то пошло не так. Попробуйте ещё раз.',
    },
  },
  'vm-VI': {
    balance: 'Số dư',
    stake: 'Tiền cược',
    play: 'Chơi',
    playing: 'Đang chơi…',
    win: 'Bạn thắng',
    noWin: 'Không thắng ván này',
    ready: 'Chọn mức cược rồi bấm Chơi.',
    rtp: 'RTP',
    lessStake: 'Giảm cược',
    moreStake: 'Tăng cược',
    freeSpins: '+{n} vòng quay miễn phí',
    sides: { player: 'Con', banker: 'Cái', tie: 'Hòa' },
    errors: {
      not_enough_money: 'Số dư không đủ cho mức cược này.',
      session_expired: 'Phiên chơi đã kết thúc. Hãy quay lại và mở trò chơi lần nữa.',
      limit_reached: 'Mức cược này sẽ vượt một giới hạn chơi có trách nhiệm của bạn.',
      stake_invalid: 'Mức cược này không được phép trong trò chơi này.',
      wallet_unavailable: 'Sòng bạc không phản hồi. Tiền cược của bạn an toàn: ván đã bị hủy.',
      default: 'Đã xảy ra lỗi. Vui lòng thử lại.',
    },
  },
  'vm-TH': {
    balance: 'ยอดเงิน',
    stake: 'เดิมพัน',
    play: 'เล่น',
    playing: 'กำลังเล่น…',
    win: 'คุณชนะ',
    noWin: 'รอบนี้ไม่ได้รางวัล',
    ready: 'เลือกเงินเดิมพันแล้วกดเล่น',
    rtp: 'RTP',
    lessStake: 'ลดเดิมพัน',
    moreStake: 'เพิ่มเดิมพัน',
    freeSpins: '+{n} ฟรีสปิน',
    sides: { player: 'ผู้เล่น', banker: 'เจ้ามือ', tie: 'เสมอ' },
    errors: {
      not_enough_money: 'ยอดเงินไม่พอสำหรับเดิมพันนี้',
      session_expired: 'เซสชันเกมสิ้นสุดแล้ว กลับไปแล้วเปิดเกมอีกครั้ง',
      limit_reached: 'เดิมพันนี้จะเกินขีดจำกัดการเล่นอย่างรับผิดชอบของคุณ',
      stake_invalid: 'เกมนี้ไม่อนุญาตเดิมพันจำนวนนี้',
      wallet_unavailable: 'คาสิโนไม่ตอบกลับ เงินเดิมพันของคุณปลอดภัย: รอบนี้ถูกยกเลิก',
      default: 'เกิดข้อผิดพลาด โปรดลองอีกครั้ง',
    },
  },
  'zh-CN': {
    balance: '余额',
    stake: '投注额',
    play: '开始',
    playing: '进行中…',
    win: '你赢了',
    noWin: '本局未中奖',
    ready: '选择投注额，然后点击开始。',
    rtp: 'RTP',
    lessStake: '降低投注',
    moreStake: '提高投注',
    freeSpins: '+{n} 次免费旋转',
    sides: { player: '闲', banker: '庄', tie: '和' },
    errors: {
      not_enough_money: '余额不足以支付此投注。',
      session_expired: '游戏会话已结束。请返回并重新打开游戏。',
      limit_reached: '此投注会超过你的负责任博彩限额。',
      stake_invalid: '本游戏不允许此投注额。',
      wallet_unavailable: '娱乐场未响应。你的投注是安全的：本局已取消。',
      default: '出错了，请重试。',
    },
  },
  'ms-MY': {
    balance: 'Baki',
    stake: 'Pertaruhan',
    play: 'Main',
    playing: 'Sedang bermain…',
    win: 'Anda menang',
    noWin: 'Tiada kemenangan pusingan ini',
    ready: 'Pilih taruhan anda dan tekan Main.',
    rtp: 'RTP',
    lessStake: 'Kurangkan pertaruhan',
    moreStake: 'Tambah pertaruhan',
    freeSpins: '+{n} putaran percuma',
    sides: { player: 'Pemain', banker: 'Bank', tie: 'Seri' },
    errors: {
      not_enough_money: 'Baki tidak mencukupi untuk pertaruhan ini.',
      session_expired: 'Sesi permainan anda telah tamat. Kembali dan buka permainan semula.',
      limit_reached: 'Pertaruhan ini akan melepasi salah satu had permainan bertanggungjawab anda.',
      stake_invalid: 'Pertaruhan ini tidak dibenarkan dalam permainan ini.',
      wallet_unavailable: 'Kasino tidak menjawab. Pertaruhan anda selamat: pusingan telah dibatalkan.',
      default: 'Berlaku ralat. Sila cuba lagi.',
    },
  },
};

export function pageStringsOf(lang: string): { locale: PageLocale; strings: PageStrings } {
  const locale = (PAGE_LOCALES as readonly string[]).includes(lang) ? (lang as PageLocale) : 'en-US';
  return { locale, strings: PAGE_STRINGS[locale] };
}
