import { ChevronRight, CloudRain, Gift, Users } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { paths } from '../../shared/paths/paths.ts';
import { Link } from '../../shared/router/router.tsx';
import listCard from '../../shared/ui/list-card.module.css';
import styles from './agent.module.css';

/** From /me: the agent programme, money rain (decision 052) and share-to-cash-out (decision 063). */
export function GrowthLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('agent.links')}>
      <ul className={`${listCard.listCard} ${listCard.dividedRows}`}>
        {(
          [
            [paths.thinAgent, 'agent.title', <Users key="agent" size={18} />],
            [paths.moneyRain, 'rain.title', <CloudRain key="rain" size={18} />],
            [paths.thinPdd, 'pdd.title', <Gift key="pdd" size={18} />],
          ] as const
        ).map(([to, key, icon]) => (
          <li key={to}>
            <Link to={to} className={styles.link}>
              <span className={styles.linkTitle}>
                <span className={styles.icon} aria-hidden="true">
                  {icon}
                </span>
                {t(key)}
              </span>
              <ChevronRight size={18} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
