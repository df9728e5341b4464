import type { Match } from '@piranha/contract';
import { DATE_FORMATS, dateFormatOf, intlLocaleOf } from '@piranha/domain';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { periodText } from '../labels.ts';
import { MATCH_STATUS } from '../match-list.ts';
import { clockSecondsAt, clockText } from '../match-clock.ts';
import { useSecondTick } from '../use-second-tick.ts';
import styles from './match-card.module.css';

/** Live: period and a clock that ticks every second between polls. Upcoming: the start day and time. */
export function MatchStatus({ match, receivedAtMs }: { match: Pick<Match, 'sid' | 'ms' | 'mc' | 'bt'>; receivedAtMs: number }) {
  const { t, i18n } = useTranslation();
  if (match.ms === MATCH_STATUS.live) return <LiveClock match={match} receivedAtMs={receivedAtMs} />;
  if (match.ms === MATCH_STATUS.ended) return <span className={styles.status}>{t('sports.period.ended')}</span>;
  const start = new Date(match.bt);
  const today = new Date();
  const sameDay = start.toDateString() === today.toDateString();
  const locale = intlLocaleOf(i18n.language);
  const time = dateFormatOf(locale, DATE_FORMATS.kickOffTime).format(start);
  const day = sameDay ? t('sports.today') : dateFormatOf(locale, DATE_FORMATS.kickOffDay).format(start);
  return (
    <span className={styles.status}>
      <time dateTime={start.toISOString()}>
        {day} {time}
      </time>
    </span>
  );
}

function LiveClock({ match, receivedAtMs }: { match: Pick<Match, 'sid' | 'mc'>; receivedAtMs: number }) {
  const { t } = useTranslation();
  const now = useSecondTick();
  const running = match.mc.r;
  const seconds = clockSecondsAt(match.mc, receivedAtMs, Math.max(now, receivedAtMs));
  return (
    <span className={`${styles.status} ${styles.live}`}>
      <span className={styles.liveDot} aria-hidden="true" />
      <span className="visually-hidden">{t('sports.liveNow')}</span>
      {periodText(t, match.sid, match.mc.pe)}
      {running || match.mc.s > 0 ? (
        <span className={styles.clock} data-testid="match-clock">
          {clockText(seconds)}
        </span>
      ) : null}
    </span>
  );
}
