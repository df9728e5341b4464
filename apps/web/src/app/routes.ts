import { HOUSE_GAME_IDS } from '@piranha/domain';
import type { ComponentType } from 'react';
import { lazyPage } from '../shared/i18n/i18n.ts';
import { paths } from '../shared/paths/paths.ts';

export interface RouteEntry {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** First-level pages show the footer tabs (spec §2). */
  firstLevel: boolean;
  /** Main tab pages stay mounted when the player switches away, so coming back is instant. */
  keepAlive: boolean;
  /** System pages (error, forbidden) hide the header: there is nowhere to go from them. */
  chrome: boolean;
  /** Shown inside the game room's iframe: no header and none of the app-wide behaviours (polls, pop-ups). */
  frame?: boolean;
  /** Preloaded after load, lower level first, then higher priority first. */
  preload?: { level: number; priority: number };
}

const activityPage = () => import('../pages/activity-page.tsx');

/** A route is listed here when its page does what the spec says it does. */
const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: paths.game, load: () => import('../pages/game-page.tsx'), firstLevel: true, keepAlive: true, chrome: true, preload: { level: 1, priority: 10 } },
  { path: paths.sport, load: () => import('../pages/sport-page.tsx'), firstLevel: true, keepAlive: true, chrome: true, preload: { level: 1, priority: 9 } },
  { path: paths.live, load: () => import('../pages/live-page.tsx'), firstLevel: false, keepAlive: false, chrome: true, preload: { level: 2, priority: 6 } },
  {
    path: paths.matchDetail,
    load: () => import('../pages/match-detail-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
    preload: { level: 2, priority: 9 },
  },
  { path: paths.league, load: () => import('../pages/league-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.azFilter, load: () => import('../pages/az-filter-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.azFilterSearch, load: () => import('../pages/az-filter-search-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.azFilterMatch, load: () => import('../pages/az-filter-match-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.results, load: () => import('../pages/results-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.betRecord, load: () => import('../pages/bet-record-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.betHistory, load: () => import('../pages/bet-history-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  {
    path: paths.setting,
    load: () => import('../pages/setting-page.tsx'),
    firstLevel: true,
    keepAlive: false,
    chrome: true,
    preload: { level: 1, priority: 5 },
  },
  {
    path: paths.settingLanguage,
    load: () => import('../pages/setting-language-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
    preload: { level: 2, priority: 5 },
  },
  {
    path: paths.accountInfo,
    load: () => import('../pages/setting-account-info-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.saferPlay,
    load: () => import('../pages/setting-safer-play-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.accountCancellation,
    load: () => import('../pages/setting-account-cancellation-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  { path: paths.me, load: () => import('../pages/me-page.tsx'), firstLevel: true, keepAlive: false, chrome: true, preload: { level: 1, priority: 6 } },
  { path: paths.menu, load: () => import('../pages/menu-page.tsx'), firstLevel: true, keepAlive: false, chrome: true, preload: { level: 2, priority: 4 } },
  { path: paths.loginb, load: () => import('../pages/login-page.tsx'), firstLevel: false, keepAlive: false, chrome: true, preload: { level: 2, priority: 8 } },
  {
    path: paths.register,
    load: () => import('../pages/register-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
    preload: { level: 2, priority: 7 },
  },
  { path: paths.forgotPassword, load: () => import('../pages/forgot-password-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.saveEmail, load: () => import('../pages/save-email-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  {
    path: paths.news,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.NewsPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  { path: paths.homeGame, load: () => import('../pages/home-game-page.tsx'), firstLevel: true, keepAlive: true, chrome: true },
  { path: paths.homeSlots, load: () => import('../pages/home-slots-page.tsx'), firstLevel: true, keepAlive: true, chrome: true },
  { path: paths.homeCasino, load: () => import('../pages/home-casino-page.tsx'), firstLevel: true, keepAlive: true, chrome: true },
  { path: paths.homeSport, load: () => import('../pages/home-sport-page.tsx'), firstLevel: true, keepAlive: true, chrome: true },
  {
    path: paths.gameSearch,
    load: () => import('../pages/game-search-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
    preload: { level: 2, priority: 6 },
  },
  { path: paths.gameDetail, load: () => import('../pages/game-detail-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.gameTagDetail, load: () => import('../pages/game-tag-detail-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.more, load: () => import('../pages/more-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  {
    path: paths.gameRoom,
    load: () => import('../pages/game-room-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
    preload: { level: 2, priority: 9 },
  },
  { path: paths.gameHistory, load: () => import('../pages/game-history-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.gameVerify, load: () => import('../pages/game-verify-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  ...HOUSE_GAME_IDS.map((gameId): RouteEntry => ({
    path: `${paths.studio}/${gameId}`,
    load: () => import('../pages/studio-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: false,
    frame: true,
  })),
  // Money (spec §2). The deposit page is preloaded: it is where the header's deposit button goes.
  {
    path: paths.deposit,
    load: () => import('../pages/deposit-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
    preload: { level: 2, priority: 9 },
  },
  { path: paths.walletDeposit, load: () => import('../pages/deposit-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  {
    path: paths.usdt,
    load: () => import('../pages/deposit-wait-page.tsx').then((page) => ({ default: page.UsdtPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.thaiQrPay,
    load: () => import('../pages/deposit-wait-page.tsx').then((page) => ({ default: page.ThaiQrPayPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.thBankPage,
    load: () => import('../pages/deposit-wait-page.tsx').then((page) => ({ default: page.ThBankPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.speiAnnounce,
    load: () => import('../pages/deposit-wait-page.tsx').then((page) => ({ default: page.SpeiAnnouncePage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  { path: paths.depositWait, load: () => import('../pages/deposit-wait-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.depositResult, load: () => import('../pages/deposit-result-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  {
    path: paths.withdraw,
    load: () => import('../pages/withdraw-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
    preload: { level: 2, priority: 4 },
  },
  { path: paths.walletWithdraw, load: () => import('../pages/withdraw-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.transaction, load: () => import('../pages/transaction-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.transactionDetail, load: () => import('../pages/transaction-detail-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.recordDetail, load: () => import('../pages/record-detail-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  // Loyalty (issue 18): the VIP club, the task centre and the rankings.
  { path: paths.vipClub, load: () => import('../pages/vip-club-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.vipRoulette, load: () => import('../pages/vip-roulette-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  {
    path: paths.vipRouletteUserList,
    load: () => import('../pages/vip-roulette-user-list-page.tsx'),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  { path: paths.raffle, load: () => import('../pages/raffle-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.task, load: () => import('../pages/task-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.rankingList, load: () => import('../pages/ranking-list-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.cashback, load: () => import('../pages/cashback-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  // Activities (issue 19): one page per kind, and the page for when there is none.
  { path: paths.activityEmpty, load: () => import('../pages/activity-empty-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  // One page for every kind and the christmas theme (decision 061), behind one loader: the table is on the first route.
  ...[
    paths.activityFirstCharge,
    paths.activityDailyDeposit,
    paths.activityTotalDeposit,
    paths.activityBetReward,
    paths.activityDailyCash,
    paths.activityWeekCash,
    paths.activityFreeBet,
    paths.activityUiSwitchReward,
    paths.activityChristmas,
  ].map((path) => ({ path, load: activityPage, firstLevel: false, keepAlive: false, chrome: true })),
  { path: paths.activityFreeBetTip, load: () => import('../pages/activity-free-bet-tip-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.activityInvite, load: () => import('../pages/invite-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.activityInviteDetail, load: () => import('../pages/invite-detail-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.moneyRain, load: () => import('../pages/money-rain-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.agentHome, load: () => import('../pages/agent-home-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.thinAgent, load: () => import('../pages/agent-home-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.agentHistory, load: () => import('../pages/agent-history-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.thinAgentBind, load: () => import('../pages/agent-bind-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.thinAgentDaily, load: () => import('../pages/agent-daily-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.thinAgentTransfer, load: () => import('../pages/agent-transfer-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.thinAgentFaq, load: () => import('../pages/agent-faq-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.thinAgentTutorial, load: () => import('../pages/agent-tutorial-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.thinPdd, load: () => import('../pages/pdd-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.transactionQuestion, load: () => import('../pages/transaction-question-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  // Bonuses (spec §2 bonus and promotion; issue 17).
  { path: paths.bonus, load: () => import('../pages/bonus-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.bonusHistory, load: () => import('../pages/bonus-history-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.redeem, load: () => import('../pages/redeem-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.walletBonus, load: () => import('../pages/wallet-bonus-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.useBonus, load: () => import('../pages/use-bonus-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.realTimeBonus, load: () => import('../pages/real-time-bonus-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  {
    path: paths.realTimeBonusLanding,
    load: () => import('../pages/real-time-bonus-page.tsx').then((page) => ({ default: page.RealTimeBonusLandingPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  // Promotions, free rounds and awards (decision 043).
  { path: paths.promotion, load: () => import('../pages/promotion-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.promotionFreeRounds, load: () => import('../pages/free-rounds-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.promotionFreeRoundsRule, load: () => import('../pages/free-rounds-rule-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.award, load: () => import('../pages/award-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  // The footer's legal pages (spec §2 help and info).
  {
    path: paths.terms,
    load: () => import('../pages/legal-page.tsx').then((page) => ({ default: page.TermsPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  // The help centre (issue 21, decision 038).
  {
    path: paths.faq,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.FaqHomePage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.faqHome,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.FaqHomePage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.faqDetail,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.FaqDetailPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.faqVideo,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.FaqVideoPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.support,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.SupportPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.feedback,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.FeedbackPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.about,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.AboutPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.privacy,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.PrivacyPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.announcement,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.AnnouncementPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.html,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.HtmlPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.iframe,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.IframePage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.link,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.LinkPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.authFile,
    load: () => import('../pages/help-pages.tsx').then((page) => ({ default: page.AuthFilePage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.responsibleGaming,
    load: () => import('../pages/legal-page.tsx').then((page) => ({ default: page.ResponsibleGamingPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  { path: paths.messageCenter, load: () => import('../pages/message-center-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.messageDetail, load: () => import('../pages/message-detail-page.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  { path: paths.error, load: () => import('../pages/error-page.tsx'), firstLevel: false, keepAlive: false, chrome: false },
  { path: paths.forbidden, load: () => import('../pages/forbidden-page.tsx'), firstLevel: false, keepAlive: false, chrome: false },
  // The download pages (issue 22, decision 053): banners of type banned and pwa land here.
  { path: paths.download, load: () => import('../pages/download-pages.tsx'), firstLevel: false, keepAlive: false, chrome: true },
  {
    // The partner-bridge brand's app page (decision 064).
    path: paths.brgDownload,
    load: () => import('../pages/download-pages.tsx').then((module) => ({ default: module.BrgDownloadPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.downloadIos,
    load: () => import('../pages/download-pages.tsx').then((module) => ({ default: module.DownloadIosPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.downloadLand,
    load: () => import('../pages/download-pages.tsx').then((module) => ({ default: module.DownloadLandPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
  {
    path: paths.downloadLandDetail,
    load: () => import('../pages/download-pages.tsx').then((module) => ({ default: module.DownloadLandDetailPage })),
    firstLevel: false,
    keepAlive: false,
    chrome: true,
  },
];

export function routeFind(pathname: string): RouteEntry | undefined {
  return ROUTES.find((route) => route.path === pathname);
}

/** Where a footer tab leads: with UI v3 on, Game and Sport open their `/home/*` pages. */
export function footerTabTarget(tabPath: string, uiV3: boolean): string {
  if (!uiV3) return tabPath;
  if (tabPath === paths.game) return paths.homeGame;
  if (tabPath === paths.sport) return paths.homeSport;
  return tabPath;
}

/** Whether a footer tab is the current one: the `/home/*` lobbies count as Game, `/home/sport` as Sport. */
export function footerTabActive(tabPath: string, pathname: string): boolean {
  const home = footerTabTarget(tabPath, true);
  if (pathname === tabPath || pathname.startsWith(`${tabPath}/`) || pathname === home) return true;
  return tabPath === paths.game && pathname.startsWith('/home/') && pathname !== paths.homeSport;
}

/** The lobbies a player lands on: they carry the site footer (licence, age, legal links). */
export const HOME_PATHS: readonly string[] = [paths.game, paths.sport, paths.homeGame, paths.homeSlots, paths.homeCasino, paths.homeSport];

/**
 * The pages whose texts are in the boot catalogue (i18n/key-usage.ts `FIRST_PAGES`): the first routes, and a match's
 * page — the link players share most — which then draws without waiting for the rest of the catalogue (decision 084).
 */
export const BOOT_CATALOGUE_PATHS: readonly string[] = [...HOME_PATHS, paths.matchDetail];

/**
 * The route table as the router loads it: any other page loads the rest of the catalogue beside its module (decision
 * 059).
 */
export const ROUTES: readonly RouteEntry[] = ROUTE_TABLE.map((route) =>
  BOOT_CATALOGUE_PATHS.includes(route.path) ? route : { ...route, load: lazyPage(route.load) },
);

/** Spec §2: the root opens /home/slots when UI v3 is on, otherwise the brand's first entry page (/game by default). */
export function rootTarget(uiV3: boolean, firstEntryPage: string = paths.game): string {
  return uiV3 ? paths.homeSlots : firstEntryPage;
}

/** The order in which tagged route chunks are fetched ahead of need: by level, then priority. */
export function preloadOrder(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((route) => route.preload).sort((a, b) => a.preload!.level - b.preload!.level || b.preload!.priority - a.preload!.priority);
}
