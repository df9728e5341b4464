import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { LanguageList } from '../features/settings/language-list.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

export default function SettingLanguagePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('language.title')} backTo={paths.setting} />
      <LanguageList />
    </>
  );
}
