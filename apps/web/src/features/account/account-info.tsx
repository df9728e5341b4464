import { intlLocaleOf } from '@piranha/domain';
import { ChevronRight, MonitorSmartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import styles from './account-info.module.css';
import { apiErrorText } from './api-error-text.ts';
import { FormError } from './form-error.tsx';
import { GoogleSignIn } from './google-sign-in.tsx';
import { useAccountInfoQuery, useNickUpdateMutation, useSessionEndMutation, useSessionListQuery } from './api/account-api.ts';

/** A linked sign-in's provider by its own name (the API sends `google`, `telegram`); an unknown one as sent. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = { google: 'Google', telegram: 'Telegram' };

/** Unix seconds as a date and time in the current language. */
function useDateTime(): (seconds: number) => string {
  const { i18n } = useTranslation();
  const locale = intlLocaleOf(i18n.language);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (seconds) => format.format(new Date(seconds * 1000));
}

function NickForm({ uid, nick }: { uid: number; nick: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(nick);
  const update = useNickUpdateMutation(uid, { onDone: () => toastShow({ kind: 'success', text: t('profile.nickSaved') }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(value.trim());
  };
  const unchanged = value.trim() === nick;
  return (
    <form className={styles.nickForm} onSubmit={submit} noValidate>
      <TextField
        label={t('profile.nick')}
        value={value}
        autoComplete="nickname"
        maxLength={32}
        onChange={(event) => {
          setValue(event.target.value);
          update.reset();
        }}
        error={update.error ? apiErrorText(update.error, t) : undefined}
        action={
          <Button type="submit" compact disabled={unchanged || update.isPending} aria-busy={update.isPending}>
            {t('profile.save')}
          </Button>
        }
      />
    </form>
  );
}

function SessionRows({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { data, error } = useSessionListQuery(uid);
  const end = useSessionEndMutation(uid);
  if (error) return <FormError error={error} />;
  if (!data) return <Skeleton height={56} />;
  return (
    <>
      <ul className={styles.card}>
        {data.list.map((session) => (
          <li key={session.session_id} className={styles.row}>
            <MonitorSmartphone size={20} aria-hidden="true" />
            <div className={styles.rowText}>
              <span className={styles.rowTitle}>
                {t('profile.signedInAt', { date: dateTime(session.create_at) })}
                {session.current ? <span className={styles.badge}>{t('profile.thisDevice')}</span> : null}
              </span>
              <span className={styles.rowMeta}>{t('profile.lastSeenAt', { date: dateTime(session.last_seen_at) })}</span>
            </div>
            {session.current ? null : (
              <Button variant="ghost" compact disabled={end.isPending} onClick={() => end.mutate(session.session_id)}>
                {t('profile.endSession')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <FormError error={end.error} />
    </>
  );
}

/** Settings → Account: the nick (editable), e-mail, player id, linked sign-ins and live sessions. */
export function AccountInfo({ cancellationPath }: { cancellationPath: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const { data, error } = useAccountInfoQuery(uid);
  if (error) return <FormError error={error} />;
  if (!data)
    return (
      <div className={styles.page}>
        <Skeleton height={72} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </div>
    );
  return (
    <div className={styles.page}>
      <NickForm key={data.nick} uid={uid} nick={data.nick} />
      <dl className={styles.card}>
        <div className={styles.pair}>
          <dt>{t('profile.email')}</dt>
          <dd>{data.visitor ? t('profile.noEmail') : data.email}</dd>
        </div>
        <div className={styles.pair}>
          <dt>{t('profile.playerId')}</dt>
          <dd>{data.uid}</dd>
        </div>
      </dl>

      <section className={styles.section} aria-labelledby="profile-linked">
        <h2 id="profile-linked" className={styles.heading}>
          {t('profile.linkedTitle')}
        </h2>
        {data.bind_info.length === 0 ? (
          <p className={styles.empty}>{t('profile.linkedNone')}</p>
        ) : (
          <ul className={styles.card}>
            {data.bind_info.map((bind) => (
              <li key={`${bind.plat}:${bind.unionid}`} className={styles.row}>
                <div className={styles.rowText}>
                  <span className={styles.rowTitle}>{PROVIDER_NAMES[bind.plat] ?? bind.plat}</span>
                  <span className={styles.rowMeta}>{bind.unionid}</span>
                  <span className={styles.rowMeta}>{t('profile.linkedAt', { date: dateTime(bind.create_at) })}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
        {data.bind_info.some((bind) => bind.plat === 'google') ? null : (
          <GoogleSignIn action="bind" onSignedIn={() => toastShow({ kind: 'success', text: t('account.googleLinked') })} />
        )}
      </section>

      <section className={styles.section} aria-labelledby="profile-sessions">
        <h2 id="profile-sessions" className={styles.heading}>
          {t('profile.sessionsTitle')}
        </h2>
        <SessionRows uid={uid} />
      </section>

      <Link to={cancellationPath} className={styles.danger}>
        <span>{t('profile.closeAccount')}</span>
        <ChevronRight size={18} aria-hidden="true" />
      </Link>
    </div>
  );
}
