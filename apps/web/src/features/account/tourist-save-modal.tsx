import { useTranslation } from '../../shared/i18n/translate.ts';
import { useNavigate } from '../../shared/router/router.tsx';
import { touristSavePromptAnswer, useTouristSavePrompt } from '../../shared/session/tourist-save-prompt.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import styles from './account-forms.module.css';

/** The tourist e-mail-save modal (spec §2, §4): opened by `depositGate` before a tourist deposits. Mounted once. */
export function TouristSaveModal({ saveEmailTo }: { saveEmailTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useTouristSavePrompt((state) => state.goOn !== undefined);
  if (!open) return null;
  return (
    <Modal title={t('account.touristSaveTitle')} onClose={() => touristSavePromptAnswer('dismiss')}>
      <p className={styles.intro}>{t('account.touristSaveBody')}</p>
      <div className={styles.modalActions}>
        <Button
          block
          onClick={() => {
            touristSavePromptAnswer('save');
            navigate(saveEmailTo);
          }}
        >
          {t('account.touristSaveNow')}
        </Button>
        <Button variant="ghost" block onClick={() => touristSavePromptAnswer('deposit')}>
          {t('account.touristSaveLater')}
        </Button>
      </div>
    </Modal>
  );
}
