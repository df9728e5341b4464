import { LANGUAGE_BY_COUNTRY } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../client.ts';
import { appSettings, azKeywords, banners, contentItems, dynconfigs } from '../schema/index.ts';
import { localised } from './localised.ts';
import { seedOnce } from './seed-once.ts';

/**
 * The operator content a new installation starts with. Every link points at a page the product has;
 * rows carry fixed ids so re-running the seed on every start adds nothing twice.
 */
const BANNERS = [
  {
    id: 1,
    bannerType: 'normal' as const,
    image: '/banners/sports.svg',
    url: '#/sport',
    sort: 3,
    title: localised(
      'Live sports, every day',
      'Deportes en vivo, todos los días',
      'Esportes ao vivo, todos os dias',
      'Спорт в прямом эфире каждый день',
      'Thể thao trực tiếp mỗi ngày',
      'กีฬาสดทุกวัน',
      '每天都有体育直播',
      'Sukan secara langsung setiap hari',
    ),
  },
  {
    id: 2,
    bannerType: 'normal' as const,
    image: '/banners/casino.svg',
    url: '#/game',
    sort: 2,
    title: localised('Casino games', 'Juegos de casino', 'Jogos de cassino', 'Игры казино', 'Trò chơi casino', 'เกมคาสิโน', '娱乐场游戏', 'Permainan kasino'),
  },
  {
    id: 3,
    bannerType: 'normal' as const,
    image: '/banners/language.svg',
    url: '#/setting/language',
    sort: 1,
    title: localised(
      'Play in your language',
      'Juega en tu idioma',
      'Jogue no seu idioma',
      'Играйте на своём языке',
      'Chơi bằng ngôn ngữ của bạn',
      'เล่นในภาษาของคุณ',
      '用您的语言畅玩',
      'Main dalam bahasa anda',
    ),
  },
];

const SPORTS = localised('Sports', 'Deportes', 'Esportes', 'Спорт', 'Thể thao', 'กีฬา', '体育', 'Sukan');
const CASINO = localised('Casino', 'Casino', 'Cassino', 'Казино', 'Casino', 'คาสิโน', '娱乐场', 'Kasino');
const SETTINGS = localised('Settings', 'Ajustes', 'Ajustes', 'Настройки', 'Cài đặt', 'ตั้งค่า', '设置', 'Tetapan');
const LANGUAGE = localised('Language', 'Idioma', 'Idioma', 'Язык', 'Ngôn ngữ', 'ภาษา', '语言', 'Bahasa');

const CONTENT = [
  { id: 1, kind: 'icon' as const, key: 'sport', title: SPORTS, icon: 'trophy', url: '#/sport', level: 3 },
  { id: 2, kind: 'icon' as const, key: 'game', title: CASINO, icon: 'dices', url: '#/game', level: 2 },
  { id: 3, kind: 'icon' as const, key: 'language', title: LANGUAGE, icon: 'languages', url: '#/setting/language', level: 1 },
  { id: 10, kind: 'tab' as const, key: 'game', title: CASINO, icon: 'dices', url: '#/game', level: 3 },
  { id: 11, kind: 'tab' as const, key: 'sport', title: SPORTS, icon: 'trophy', url: '#/sport', level: 2 },
  { id: 12, kind: 'tab' as const, key: 'setting', title: SETTINGS, icon: 'settings', url: '#/setting', level: 1 },
  {
    id: 20,
    kind: 'popup' as const,
    key: 'welcome',
    icon: 'party-popper',
    url: '#/sport',
    level: 1,
    title: localised(
      'Welcome! Live odds and casino games are one tap away.',
      '¡Bienvenido! Cuotas en vivo y casino a un toque.',
      'Bem-vindo! Odds ao vivo e cassino a um toque.',
      'Добро пожаловать! Коэффициенты и казино — в одно касание.',
      'Chào mừng! Tỷ lệ trực tiếp và casino chỉ một chạm.',
      'ยินดีต้อนรับ! ราคาสดและคาสิโนแค่แตะเดียว',
      '欢迎！实时赔率和娱乐场一触即达。',
      'Selamat datang! Odds langsung dan kasino hanya satu sentuhan.',
    ),
  },
  {
    id: 30,
    kind: 'az_tab' as const,
    key: 'soccer',
    icon: 'trophy',
    url: '#/sport',
    level: 5,
    title: localised('Soccer', 'Fútbol', 'Futebol', 'Футбол', 'Bóng đá', 'ฟุตบอล', '足球', 'Bola sepak'),
  },
  {
    id: 31,
    kind: 'az_tab' as const,
    key: 'basketball',
    icon: 'trophy',
    url: '#/sport',
    level: 4,
    title: localised('Basketball', 'Baloncesto', 'Basquete', 'Баскетбол', 'Bóng rổ', 'บาสเกตบอล', '篮球', 'Bola keranjang'),
  },
  {
    id: 32,
    kind: 'az_tab' as const,
    key: 'tennis',
    icon: 'trophy',
    url: '#/sport',
    level: 3,
    title: localised('Tennis', 'Tenis', 'Tênis', 'Теннис', 'Quần vợt', 'เทนนิส', '网球', 'Tenis'),
  },
  {
    id: 33,
    kind: 'az_tab' as const,
    key: 'table_tennis',
    icon: 'trophy',
    url: '#/sport',
    level: 2,
    title: localised('Table tennis', 'Tenis de mesa', 'Tênis de mesa', 'Настольный теннис', 'Bóng bàn', 'เทเบิลเทนนิส', '乒乓球', 'Ping pong'),
  },
  {
    id: 34,
    kind: 'az_tab' as const,
    key: 'volleyball',
    icon: 'trophy',
    url: '#/sport',
    level: 1,
    title: localised('Volleyball', 'Voleibol', 'Vôlei', 'Волейбол', 'Bóng chuyền', 'วอลเลย์บอล', '排球', 'Bola tampar'),
  },
];

