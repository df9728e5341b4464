import type { GameCard } from '@piranha/contract';
import { matchFilterQuery, type MatchFilter } from './match-filter.ts';

/**
 * Every path the app links to, named here once. The route table (app/routes.ts) maps them to pages; pages and
 * features import them from here, so nothing imports the route table but the router (no cycle with pages/).
 */
export const paths = {
  root: '/',
  game: '/game',
  sport: '/sport',
  live: '/live',
  matchDetail: '/match-detail',
  league: '/league',
  azFilter: '/az-filter',
  azFilterSearch: '/az-filter-search',
  azFilterMatch: '/az-filter-match',
  results: '/results',
  homeGame: '/home/game',
  betRecord: '/bet-record',
  betHistory: '/bet-history',
  homeSlots: '/home/slots',
  homeCasino: '/home/casino',
  homeSport: '/home/sport',
  gameSearch: '/game-search',
  gameDetail: '/game-detail',
  gameTagDetail: '/game-tag-detail',
  more: '/more',
  gameRoom: '/game-room',
  gameHistory: '/game-history',
  gameVerify: '/game-verify',
  /** The house studio's game clients: `/studio/<game_id>` (contract GAME_URL_TEMPLATE). */
  studio: '/studio',
  error: '/error',
  forbidden: '/forbidden',
  download: '/download',
  brgDownload: '/brg-download',
  downloadIos: '/download/ios',
  downloadLand: '/download-land',
  downloadLandDetail: '/download-land/detail',
  news: '/news',
  setting: '/setting',
  settingLanguage: '/setting/language',
  accountInfo: '/setting/account-info',
  accountCancellation: '/setting/account-cancellation',
  saferPlay: '/setting/safer-play',
  login: '/login',
  loginb: '/loginb',
  register: '/email-register',
  forgotPassword: '/email-forgot-password',
  saveEmail: '/save-email',
  me: '/me',
  menu: '/menu',
  deposit: '/deposit',
  walletDeposit: '/wallet/deposit',
  usdt: '/usdt',
  thaiQrPay: '/thaiqr-pay',
  thBankPage: '/th-bank-page',
  speiAnnounce: '/spei-announce',
  depositWait: '/deposit-wait',
  depositResult: '/deposit-result',
  withdraw: '/withdraw',
  walletWithdraw: '/wallet/withdraw',
  transaction: '/transaction',
  transactionDetail: '/transaction-detail',
  recordDetail: '/record-detail',
  transactionQuestion: '/transaction-question',
  bonus: '/bonus',
  bonusHistory: '/bonus-history',
  redeem: '/redeem',
  walletBonus: '/wallet/bonus',
  // decision 044: booster cards and real-time bonuses.
  useBonus: '/use-bonus',
  realTimeBonus: '/real-time-bonus',
  realTimeBonusLanding: '/real-time-bonus-landing',
  promotion: '/promotion',
  promotionFreeRounds: '/promotion/free-rounds',
  promotionFreeRoundsRule: '/promotion/free-rounds/rule',
  award: '/award',
  terms: '/terms',
  privacy: '/privacy',
  responsibleGaming: '/responsible-gaming',
  messageCenter: '/message-center',
  /** The help centre (spec §2 help and info; decision 038). `/faq` opens the FAQ home. */
  faq: '/faq',
  faqHome: '/faq/home',
  faqDetail: '/faq/detail',
  faqVideo: '/faq/video',
  support: '/support',
  feedback: '/feedback',
  about: '/about',
  announcement: '/announcement',
  html: '/html',
  iframe: '/iframe',
  link: '/link',
  authFile: '/auth-file',
  messageDetail: '/message-detail',
  /** Loyalty (spec §2 vip-club, /task, /ranking-list). */
  vipClub: '/vip-club',
  /** The VIP wheel (spec §2 vip-roulette). */
  vipRoulette: '/vip-roulette',
  /** Every spin of the player (spec §2 /vip-roulette/user-list). */
  vipRouletteUserList: '/vip-roulette/user-list',
  /** The weekly raffle (spec §2 /raffle). */
  raffle: '/raffle',
  task: '/task',
  rankingList: '/ranking-list',
  /** Net-loss cash-back history (spec §2 thin area /thin/cashback). */
  cashback: '/thin/cashback',
  /** Activities (spec §2 /activity/*; issue 19): one page per kind, `?id=` picks the activity. */
  activityEmpty: '/activity/empty',
  activityFirstCharge: '/activity/first-charge',
  activityDailyDeposit: '/activity/daily-deposit',
  activityTotalDeposit: '/activity/total-deposit',
  activityBetReward: '/activity/bet-reward',
  activityDailyCash: '/activity/daily-cash',
  activityWeekCash: '/activity/week-cash',
  activityFreeBet: '/activity/free-bet',
  /** How to stake a free bet won from an activity (no sign-in needed). */
  activityFreeBetTip: '/activity/free-bet-tip',
  activityUiSwitchReward: '/activity/ui-switch-reward',
  /** Seasonal: the running activity with the christmas theme, whatever its kind (decision 061). */
  activityChristmas: '/activity/christmas',
  /** Invites (spec §2; decision 051): the player's code and link, and the invited friends with their rewards. */
  activityInvite: '/activity/invite',
  activityInviteDetail: '/activity/invite-detail',
  /** Money rain (issue 19, decision 052): the open drop and the grab; each drop's pop-up message leads here. */
  moneyRain: '/activity/money-rain',
  /** The agent programme (spec §2 /agent/* and /thin/agent/*; decision 052): /thin/agent is the home as index. */
  agentHome: '/agent/home',
  agentHistory: '/agent/history',
  thinAgent: '/thin/agent',
  thinAgentBind: '/thin/agent/bind',
  thinAgentDaily: '/thin/agent/daily',
  thinAgentTransfer: '/thin/agent/transfer',
  thinAgentFaq: '/thin/agent/faq',
  thinAgentTutorial: '/thin/agent/tutorial',
  /** Share-to-cash-out (spec §2 /thin/pdd; decision 063): the envelope friends fill through the player's invite link. */
  thinPdd: '/thin/pdd',
} as const;

