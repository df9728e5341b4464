import { Megaphone } from 'lucide-react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { Notice } from './notice.tsx';

/** Shown while the operator has the product in news mode (global status 2); the poll moves players on. */
export default function NewsPage() {
  const { t } = useTranslation();
  return <Notice icon={<Megaphone size={32} />} title={t('news.title', { brand: variantCurrent().name })} body={t('news.body')} />;
}
