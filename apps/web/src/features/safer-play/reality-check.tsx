import { isRealityCheckMinutes, jurisdictionOfBrand, minutesPlayed, realityCheckDueAt, type RealityCheckMinutes } from '@piranha/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useNavigate } from '../../shared/router/router.tsx';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { STORAGE_KEYS, storageGet, storageSet } from '../../shared/storage.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { useSaferStateQuery, useSaferStatementQuery } from './safer-play-api.ts';
import styles from './safer-play.module.css';

/** What this device remembers of the player's session for the reality check. */
interface RealityRecord {
  uid: number;
  startedAtMs: number;
  answeredAtMs?: number;
  /** The last check while the app was open: a gap longer than SESSION_GAP_MS starts a new session. */
  lastSeenMs?: number;
  /** The player's own interval; absent: the jurisdiction's. */
  minutes?: RealityCheckMinutes;
}

/** Away from the app this long, the next visit is a new session: its time played starts again. */
const SESSION_GAP_MS = 30 * 60_000;

function recordOf(uid: number, nowMs: number): RealityRecord {
  const stored = storageGet<RealityRecord>(STORAGE_KEYS.realityCheck);
  const sameSession = stored && stored.uid === uid && nowMs - (stored.lastSeenMs ?? stored.startedAtMs) <= SESSION_GAP_MS;
  const record: RealityRecord = sameSession
    ? { ...stored, lastSeenMs: nowMs }
    : { uid, startedAtMs: nowMs, lastSeenMs: nowMs, ...(stored?.uid === uid && stored.minutes ? { minutes: stored.minutes } : {}) };
  storageSet(STORAGE_KEYS.realityCheck, record);
  return record;
}

/** The player's chosen interval on this device, if any. */
export function realityMinutesChosen(uid: number): RealityCheckMinutes | undefined {
  const stored = storageGet<RealityRecord>(STORAGE_KEYS.realityCheck);
  return stored?.uid === uid && isRealityCheckMinutes(stored.minutes) ? stored.minutes : undefined;
}

export function realityMinutesChoose(uid: number, minutes: RealityCheckMinutes): void {
  storageSet(STORAGE_KEYS.realityCheck, { ...recordOf(uid, Date.now()), minutes });
}

function todayIn(timeZone: string, nowMs: number): string {
  // en-CA writes dates as YYYY-MM-DD, the statement's format.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(nowMs));
}

function RealityDialog({
  uid,
  startedAtMs,
  now,
  onContinue,
  onStop,
}: {
  uid: number;
  startedAtMs: number;
  /** When the check fell due: the time played is counted to it. */
  now: number;
  onContinue: () => void;
  onStop: () => void;
}) {
  const { t, i18n } = useTranslation();
  const state = useSaferStateQuery(uid);
  const statement = useSaferStatementQuery(uid, '7');
  const today = state.data && statement.data ? statement.data.days.find((day) => day.date === todayIn(state.data.time_zone, now)) : undefined;
  const net = statement.data ? moneyText(today?.net ?? 0, statement.data.currency, i18n.language) : undefined;
  // Today's play time against the player's daily limit, as the server counts it (decision 054), when one is set.
  const timeLimit = state.data?.limits.find((limit) => limit.kind === 'time' && limit.amount !== null);
  return (
    <Modal title={t('saferPlay.realityTitle')} onClose={onContinue}>
      <div className={styles.confirm} data-testid="reality-check">
        <p>{t('saferPlay.realityPlayed', { minutes: minutesPlayed(startedAtMs, now) })}</p>
        <p>{net === undefined ? '…' : t('saferPlay.realityNet', { net })}</p>
        {timeLimit ? (
          <p data-testid="reality-time-limit">{t('saferPlay.realityTimeLimit', { used: Math.floor(timeLimit.used / 60), limit: timeLimit.amount ?? 0 })}</p>
        ) : null}
        <Button block onClick={onContinue}>
          {t('saferPlay.realityContinue')}
        </Button>
        <Button variant="ghost" block onClick={onStop}>
          {t('saferPlay.realityStop')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Every N minutes of a signed-in session (the player's choice, else the jurisdiction's), a pop-up shows the time
 * played and today's net result; Stop opens the Safer play page, where a break is one tap away.
 */
export function RealityCheck({ saferPlayPath }: { saferPlayPath: string }) {
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const navigate = useNavigate();
  // The session's record and the time when its check fell due; undefined while none is due.
  const [due, setDue] = useState<{ startedAtMs: number; atMs: number } | undefined>();
  // The brand's jurisdiction default, read here so nothing is fetched until a check is due (first screens stay lean);
  // an operator's SAFER_PLAY_OVERRIDES value reaches the Safer play page, which shows and saves the player's choice.
  const defaultMinutes = jurisdictionOfBrand(variantCurrent()).realityCheckMinutes;

  useEffect(() => {
    if (!uid) return;
    const check = () => {
      const nowMs = Date.now();
      const record = recordOf(uid, nowMs);
      setDue(nowMs >= realityCheckDueAt(record, record.minutes ?? defaultMinutes) ? { startedAtMs: record.startedAtMs, atMs: nowMs } : undefined);
    };
    check();
    const timer = window.setInterval(check, 15_000);
    return () => window.clearInterval(timer);
  }, [uid, defaultMinutes]);

  if (!uid || !due) return null;
  const answer = () => {
    storageSet(STORAGE_KEYS.realityCheck, { ...recordOf(uid, Date.now()), answeredAtMs: Date.now() });
    setDue(undefined);
  };
  return (
    <RealityDialog
      uid={uid}
      startedAtMs={due.startedAtMs}
      now={due.atMs}
      onContinue={answer}
      onStop={() => {
        answer();
        void navigate(saferPlayPath);
      }}
    />
  );
}
