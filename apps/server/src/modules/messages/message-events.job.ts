import {
  EVENT_MESSAGE_BUTTON,
  EVENT_MESSAGE_LINKS,
  eventMessageTexts,
  formatMoney,
  isCurrencyCode,
  minorUnits,
  type EventMessageKind,
  type Locale,
} from '@piranha/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { JobSpec } from '../../jobs/job-runner.ts';
import { saferBlockedSql } from '../safer-play/safer-play.repository.ts';
import { messageInsert } from './messages.repository.ts';
import { realtimeTopic } from '@piranha/contract';
import type { RealtimePublisher } from '../../realtime/realtime-bus.ts';

/**
 * The messages the product writes itself (decision 028): deposit credited, withdrawal paid or failed, bet won,
 * bonus granted, bonus unlocked (converted to cash). A leader job reads the durable rows the money code already writes (payment orders in a final
 * state, settled bets, bonus grants) — never inside the money transaction — and writes one message per event:
 * `messages.source_ref` is unique, so a pass run twice, on two nodes, or over rows it read before writes nothing new.
 */
export const MESSAGE_EVENTS_MS = 10_000;
/**
 * Each pass reads rows stamped since its last cursor less this overlap: a money transaction stamps its rows with
 * its start time but commits a little later, so rows may appear behind the cursor. Five minutes covers any commit.
 */
export const MESSAGE_EVENTS_OVERLAP_MS = 5 * 60_000;
const BATCH = 500;

interface EventCandidate {
  ref: string;
  kind: EventMessageKind;
  user_id: string | number;
  app_key: string;
  currency: string;
  amount: string | number;
  at: Date | string;
}

/** One source: the SQL answering its events stamped in [from, to], with a source_ref and the kind of message. */
interface EventSource {
  name: string;
  candidates: (from: Date, to: Date) => SQL;
}

const notMessaged = (ref: SQL) => sql`not exists (select 1 from messages x where x.source_ref = ${ref})`;

const SOURCES: readonly EventSource[] = [
  {
    name: 'payin',
    candidates: (from, to) => sql`select 'payin:' || o.order_id as ref, 'deposit_credited' as kind, o.user_id, o.app_key, o.currency,
        o.amount_minor as amount, o.updated_at as at
      from payment_orders o where o.status in (2, 4) and o.updated_at >= ${from} and o.updated_at <= ${to}
        and o.direction = 'payin' and o.status = 4 and ${notMessaged(sql`'payin:' || o.order_id`)}`,
  },
  {
    name: 'payout',
    candidates: (from, to) => sql`select (case when o.status = 4 then 'payout_paid:' else 'payout_failed:' end) || o.order_id as ref,
        (case when o.status = 4 then 'payout_paid' else 'payout_failed' end) as kind, o.user_id, o.app_key, o.currency,
        o.amount_minor as amount, o.updated_at as at
      from payment_orders o where o.status in (2, 4) and o.updated_at >= ${from} and o.updated_at <= ${to}
        and o.direction = 'payout'
        and ${notMessaged(sql`(case when o.status = 4 then 'payout_paid:' else 'payout_failed:' end) || o.order_id`)}`,
  },
  {
    name: 'bet_won',
    candidates: (from, to) => sql`select 'bet_won:' || b.id as ref, 'bet_won' as kind, b.user_id, u.app_key, b.currency,
        b.payout_minor as amount, b.settled_at as at
      from bets b join users u on u.id = b.user_id
      where b.outcome in (4, 5) and b.settled_at >= ${from} and b.settled_at <= ${to} and b.status = 5 and coalesce(b.payout_minor, 0) > 0
        and ${notMessaged(sql`'bet_won:' || b.id`)}`,
  },
  {
    // Marketing (decision 027): no bonus notice reaches a player on a time-out or self-excluded. The other sources
    // are transactional — the player's own money — and are written whatever the player's block.
    name: 'bonus',
    candidates: (from, to) => sql`select 'bonus:' || g.id as ref, 'bonus_granted' as kind, g.user_id, u.app_key, g.currency,
        g.amount_minor as amount, g.created_at as at
      from bonuses g join users u on u.id = g.user_id
      where g.created_at >= ${from} and g.created_at <= ${to} and g.amount_minor > 0 and ${notMessaged(sql`'bonus:' || g.id`)}
        and not ${saferBlockedSql(sql`g.user_id`, to)}`,
  },
  {
    // The amount is what the conversion paid into cash (the ledger's line), which a cap may keep below the bonus.
    name: 'bonus_unlocked',
    candidates: (from, to) => sql`select 'bonus_unlocked:' || g.id as ref, 'bonus_unlocked' as kind, g.user_id, u.app_key, g.currency,
        (select coalesce(sum(l.amount_minor), 0) from transfers x join ledger_lines l on l.transfer_id = x.id
          join ledger_accounts a on a.id = l.account_id and a.user_id = g.user_id and a.kind = 'cash'
          where x.kind = 'bonus_convert' and x.external_ref = g.id::text) as amount, g.finished_at as at
      from bonuses g join users u on u.id = g.user_id
      where g.status = 2 and g.finished_at >= ${from} and g.finished_at <= ${to} and ${notMessaged(sql`'bonus_unlocked:' || g.id`)}`,
  },
];

