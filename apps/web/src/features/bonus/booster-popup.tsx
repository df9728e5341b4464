import { Rocket } from 'lucide-react';
import { useNavigate } from '../../shared/router/router.tsx';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useBoosterActivate } from './booster-list.tsx';
import type { Booster } from './booster-model.ts';
import styles from './bonus.module.css';

/** Spec §2 "bonus booster card": a new ready card, offered once (24 h cache per card); activating it is one tap. */
export default function BoosterModal({ card, onClose }: { card: Booster; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { activate, busy } = useBoosterActivate();
  return (
    <Modal title={t('booster.popup.title')} onClose={onClose}>
      <div className={styles.popupBody}>
        <span className={styles.popupIcon} aria-hidden="true">
          <Rocket size={32} />
        </span>
        <strong className={styles.popupAmount}>{t('booster.name', { percent: Math.floor(card.rate_bp / 100) })}</strong>
        <p className={styles.popupLine}>
          {card.target === 'sports' ? t('booster.target.sports') : t('booster.target.casino', { minutes: card.session_minutes })}
        </p>
        <p className={styles.popupLine}>{t('booster.popup.body', { amount: moneyText(card.cap, card.currency, i18n.language) })}</p>
      </div>
      <div className={styles.popupActions}>
        <Button
          variant="ghost"
          onClick={() => {
            onClose();
            navigate(paths.useBonus);
          }}
        >
          {t('booster.popup.later')}
        </Button>
        <Button disabled={busy} aria-busy={busy} onClick={() => activate(card.id, onClose)}>
          {t('booster.activate')}
        </Button>
      </div>
    </Modal>
  );
}
