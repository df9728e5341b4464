import { clientSeedSchema, type FairState } from '@piranha/contract';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import * as z from 'zod/mini';
import { Button } from '../../shared/ui/button.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { apiErrorMessage } from '../../shared/api/api-error-message.ts';
import { useClientSeedMutation, useSeedRotateMutation, useStudioRoundsQuery } from './api/studio.ts';
import styles from './studio.module.css';

/**
 * Provably fair, in the player's hands: the committed server-seed hash, their own client seed, the nonce,
 * rotating the seed (which reveals the old one), and the last rounds with links to verify them.
 */
export function FairnessSheet({
  token,
  fair,
  formatMoney,
  onClose,
}: {
  token: string;
  fair: FairState;
  formatMoney: (minor: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [seed, setSeed] = useState(fair.client_seed);
  const [seedError, setSeedError] = useState<string | undefined>();
  const seedSave = useClientSeedMutation(token);
  const rotate = useSeedRotateMutation(token);
  const rounds = useStudioRoundsQuery(token, true);

  const save = () => {
    if (!z.safeParse(clientSeedSchema, seed).success) {
      setSeedError(t('casino.fair.seedInvalid'));
      return;
    }
    setSeedError(undefined);
    seedSave.mutate(seed);
  };

  return (
    <Sheet title={t('casino.fair.title')} onClose={onClose}>
      <div className={styles.fairBody}>
        <p className={styles.sheetText}>{t('casino.fair.explain')}</p>
        <div className={styles.fairField}>
          <span className={styles.fairLabel}>{t('casino.fair.serverSeedHash')}</span>
          <code className={styles.hash} data-testid="server-seed-hash">
            {fair.server_seed_hash}
          </code>
        </div>
        <label className={styles.fairField}>
          <span className={styles.fairLabel}>{t('casino.fair.clientSeed')}</span>
          <span className={styles.seedRow}>
            <input
              className={styles.seedInput}
              value={seed}
              maxLength={64}
              onChange={(event) => setSeed(event.target.value)}
              aria-invalid={seedError ? true : undefined}
            />
            <Button compact onClick={save} disabled={seedSave.isPending || seed === fair.client_seed}>
              {t('casino.fair.seedSave')}
            </Button>
          </span>
          {seedError ? (
            <span className={styles.error} role="alert">
              {seedError}
            </span>
          ) : null}
        </label>
        <p className={styles.sheetNote}>{t('casino.fair.nonce', { nonce: fair.nonce })}</p>
        <Button variant="ghost" block className={styles.wrapButton} onClick={() => rotate.mutate()} disabled={rotate.isPending}>
          {t('casino.fair.rotate')}
        </Button>
        {/* A refusal is said, not swallowed: a round still open or settling keeps the seed (CASINO_ROUND_OPEN). */}
        {rotate.isError ? (
          <span className={styles.error} role="alert">
            {apiErrorMessage(rotate.error, t)}
          </span>
        ) : null}
        {rotate.data ? (
          <div className={styles.fairField}>
            <span className={styles.fairLabel}>{t('casino.fair.revealed')}</span>
            <code className={styles.hash}>{rotate.data.previous.server_seed}</code>
          </div>
        ) : null}
        <h3 className={styles.sheetHeading}>{t('casino.fair.lastRounds')}</h3>
        {rounds.data?.list.length === 0 ? <p className={styles.sheetNote}>{t('casino.fair.noRounds')}</p> : null}
        <ul className={styles.roundList}>
          {(rounds.data?.list ?? []).map((round) => (
            <li key={round.round_id} className={styles.roundRow}>
              <span>#{round.proof.nonce}</span>
              <span>{formatMoney(round.bet)}</span>
              <span className={round.win > 0 ? styles.won : undefined}>{formatMoney(round.win)}</span>
              <a
                href={round.proof.verify_url.startsWith('/#') ? round.proof.verify_url : `/#${round.proof.verify_url}`}
                target="_top"
                className={styles.verifyLink}
              >
                {round.proof.revealed === 1 ? t('casino.fair.verify') : t('casino.fair.proof')}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Sheet>
  );
}