function amountText(amountMinor: number, currency: string, locale: Locale): string {
  if (isCurrencyCode(currency)) return formatMoney(minorUnits(amountMinor), currency, { locale });
  return `${(amountMinor / 100).toFixed(2)} ${currency}`;
}

async function cursorOf(db: Db, source: string, now: Date): Promise<Date> {
  // The first pass starts now: a new deployment does not message players about everything that happened before it.
  const [row] = await rowsOf<{ cursor_at: Date | string }>(
    db,
    sql`insert into message_event_cursors (source, cursor_at) values (${source}, ${now})
        on conflict (source) do update set cursor_at = message_event_cursors.cursor_at returning cursor_at`,
  );
  return new Date(row!.cursor_at);
}

/** One pass over one source; answers how many messages it wrote. */
async function sourcePass(db: Db, source: EventSource, now: Date, realtime?: RealtimePublisher): Promise<number> {
  const cursor = await cursorOf(db, source.name, now);
  const from = new Date(cursor.getTime() - MESSAGE_EVENTS_OVERLAP_MS);
  let written = 0;
  let last = cursor;
  for (;;) {
    // Only events that moved money to the player (a conversion capped to nothing has nothing to say); every row
    // answered is then messaged, so the next query moves on and the loop ends.
    const rows = await rowsOf<EventCandidate>(db, sql`select * from (${source.candidates(from, now)}) c where c.amount > 0 order by c.at limit ${BATCH}`);
    for (const row of rows) {
      const amount = Number(row.amount);
      const at = new Date(row.at);
      if (at > last) last = at;
      const id = await messageInsert(db, {
        appKey: row.app_key,
        audience: 'player',
        segment: null,
        userId: Number(row.user_id),
        messageType: 1,
        contentType: 1,
        texts: eventMessageTexts(row.kind, (locale) => amountText(amount, row.currency, locale)),
        buttons: [{ text: { ...EVENT_MESSAGE_BUTTON }, link: EVENT_MESSAGE_LINKS[row.kind] }],
        icons: [],
        btnBkImage: '',
        turnTime: 5,
        allowClose: true,
        isH5: false,
        sourceRef: row.ref,
        createdAt: now,
        expiresAt: null,
      });
      if (id === undefined) continue;
      written += 1;
      // Written on its own (no transaction): the player's page hears of it now (decision 036).
      realtime?.publish(realtimeTopic.player(Number(row.user_id)), { type: 'message_new', message_id: String(id), message_type: 1 });
    }
    if (rows.length < BATCH) break;
  }
  // The cursor moves to this pass's start; the overlap rereads the last minutes next time.
  await rowsOf(db, sql`update message_event_cursors set cursor_at = greatest(cursor_at, ${now > last ? now : last}) where source = ${source.name}`);
  return written;
}

/** One pass over every source. */
export async function messageEventsPass(db: Db, now: Date, realtime?: RealtimePublisher): Promise<number> {
  let written = 0;
  for (const source of SOURCES) written += await sourcePass(db, source, now, realtime);
  return written;
}

export function messageEventsJobSpec(db: Db, now: () => Date, realtime?: RealtimePublisher): JobSpec {
  return {
    name: 'message-events',
    scope: 'leader',
    everyMs: MESSAGE_EVENTS_MS,
    atStart: 'soon',
    run: () => messageEventsPass(db, now(), realtime).then(() => undefined),
  };
}
