import { Share2 } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { usePayoutSocialClickMutation, usePayoutSocialQuery } from './api/withdraw.ts';
import styles from './payments.module.css';
import listCard from '../../shared/ui/list-card.module.css';

const NETWORK_NAMES = { whatsapp: 'WhatsApp', telegram: 'Telegram', facebook: 'Facebook', x: 'X' } as const;

/** A paid withdrawal the player has not shared yet: one button per network; each tap is recorded once. */
export function PayoutShare({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const social = usePayoutSocialQuery(uid, true);
  const click = usePayoutSocialClickMutation();
  const data = social.data;
  if (!data || data.show !== 1 || data.order_id !== orderId || data.channels.length === 0) return null;
  return (
    <section className={styles.card} aria-label={t('payments.payout.shareTitle')}>
      <h2 className={listCard.sectionTitle}>
        <Share2 size={16} aria-hidden="true" /> {t('payments.payout.shareTitle')}
      </h2>
      <div className={styles.filters}>
        {data.channels.map((channel) => (
          <a
            key={channel.key}
            href={channel.url}
            target="_blank"
            rel="noopener"
            className={styles.filter}
            style={{ display: 'inline-flex', alignItems: 'center', textDecoration: 'none', minHeight: 44 }}
            onClick={() => click.mutate({ orderId, channel: channel.key })}
          >
            {NETWORK_NAMES[channel.key]}
          </a>
        ))}
      </div>
    </section>
  );
}
