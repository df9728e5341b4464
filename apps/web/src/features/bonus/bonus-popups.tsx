import { Gift, PartyPopper, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useNavigate } from '../../shared/router/router.tsx';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { depositGate } from '../../shared/session/tourist-save-prompt.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { kindKey } from './bonus-card.tsx';
import { bonusCardView, type Bonus } from './bonus-model.ts';
import styles from './bonus.module.css';

function PopupBody({ icon, amount, lines }: { icon: ReactNode; amount: string; lines: string[] }) {
  return (
    <div className={styles.popupBody}>
      <span className={styles.popupIcon} aria-hidden="true">
        {icon}
      </span>
      <strong className={styles.popupAmount}>{amount}</strong>
      {lines.map((line) => (
        <p key={line} className={styles.popupLine}>
          {line}
        </p>
      ))}
    </div>
  );
}

/** Spec §2 "register bonus reward": a bonus was granted (first deposit, sign-up); shown once per grant. */
export function RegisterBonusModal({ bonus, onClose }: { bonus: Bonus; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [now] = useState(() => Date.now());
  const view = bonusCardView(bonus, now, false);
  const money = (amount: number) => moneyText(amount, bonus.currency, i18n.language);
  const wager = view.terms.find((term) => term.key === 'wager');
  const rounds = bonus.free_rounds;
  return (
    <Modal title={t('bonus.popup.grantedTitle')} onClose={onClose}>
      {rounds ? (
        <PopupBody
          icon={<Sparkles size={32} />}
          amount={t('promotion.headline.rounds', { count: rounds.rounds, stake: money(rounds.bet) })}
          lines={[t(kindKey(bonus.kind)), t(rounds.win_to === 'bonus' ? 'promotion.terms.winToBonus' : 'promotion.terms.winToCash')]}
        />
      ) : (
        <PopupBody
          icon={<Gift size={32} />}
          amount={money(bonus.amount)}
          lines={[t(kindKey(bonus.kind)), wager ? t('bonus.terms.wager', { amount: money(wager.amount) }) : t('bonus.terms.noWagering')]}
        />
      )}
      <div className={styles.popupActions}>
        <Button variant="ghost" onClick={onClose}>
          {t('popup.dismiss')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            navigate(rounds ? paths.promotionFreeRounds : paths.bonus);
          }}
        >
          {t('bonus.popup.view')}
        </Button>
      </div>
    </Modal>
  );
}

/** Spec §2 "bonus unlocked": the wagering was met and the bonus became cash. */
export function BonusUnlockedModal({ bonus, onClose }: { bonus: Bonus; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [now] = useState(() => Date.now());
  const view = bonusCardView(bonus, now, false);
  return (
    <Modal title={t('bonus.popup.unlockedTitle')} onClose={onClose}>
      <PopupBody icon={<PartyPopper size={32} />} amount={moneyText(view.cashValue, bonus.currency, i18n.language)} lines={[t('bonus.popup.unlockedBody')]} />
      <div className={styles.popupActions}>
        <Button onClick={onClose}>{t('bonus.popup.great')}</Button>
      </div>
    </Modal>
  );
}

/** The first-charge pop-up (spec §4, priority 2): the first deposit is matched up to the brand's maximum. */
export function FirstChargeModal({ bonusMax, currency, onClose }: { bonusMax: number; currency: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal title={t('bonus.popup.firstChargeTitle')} onClose={onClose}>
      <PopupBody
        icon={<Sparkles size={32} />}
        amount={t('bonus.popup.upTo', { amount: moneyText(bonusMax, currency, i18n.language) })}
        lines={[t('bonus.popup.firstChargeBody')]}
      />
      <div className={styles.popupActions}>
        <Button variant="ghost" onClick={onClose}>
          {t('popup.dismiss')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            depositGate(() => navigate(paths.deposit));
          }}
        >
          {t('bonus.popup.depositNow')}
        </Button>
      </div>
    </Modal>
  );
}
