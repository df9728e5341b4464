import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { AccountMenu } from '../features/account/account-menu.tsx';
import { MessagesMenuRow } from '../features/messages/unread-badge.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

const MENU_PATHS = {
  game: paths.game,
  sport: paths.sport,
  me: paths.me,
  setting: paths.setting,
  language: paths.settingLanguage,
  accountInfo: paths.accountInfo,
  saveEmail: paths.saveEmail,
  login: paths.loginb,
  register: paths.register,
};

export default function MenuPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('account.menuTitle')} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-4)' }}>
        <MessagesMenuRow />
        <AccountMenu to={MENU_PATHS} />
      </div>
    </>
  );
}
