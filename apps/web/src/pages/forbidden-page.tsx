import { jurisdictionOfBrand } from '@piranha/domain';
import { Globe } from 'lucide-react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { Link } from '../shared/router/router.tsx';
import { buttonClassName } from '../shared/ui/button.tsx';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { Notice } from './notice.tsx';

/**
 * Spec §4 /forbidden: a blocked region, a banned brand, or a closed market's brand (decision 049: India, Vietnam). A
 * closed market explains why and lets a player who holds a balance sign in to withdraw it.
 */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  if (jurisdictionOfBrand(variant).closed && !variant.flags.banned)
    return (
      <Notice
        icon={<Globe size={32} />}
        title={t('forbidden.closedTitle')}
        body={t('forbidden.closedBody', { brand: variant.name, email: variant.supportEmail })}
      >
        <Link to={paths.login} className={buttonClassName({ variant: 'primary', block: true })}>
          {t('forbidden.closedSignIn')}
        </Link>
      </Notice>
    );
  return <Notice icon={<Globe size={32} />} title={t('forbidden.title')} body={t('forbidden.body', { brand: variant.name, email: variant.supportEmail })} />;
}
