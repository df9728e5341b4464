import { Compass } from 'lucide-react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { Link } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { buttonClassName } from '../shared/ui/button.tsx';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { Notice } from './notice.tsx';

/** Any path the route table does not list: the player learns this brand has no such page and gets a way home. */
export default function NotOfferedPage() {
  const { t } = useTranslation();
  return (
    <Notice icon={<Compass size={32} />} title={t('notOffered.title')} body={t('notOffered.body', { brand: variantCurrent().name })}>
      <Link className={buttonClassName({ variant: 'primary' })} to={paths.root}>
        {t('error.goHome')}
      </Link>
    </Notice>
  );
}
