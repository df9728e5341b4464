import { intlLocaleOf } from '@piranha/domain';
import type { PaymentInstruction } from '@piranha/contract';
import { Clock, ExternalLink, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { buttonClassName } from '../../shared/ui/button.tsx';
import { CopyField, QrImage } from './copy-field.tsx';
import styles from './payments.module.css';

/** Opens the provider's hosted page (the sandbox bank, wallet or checkout) in its own tab; ours keeps waiting. */
function CheckoutLink({ url, label }: { url: string; label: string }) {
  return (
    <a href={url} target="_blank" rel="noopener" className={buttonClassName({ variant: 'primary', block: true })}>
      <ExternalLink size={18} aria-hidden="true" />
      {label}
    </a>
  );
}

function Steps({ items }: { items: string[] }) {
  return (
    <ol className={styles.steps}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ol>
  );
}

function Expiry({ expireAt }: { expireAt: number }) {
  const { t, i18n } = useTranslation();
  if (!expireAt) return null;
  const time = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { hour: '2-digit', minute: '2-digit' }).format(new Date(expireAt * 1000));
  return (
    <p className={styles.hint}>
      <Clock size={14} aria-hidden="true" /> {t('payments.instruction.payBefore', { time })}
    </p>
  );
}

/**
 * What the player does to pay, per method (spec issue 6): PIX copy-and-paste code and QR, SPEI CLABE and
 * reference, UPI link and QR, M-Pesa "check your phone", redirect checkouts, counter references, Thai QR and bank
 * transfer, and a crypto address on its network. `amount` is the formatted sum to pay exactly; `method` the
 * method's name as players know it (the provider id is ours, not theirs).
 */
export function PaymentInstructionView({ instruction, amount, method }: { instruction: PaymentInstruction; amount: string; method: string }) {
  const { t } = useTranslation();
  const checkout = instruction.checkout_url ? <CheckoutLink url={instruction.checkout_url} label={t('payments.instruction.openCheckout')} /> : null;
  let body: ReactNode;
  switch (instruction.kind) {
    case 'pix':
      body = (
        <>
          <Steps items={[t('payments.instruction.pixStep1'), t('payments.instruction.pixStep2'), t('payments.instruction.pixStep3', { amount })]} />
          {instruction.copy_text ? <CopyField label={t('payments.instruction.pixCode')} value={instruction.copy_text} long /> : null}
          {instruction.qr_svg ? <QrImage svg={instruction.qr_svg} label={t('payments.instruction.pixQr')} /> : null}
          {checkout}
        </>
      );
      break;
    case 'spei':
      body = (
        <>
          <Steps items={[t('payments.instruction.speiStep1'), t('payments.instruction.speiStep2', { amount }), t('payments.instruction.speiStep3')]} />
          {instruction.clabe ? <CopyField label={t('payments.instruction.clabe')} value={instruction.clabe} /> : null}
          {instruction.reference ? <CopyField label={t('payments.instruction.reference')} value={instruction.reference} /> : null}
          <BankRows instruction={instruction} />
          {checkout}
        </>
      );
      break;
    case 'upi':
      body = (
        <>
          {instruction.upi_link ? (
            <a href={instruction.upi_link} className={buttonClassName({ variant: 'primary', block: true })}>
              {t('payments.instruction.upiOpen')}
            </a>
          ) : null}
          {instruction.qr_svg ? <QrImage svg={instruction.qr_svg} label={t('payments.instruction.upiQr')} /> : null}
          <p className={styles.hint}>{t('payments.instruction.upiHint', { amount })}</p>
          {checkout}
        </>
      );
      break;
    case 'stk_push':
      body = (
        <>
          <div className={styles.statusHead}>
            <div className={`${styles.statusIcon} ${styles.wait}`} aria-hidden="true">
              <Smartphone size={32} />
            </div>
            <h2 className={styles.statusTitle}>{t('payments.instruction.stkTitle')}</h2>
            <p className={styles.hint}>{t('payments.instruction.stkBody', { phone: instruction.phone ? `+${instruction.phone}` : '', amount })}</p>
          </div>
          {checkout}
        </>
      );
      break;
    case 'redirect':
      body = (
        <>
          <p className={styles.hint}>{t('payments.instruction.redirectHint', { provider: method })}</p>
          {instruction.checkout_url ? (
            <CheckoutLink url={instruction.checkout_url} label={t('payments.instruction.redirectOpen', { provider: method })} />
          ) : null}
        </>
      );
      break;
    case 'reference':
      body = (
        <>
          <Steps items={[t('payments.instruction.referenceStep1'), t('payments.instruction.referenceStep2', { amount })]} />
          {instruction.reference ? <CopyField label={t('payments.instruction.reference')} value={instruction.reference} /> : null}
          {checkout}
        </>
      );
      break;
    case 'thai_qr':
      body = (
        <>
          {instruction.qr_svg ? <QrImage svg={instruction.qr_svg} label={t('payments.instruction.thaiQr')} /> : null}
          <p className={styles.hint}>{t('payments.instruction.thaiQrHint', { amount })}</p>
          {checkout}
        </>
      );
      break;
    case 'bank_transfer':
      body = (
        <>
          <Steps items={[t('payments.instruction.bankStep1'), t('payments.instruction.bankStep2', { amount })]} />
          {instruction.account_number ? <CopyField label={t('payments.instruction.accountNumber')} value={instruction.account_number} /> : null}
          {instruction.reference ? <CopyField label={t('payments.instruction.reference')} value={instruction.reference} /> : null}
          <BankRows instruction={instruction} />
          {checkout}
        </>
      );
      break;
    case 'crypto':
      body = (
        <>
          <p className={styles.bonus}>{t('payments.instruction.cryptoWarning', { network: instruction.network ?? '' })}</p>
          {instruction.address ? (
            <CopyField label={t('payments.instruction.address', { network: instruction.network ?? '' })} value={instruction.address} />
          ) : null}
          {instruction.qr_svg ? <QrImage svg={instruction.qr_svg} label={t('payments.instruction.addressQr')} /> : null}
          <p className={styles.hint}>{t('payments.instruction.cryptoHint', { amount })}</p>
          {checkout}
        </>
      );
      break;
  }
  return (
    <section className={styles.card} aria-label={t('payments.instruction.title')}>
      {instruction.customer_message && instruction.kind !== 'stk_push' ? <p className={styles.hint}>{instruction.customer_message}</p> : null}
      {body}
      <Expiry expireAt={instruction.expire_at} />
    </section>
  );
}

function BankRows({ instruction }: { instruction: PaymentInstruction }) {
  const { t } = useTranslation();
  if (!instruction.bank_name && !instruction.beneficiary) return null;
  return (
    <dl className={styles.rows}>
      {instruction.bank_name ? (
        <>
          <dt>{t('payments.instruction.bank')}</dt>
          <dd>{instruction.bank_name}</dd>
        </>
      ) : null}
      {instruction.beneficiary ? (
        <>
          <dt>{t('payments.instruction.beneficiary')}</dt>
          <dd>{instruction.beneficiary}</dd>
        </>
      ) : null}
    </dl>
  );
}
