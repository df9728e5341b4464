import { useTranslation } from '../shared/i18n/translate.ts';
import { useSearchParams } from '../shared/router/router.tsx';
import { MessageDetail } from '../features/messages/message-detail.tsx';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function MessageDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <RequireLogin>
      <PageTitle title={t('messages.detailTitle')} backTo={paths.messageCenter} />
      <MessageDetail id={/^[1-9]\d{0,14}$/.test(id) ? id : ''} />
    </RequireLogin>
  );
}
