import { CircleUserRound, Dices, Settings, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../routes.ts';
import styles from './footer-tabs.module.css';

const TABS: readonly { path: string; label: 'footer.game' | 'footer.sport' | 'footer.setting' | 'footer.me'; Icon: LucideIcon }[] = [
  { path: paths.game, label: 'footer.game', Icon: Dices },
  { path: paths.sport, label: 'footer.sport', Icon: Trophy },
  { path: paths.setting, label: 'footer.setting', Icon: Settings },
  { path: paths.me, label: 'footer.me', Icon: CircleUserRound },
];

/** The bottom tab bar of first-level pages (spec §2). */
export function FooterTabs() {
  const { t } = useTranslation();
  return (
    <nav className={styles.footer} aria-label={t('footer.label')}>
      <ul className={styles.list}>
        {TABS.map(({ path, label, Icon }) => (
          <li key={path} className={styles.item}>
            <NavLink to={path} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}>
              <Icon size={22} aria-hidden="true" />
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
