import { CircleUserRound, Dices, Settings, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { uiV3Current } from '../../shared/ui-version.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
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
  // Read on every navigation: the new-UI switch changes where the Game tab leads.
  const { pathname } = useLocation();
  const gameHome = uiV3Current(variantCurrent().flags.uiV3) ? paths.homeGame : paths.game;
  return (
    <nav className={styles.footer} aria-label={t('footer.label')}>
      <ul className={styles.list}>
        {TABS.map(({ path, label, Icon }) => (
          <li key={path} className={styles.item}>
            <NavLink
              to={path === paths.game ? gameHome : path}
              className={({ isActive }) => `${styles.tab} ${isActive || (path === paths.game && pathname.startsWith('/home/')) ? styles.active : ''}`}
            >
              <Icon size={22} aria-hidden="true" />
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
