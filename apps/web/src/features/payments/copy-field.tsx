import { Copy } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import styles from './payments.module.css';

/** Spec §5 clipboard copy: success shows the "copied" toast, failure says so (the player can still select the text). */
async function clipboardWrite(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Plain-HTTP brands and some web views have no async clipboard: fall back to a selected textarea.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

/** A value the player must paste elsewhere (a PIX code, a CLABE, an address), with its copy button. */
export function CopyField({ label, value, long = false }: { label: string; value: string; long?: boolean }) {
  const { t } = useTranslation();
  const copy = async () => {
    const copied = await clipboardWrite(value);
    toastShow(copied ? { kind: 'success', text: t('payments.copied') } : { kind: 'error', text: t('payments.copyFailed') });
  };
  const button = (
    <Button variant={long ? 'primary' : 'ghost'} block={long} onClick={copy} aria-label={t('payments.copyNamed', { name: label })}>
      <Copy size={18} aria-hidden="true" />
      {t('payments.copy')}
    </Button>
  );
  // A long code (PIX copia e cola, an address) gets the full width and a big button under it: copying it is
  // the whole point on a phone. Short values (CLABE, reference) keep the button beside them.
  return (
    <div className={styles.copy}>
      <span className={styles.label}>{label}</span>
      {long ? (
        <>
          <output className={`${styles.copyValue} ${styles.copyLong}`} aria-label={label}>
            {value}
          </output>
          {button}
        </>
      ) : (
        <div className={styles.copyRow}>
          <output className={styles.copyValue} aria-label={label}>
            {value}
          </output>
          {button}
        </div>
      )}
    </div>
  );
}

/** The provider's QR image (an SVG document) shown through <img>, so nothing in it can run. */
export function QrImage({ svg, label }: { svg: string; label: string }) {
  return (
    <div className={styles.qr}>
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} width={204} height={204} />
    </div>
  );
}
