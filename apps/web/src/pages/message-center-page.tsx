import { useTranslation } from '../shared/i18n/translate.ts';
import { MessageList } from '../features/messages/message-list.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function MessageCenterPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('messages.title')} backTo={paths.me} />
      <MessageList />
    </RequireLogin>
  );
}
