import type { TabKey } from '@piranha/contract';
import { CircleUserRound, Dices, Settings, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { NavLink, useLocation } from '../../shared/router/router.tsx';
import { useRedPointClickMutation, useRedPoints } from '../../features/account/api/tab-prompts.ts';
import { useQuery } from '@tanstack/react-query';
import { systemKeys } from '../../features/system/api/global-config.ts';
import { HOME_SECTIONS_FALLBACK, homeSectionsLoad, type HomeSectionKey } from '../../shared/cdn/cdn-static.ts';
import { uiV3On } from '../../shared/ui-version.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { footerTabActive, footerTabTarget } from '../routes.ts';
import { paths } from '../../shared/paths/paths.ts';
import styles from './footer-tabs.module.css';

const TABS: readonly { key: TabKey; path: string; label: 'footer.game' | 'footer.sport' | 'footer.setting' | 'footer.me'; Icon: LucideIcon }[] = [
  { key: 'game', path: paths.game, label: 'footer.game', Icon: Dices },
  { key: 'sport', path: paths.sport, label: 'footer.sport', Icon: Trophy },
  { key: 'setting', path: paths.setting, label: 'footer.setting', Icon: Settings },
  { key: 'me', path: paths.me, label: 'footer.me', Icon: CircleUserRound },
];

/** The tabs with Game and Sport in the home document's order; Settings and Me stay where they are. */
export function tabsOrdered(sections: readonly HomeSectionKey[]): typeof TABS {
  const game = TABS[0]!;
  const sport = TABS[1]!;
  return sections[0] === 'sport' ? [sport, game, ...TABS.slice(2)] : TABS;
}

/** The bottom tab bar of first-level pages (spec §2), with the red dots of tab prompts (spec §7), cleared on click. */
export function FooterTabs() {
  const { t } = useTranslation();
  // Read on every navigation: the new-UI switch changes where the Game and Sport tabs lead.
  const { pathname } = useLocation();
  const uiV3 = uiV3On();
  // The home document of the brand's group and UI version orders the Game and Sport tabs (built-in order if it cannot load).
  const group = variantCurrent().appGroup;
  const ui = uiV3 ? 3 : 2;
  const sections =
    useQuery({ queryKey: systemKeys.homeStatic(group, ui), queryFn: () => homeSectionsLoad(group, ui), staleTime: Infinity }).data ?? HOME_SECTIONS_FALLBACK;
  const tabs = tabsOrdered(sections);
  const dots = useRedPoints();
  const clear = useRedPointClickMutation();
  return (
    <nav className={styles.footer} aria-label={t('footer.label')}>
      <ul className={styles.list}>
        {tabs.map(({ key, path, label, Icon }) => {
          const dotted = dots.has(key);
          const why = dots.textOf(key);
          return (
            <li key={path} className={styles.item}>
              <NavLink
                to={footerTabTarget(path, uiV3)}
                className={`${styles.tab} ${footerTabActive(path, pathname) ? styles.active : ''}`}
                onClick={() => dotted && clear.mutate(key)}
                aria-description={dotted ? (why ?? t('account.tabNew')) : undefined}
                data-red-dot={dotted ? 'on' : undefined}
              >
                <span className={styles.icon}>
                  <Icon size={22} aria-hidden="true" />
                  {dotted ? <span className={styles.dot} aria-hidden="true" /> : null}
                </span>
                {t(label)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
