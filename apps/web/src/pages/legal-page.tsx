import { FileText, HeartHandshake } from 'lucide-react';
import { MARKET_LEGAL } from '@piranha/domain';
import type { ReactNode } from 'react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { Notice } from './notice.tsx';

type LegalKey = 'terms' | 'responsible';

function LegalNotice({ legalKey, icon }: { legalKey: LegalKey; icon: ReactNode }) {
  const { t } = useTranslation();
  const variant = variantCurrent();
  const values = { brand: variant.name, email: variant.supportEmail, age: MARKET_LEGAL[variant.market].minimumAge };
  return <Notice icon={icon} title={t(`legal.${legalKey}.title`)} body={t(`legal.${legalKey}.body`, values)} />;
}

/** /terms: the brand's terms in short, with where to ask for the full text. */
export function TermsPage() {
  return <LegalNotice legalKey="terms" icon={<FileText size={32} />} />;
}

/** /responsible-gaming: the age limit and where a player finds help and limits. */
export function ResponsibleGamingPage() {
  return <LegalNotice legalKey="responsible" icon={<HeartHandshake size={32} />} />;
}
