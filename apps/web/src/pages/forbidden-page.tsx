import { Globe } from 'lucide-react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { Notice } from './notice.tsx';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  return <Notice icon={<Globe size={32} />} title={t('forbidden.title')} body={t('forbidden.body', { brand: variant.name, email: variant.supportEmail })} />;
}