const DYNCONFIGS = [
  { key: 'register_bonus_ab', kind: 'ab' as const, enabled: 1, bPercent: 50, configs: {} },
  { key: 'sms_switch', kind: 'switch' as const, enabled: 0, bPercent: 0, configs: {} },
  { key: 'first_charge_ab', kind: 'ab' as const, enabled: 1, bPercent: 50, configs: {} },
  { key: 'ui_v3_ab', kind: 'ab' as const, enabled: 1, bPercent: 0, configs: {} },
  { key: 'task_ab', kind: 'ab' as const, enabled: 1, bPercent: 50, configs: {} },
  { key: 'vip_club', kind: 'switch' as const, enabled: 1, bPercent: 0, configs: {} },
  { key: 'real_time_bonus', kind: 'switch' as const, enabled: 0, bPercent: 0, configs: {} },
  { key: 'domain_change', kind: 'switch' as const, enabled: 0, bPercent: 0, configs: { domain: '' } },
  { key: 'global_config', kind: 'switch' as const, enabled: 1, bPercent: 0, configs: { regionDefaultLang: LANGUAGE_BY_COUNTRY } },
  { key: 'login_optimisation_ab', kind: 'ab' as const, enabled: 1, bPercent: 50, configs: {} },
];

const KEYWORDS: Record<string, string[]> = {
  'en-US': ['Football', 'Basketball', 'Tennis'],
  'es-MX': ['Fútbol', 'Baloncesto', 'Tenis'],
  'pt-BR': ['Futebol', 'Basquete', 'Tênis'],
  'ru-RU': ['Футбол', 'Баскетбол', 'Теннис'],
  'vm-VI': ['Bóng đá', 'Bóng rổ', 'Quần vợt'],
  'vm-TH': ['ฟุตบอล', 'บาสเกตบอล', 'เทนนิส'],
  'zh-CN': ['足球', '篮球', '网球'],
  'ms-MY': ['Bola sepak', 'Bola keranjang', 'Tenis'],
};

/** The operator content a new installation starts with; again only when it changed (seed-once.ts). */
export async function contentSeed(db: Db): Promise<void> {
  await seedOnce(db, 'content', { BANNERS, CONTENT, DYNCONFIGS, KEYWORDS }, () => contentInsert(db));
}

async function contentInsert(db: Db): Promise<void> {
  await db.insert(banners).values(BANNERS).onConflictDoNothing();
  await db.insert(contentItems).values(CONTENT).onConflictDoNothing();
  await db.insert(dynconfigs).values(DYNCONFIGS).onConflictDoNothing();
  await db.insert(appSettings).values({ key: 'global_stats', value: 0 }).onConflictDoNothing();
  const keywordRows = Object.entries(KEYWORDS).flatMap(([locale, words]) => words.map((keyword, index) => ({ locale, keyword, sort: words.length - index })));
  const [{ count } = { count: 0 }] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from az_keywords`);
  if (count === 0) await db.insert(azKeywords).values(keywordRows);
  // Fixed ids above were inserted explicitly; move the sequences past them so operator rows get fresh ids.
  await db.execute(sql`select setval(pg_get_serial_sequence('banners', 'id'), greatest((select max(id) from banners), 1))`);
  await db.execute(sql`select setval(pg_get_serial_sequence('content_items', 'id'), greatest((select max(id) from content_items), 1))`);
}
