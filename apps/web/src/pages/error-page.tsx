import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert, Wrench } from 'lucide-react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { useSearchParams } from '../shared/router/router.tsx';
import { Button } from '../shared/ui/button.tsx';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { Notice } from './notice.tsx';

/** Type 3 is maintenance (spec §4): the global status poll brings the player back when it ends. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const maintenance = params.get('type') === '3';
  return (
    <Notice
      icon={maintenance ? <Wrench size={32} /> : <TriangleAlert size={32} />}
      title={t(maintenance ? 'error.maintenanceTitle' : 'error.genericTitle')}
      body={maintenance ? t('error.maintenanceBody', { brand: variantCurrent().name }) : t('error.genericBody')}
    >
      <Button onClick={() => void queryClient.invalidateQueries()}>{t('app.retry')}</Button>
    </Notice>
  );
}