/** One message of the message centre (/message-detail?id=). */
export function messageDetailHref(messageId: string): string {
  return `${paths.messageDetail}?id=${encodeURIComponent(messageId)}`;
}

/** The /league page of one league. */
export function leagueHref(leagueId: number): string {
  return `${paths.league}?leagueId=${leagueId}`;
}

/** The full search results for a keyword (/az-filter-search). */
export function azFilterSearchHref(keyword: string): string {
  return `${paths.azFilterSearch}?${new URLSearchParams({ keyword: keyword.trim() }).toString()}`;
}

/** The matches of one team, league or sport chosen in the A–Z filter (/az-filter-match). */
export function azFilterMatchHref(filter: MatchFilter): string {
  return `${paths.azFilterMatch}?${matchFilterQuery(filter)}`;
}

/** Match detail (spec §2 state: matchId, isComing, matchType). */
export function matchDetailHref(matchId: number, isComing: boolean, matchType: number): string {
  return `${paths.matchDetail}?matchId=${matchId}&isComing=${isComing ? 1 : 0}&matchType=${matchType}`;
}

type GameRef = Pick<GameCard, 'game_platform' | 'game_id'>;

function gameQuery(game: GameRef): string {
  return `platform=${encodeURIComponent(game.game_platform)}&game=${encodeURIComponent(game.game_id)}`;
}

export function gameRoomHref(game: GameRef): string {
  return `${paths.gameRoom}?${gameQuery(game)}`;
}

export function gameDetailHref(game: GameRef): string {
  return `${paths.gameDetail}?${gameQuery(game)}`;
}

export function tagDetailHref(tabKey: string): string {
  return `${paths.gameTagDetail}?tab=${encodeURIComponent(tabKey)}`;
}

export function verifyHref(roundId: string): string {
  return `${paths.gameVerify}?round_id=${encodeURIComponent(roundId)}`;
}
