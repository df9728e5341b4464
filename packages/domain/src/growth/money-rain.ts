/**
 * Money rain (issue 19, decision 052): during a window a brand's rain drops `drops` times, every `intervalMs`; each drop
 * stays open `openMs`, and a player grabs at most once per drop an amount between `grabMinMinor` and `grabMaxMinor`
 * (the same player and drop always draw the same amount), never more than what is left of the budget.
 */

export interface RainPlan {
  startsAt: Date;
  drops: number;
  intervalMs: number;
  openMs: number;
  grabMinMinor: number;
  grabMaxMinor: number;
  budgetMinor: number;
}

export const RAIN_DROPS_MAX = 48;
export const RAIN_OPEN_MIN_MS = 10_000;

/** Why a plan cannot be scheduled (the field at fault), or undefined. */
export function rainPlanIssue(plan: RainPlan): string | undefined {
  if (!Number.isSafeInteger(plan.drops) || plan.drops < 1 || plan.drops > RAIN_DROPS_MAX) return 'drops';
  if (!Number.isSafeInteger(plan.openMs) || plan.openMs < RAIN_OPEN_MIN_MS) return 'open_s';
  if (plan.drops > 1 && (!Number.isSafeInteger(plan.intervalMs) || plan.intervalMs < plan.openMs)) return 'interval_s';
  if (!Number.isSafeInteger(plan.grabMinMinor) || plan.grabMinMinor < 1) return 'grab_min_minor';
  if (!Number.isSafeInteger(plan.grabMaxMinor) || plan.grabMaxMinor < plan.grabMinMinor) return 'grab_max_minor';
  if (!Number.isSafeInteger(plan.budgetMinor) || plan.budgetMinor < plan.grabMaxMinor) return 'budget_minor';
  return undefined;
}

/** When the whole rain is over: the last drop closes. */
export function rainEndsAt(plan: Pick<RainPlan, 'startsAt' | 'drops' | 'intervalMs' | 'openMs'>): Date {
  return new Date(plan.startsAt.getTime() + (plan.drops - 1) * plan.intervalMs + plan.openMs);
}

export interface RainMoment {
  /** The drop open now, or undefined between drops, before the first and after the last. */
  open: { index: number; opensAt: Date; closesAt: Date } | undefined;
  /** The next drop to open, if any. */
  next: { index: number; opensAt: Date } | undefined;
  /** Drops that have opened so far (0 before the first). */
  started: number;
}

export function rainMomentOf(plan: Pick<RainPlan, 'startsAt' | 'drops' | 'intervalMs' | 'openMs'>, now: Date): RainMoment {
  const since = now.getTime() - plan.startsAt.getTime();
  if (since < 0) return { open: undefined, next: { index: 0, opensAt: plan.startsAt }, started: 0 };
  const interval = Math.max(1, plan.intervalMs);
  const latest = Math.min(plan.drops - 1, Math.floor(since / interval));
  const opensAt = new Date(plan.startsAt.getTime() + latest * plan.intervalMs);
  const closesAt = new Date(opensAt.getTime() + plan.openMs);
  const nextIndex = latest + 1;
  return {
    open: now < closesAt ? { index: latest, opensAt, closesAt } : undefined,
    next: nextIndex < plan.drops ? { index: nextIndex, opensAt: new Date(plan.startsAt.getTime() + nextIndex * plan.intervalMs) } : undefined,
    started: latest + 1,
  };
}

/** The amount a player's grab of a drop draws: spread over [min, max] by a hash of (rain, drop, player). */
export function rainGrabMinor(plan: Pick<RainPlan, 'grabMinMinor' | 'grabMaxMinor'>, rainId: number, dropIndex: number, userId: number): number {
  const span = plan.grabMaxMinor - plan.grabMinMinor;
  if (span <= 0) return plan.grabMinMinor;
  let hash = 2166136261;
  for (const char of `${rainId}:${dropIndex}:${userId}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return plan.grabMinMinor + (hash % (span + 1));
}

/** What a grab pays given what is left of the budget: the draw, cut to what is left; 0 when nothing is. */
export function rainPayMinor(drawMinor: number, leftMinor: number): number {
  return Math.max(0, Math.min(drawMinor, leftMinor));
}

/** Where the rain's message, notification and overlay lead. */
export const RAIN_PATH = '/activity/money-rain';

/** The message and notification of a drop that opens, in every locale; `{amount}` is the most a grab draws. */
export const RAIN_TEXTS: Readonly<Record<string, { title: string; content: string; button: string }>> = {
  'en-US': { title: 'Money rain is falling!', content: 'A drop is open now: grab up to {amount} before it closes.', button: 'Grab it' },
  'es-MX': { title: '¡Está lloviendo dinero!', content: 'Hay una caída abierta ahora: atrapa hasta {amount} antes de que cierre.', button: 'Atrápala' },
  'pt-BR': { title: 'Está chovendo dinheiro!', content: 'Uma queda está aberta agora: pegue até {amount} antes que feche.', button: 'Pegar' },
  'ru-RU': { title: 'Денежный дождь!', content: 'Волна открыта: поймайте до {amount}, пока она не закрылась.', button: 'Поймать' },
  'vm-VI': { title: 'Mưa tiền đang rơi!', content: 'Một đợt đang mở: nhận đến {amount} trước khi đợt đóng lại.', button: 'Nhận ngay' },
  'vm-TH': { title: 'ฝนเงินกำลังตก!', content: 'รอบนี้เปิดแล้ว: รับสูงสุด {amount} ก่อนปิด', button: 'รับเลย' },
  'zh-CN': { title: '红包雨来了!', content: '本轮已开启:在结束前抢最高 {amount}。', button: '立即抢' },
  'ms-MY': { title: 'Hujan wang sedang turun!', content: 'Satu titisan dibuka sekarang: rebut sehingga {amount} sebelum ia ditutup.', button: 'Rebut' },
};
