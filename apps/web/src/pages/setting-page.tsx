import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { SettingsMenu } from '../features/settings/settings-menu.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

export default function SettingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('setting.title')} />
      <SettingsMenu languagePath={paths.settingLanguage} accountPath={paths.accountInfo} />
    </>
  );
}
