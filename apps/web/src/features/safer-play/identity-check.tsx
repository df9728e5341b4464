import { ApiError, ERRORS } from '@piranha/contract';
import { BadgeCheck, ExternalLink, RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useKycStateQuery, useKycSubmitMutation } from './safer-play-api.ts';
import styles from './safer-play.module.css';

/** The most a file may weigh; the server checks it again, with the file's real type. */
const FILE_MAX_BYTES = 2 * 1024 * 1024;

/** A file's bytes as base64 (what the submit endpoint takes). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/**
 * The identity check in the Safer play area (issue 20, decision 037): its state, and while unverified or rejected the
 * form that sends the document number, birth date, a photo of the document and a selfie to the identity provider.
 */
export function IdentityCheck({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const { data, refetch, isFetching } = useKycStateQuery(uid);
  const submit = useKycSubmitMutation(uid);
  const [documentNumber, setDocumentNumber] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [files, setFiles] = useState<{ document?: File; selfie?: File }>({});
  const [localError, setLocalError] = useState<string>();
  if (!data) return <Skeleton height={120} />;

  const serverError =
    submit.error instanceof ApiError && submit.error.dmError !== ERRORS.INTERNAL.code && submit.error.errorMsg
      ? submit.error.errorMsg
      : submit.error
        ? t('toast.abnormal')
        : undefined;
  const fieldOf = (name: string) =>
    submit.error instanceof ApiError && (submit.error.data as { field?: string } | undefined)?.field === name ? serverError : undefined;
  const pick = (kind: 'document' | 'selfie', file: File | undefined) => {
    setLocalError(file && file.size > FILE_MAX_BYTES ? t('saferPlay.kyc.fileTooLarge') : undefined);
    setFiles((current) => ({ ...current, [kind]: file && file.size <= FILE_MAX_BYTES ? file : undefined }));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!files.document || !files.selfie) return setLocalError(t('saferPlay.kyc.filesMissing'));
    setLocalError(undefined);
    submit.mutate({
      document_number: documentNumber,
      birth_date: birthDate,
      document_file: await base64Of(files.document),
      selfie_file: await base64Of(files.selfie),
    });
  };
  const open = data.state === 'unverified' || data.state === 'rejected';
  return (
    <section className={styles.section} data-testid="kyc">
      <h2 className={styles.heading}>{t('saferPlay.kyc.title')}</h2>
      <p className={styles.body}>{t(`saferPlay.kyc.before.${data.required_before}`, { age: data.minimum_age })}</p>
      <p className={styles.kycState} data-state={data.state} data-testid="kyc-state">
        {data.state === 'verified' ? <BadgeCheck size={18} aria-hidden="true" /> : null}
        {t(`saferPlay.kyc.state.${data.state}`)}
        {data.document_masked ? <span className={styles.meta}> · {data.document_masked}</span> : null}
      </p>
      {data.state === 'rejected' && data.reason ? (
        <p className={styles.notice} role="note">
          {t(`saferPlay.kyc.reason.${data.reason as 'declined' | 'underage' | 'cpf_mismatch'}`, { age: data.minimum_age })}
        </p>
      ) : null}
      {data.state === 'pending' ? (
        <>
          <p className={styles.meta}>{t('saferPlay.kyc.pendingText')}</p>
          {data.provider_url ? (
            <a className={styles.external} href={data.provider_url} data-testid="kyc-provider">
              <ExternalLink size={18} aria-hidden="true" />
              {t('saferPlay.kyc.openProvider')}
            </a>
          ) : null}
          <Button variant="ghost" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw size={18} aria-hidden="true" />
            {t('saferPlay.kyc.refresh')}
          </Button>
        </>
      ) : null}
      {open ? (
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            label={t(`saferPlay.kyc.documentNumber.${data.document_type}`)}
            value={documentNumber}
            onChange={(event) => setDocumentNumber(event.target.value)}
            inputMode={data.document_type === 'CPF' ? 'numeric' : 'text'}
            autoComplete="off"
            required
            error={fieldOf('document_number')}
          />
          <TextField
            label={t('saferPlay.kyc.birthDate')}
            type="date"
            value={birthDate}
            onChange={(event) => setBirthDate(event.target.value)}
            required
            error={fieldOf('birth_date')}
          />
          <TextField
            label={t('saferPlay.kyc.documentFile')}
            type="file"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            onChange={(event) => pick('document', event.target.files?.[0])}
            error={fieldOf('document_file')}
          />
          <TextField
            label={t('saferPlay.kyc.selfieFile')}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="user"
            onChange={(event) => pick('selfie', event.target.files?.[0])}
            error={fieldOf('selfie_file')}
          />
          <p className={styles.meta}>{t('saferPlay.kyc.filesHint')}</p>
          {localError || (serverError && !fieldOf('document_number') && !fieldOf('birth_date') && !fieldOf('document_file') && !fieldOf('selfie_file')) ? (
            <p className={styles.error} role="alert">
              {localError ?? serverError}
            </p>
          ) : null}
          <Button type="submit" block disabled={submit.isPending || !documentNumber || !birthDate}>
            {t('saferPlay.kyc.submit')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
