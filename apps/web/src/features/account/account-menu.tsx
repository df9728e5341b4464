import { ChevronRight, CircleUserRound, Dices, Languages, LifeBuoy, LogIn, Mail, Settings, ShieldCheck, Trophy, UserPlus, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import listCard from '../../shared/ui/list-card.module.css';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import styles from './account-menu.module.css';
import { useAccountInfoQuery } from './api/account-api.ts';

export interface AccountMenuPaths {
  game: string;
  sport: string;
  me: string;
  setting: string;
  language: string;
  accountInfo: string;
  saveEmail: string;
  login: string;
  register: string;
}

function Row({ to, Icon, label, hint }: { to: string; Icon: LucideIcon; label: string; hint?: string | undefined }) {
  return (
    <li>
      <Link to={to} className={styles.row}>
        <Icon size={20} aria-hidden="true" />
        <span className={styles.label}>{label}</span>
        {hint ? <span className={styles.hint}>{hint}</span> : null}
        <ChevronRight size={18} aria-hidden="true" />
      </Link>
    </li>
  );
}

/** Who is signed in (or the way in), then every place of the app one tap away, and the brand's support. */
export function AccountMenu({ to }: { to: AccountMenuPaths }) {
  const { t } = useTranslation();
  const variant = variantCurrent();
  const login = useSessionStore((state) => state.login);
  const { data } = useAccountInfoQuery(login?.uid ?? 0);
  return (
    <div className={styles.menu}>
      <section className={styles.who} aria-label={t('account.profile')}>
        <CircleUserRound size={40} aria-hidden="true" />
        {login ? (
          <div className={styles.whoText}>
            {data ? <span className={styles.nick}>{data.nick}</span> : <Skeleton height={20} width="50%" />}
            <span className={styles.meta}>{login.visitor ? t('account.guestAccount') : (data?.email ?? '')}</span>
          </div>
        ) : (
          <div className={styles.whoText}>
            <span className={styles.nick}>{t('account.menuSignedOut')}</span>
            <span className={styles.meta}>{t('account.menuSignedOutHint')}</span>
          </div>
        )}
      </section>

      <ul className={listCard.listCard}>
        {login ? null : (
          <>
            <Row to={to.login} Icon={LogIn} label={t('header.login')} />
            <Row to={to.register} Icon={UserPlus} label={t('header.register')} />
          </>
        )}
        {login?.visitor ? <Row to={to.saveEmail} Icon={ShieldCheck} label={t('recovery.saveButton')} /> : null}
        {login ? <Row to={to.me} Icon={CircleUserRound} label={t('account.meTitle')} /> : null}
        {login ? <Row to={to.accountInfo} Icon={Mail} label={t('profile.menuRow')} /> : null}
      </ul>

      <ul className={listCard.listCard}>
        <Row to={to.game} Icon={Dices} label={t('footer.game')} />
        <Row to={to.sport} Icon={Trophy} label={t('footer.sport')} />
        <Row to={to.setting} Icon={Settings} label={t('footer.setting')} />
        <Row to={to.language} Icon={Languages} label={t('setting.language')} />
      </ul>

      <ul className={listCard.listCard}>
        <li>
          <a className={styles.row} href={`mailto:${variant.supportEmail}`}>
            <LifeBuoy size={20} aria-hidden="true" />
            <span className={styles.label}>{t('setting.support')}</span>
            <span className={styles.hint}>{variant.supportEmail}</span>
          </a>
        </li>
      </ul>
    </div>
  );
}
