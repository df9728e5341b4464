import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { scriptLoad } from '../../shared/script-load.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import styles from './account-forms.module.css';
import { FormError } from './form-error.tsx';
import { useGoogleSignInMutation } from './api/social-sign-in.ts';
import { useConsentRetry } from './consent-sheet.tsx';

/** Google Identity Services: the script that draws Google's own button and hands back an ID token. */
const GIS_SRC = 'https://accounts.google.com/gsi/client';
/** Longer than a slow phone needs, short enough that an unreachable Google never leaves a gap for long. */
const GIS_LOAD_TIMEOUT_MS = 5_000;

interface GoogleIdentity {
  initialize: (options: { client_id: string; callback: (answer: { credential?: string }) => void; ux_mode?: 'popup'; use_fedcm_for_prompt?: boolean }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
}

function gisOnPage(): GoogleIdentity | undefined {
  return (globalThis as unknown as { google?: { accounts?: { id?: GoogleIdentity } } }).google?.accounts?.id;
}

let gisLoading: Promise<GoogleIdentity | undefined> | undefined;

/** Loads GIS once per page; undefined when it cannot be reached (offline, blocked), and then the button stays hidden. */
function gisLoad(): Promise<GoogleIdentity | undefined> {
  gisLoading ??= (gisOnPage() ? Promise.resolve(true) : scriptLoad(GIS_SRC, GIS_LOAD_TIMEOUT_MS)).then((loaded) => (loaded ? gisOnPage() : undefined));
  return gisLoading;
}

/**
 * "Sign in with Google" (action login) or "Link Google" on the account page (action bind, thirdLoginRegBind).
 * Renders nothing when the brand hides social sign-in or Google's script cannot load.
 */
export function GoogleSignIn({ action, onSignedIn }: { action: 'login' | 'bind'; onSignedIn: () => void }) {
  const { t, i18n } = useTranslation();
  const variant = variantCurrent();
  const hidden = variant.flags.hideSocialLogin;
  const slot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const signIn = useGoogleSignInMutation(action, { onDone: onSignedIn });
  // A first Google sign-in creates an account: the consent sheet asks, and the same credential is sent again (decision 040).
  const consent = useConsentRetry<string>({
    attempt: (credential, given, handlers) => signIn.mutate({ credential, consent: given }, handlers),
    pending: signIn.isPending,
  });
  // The button is drawn once per brand, action and language: the callback reads the latest start through a ref.
  const startRef = useRef(consent.start);
  useEffect(() => {
    startRef.current = consent.start;
  });
  const submit = useCallback((credential: string) => startRef.current(credential), []);

  useEffect(() => {
    if (hidden) return;
    let live = true;
    void gisLoad().then((gis) => {
      if (!live) return;
      if (!gis || !slot.current) return setState('unavailable');
      gis.initialize({
        client_id: variant.socialClientId,
        ux_mode: 'popup',
        callback: ({ credential }) => credential && submit(credential),
      });
      gis.renderButton(slot.current, {
        type: 'standard',
        theme: 'filled_black',
        size: 'large',
        shape: 'pill',
        text: action === 'bind' ? 'continue_with' : 'signin_with',
        // The block is not laid out until the button is drawn: its container's width is the one it will have.
        width: Math.min(slot.current.parentElement?.parentElement?.clientWidth || 320, 400),
        locale: i18n.language,
      });
      setState('ready');
    });
    return () => {
      live = false;
    };
  }, [hidden, variant.socialClientId, action, i18n.language, submit]);

  if (hidden || state === 'unavailable') return null;
  // Until Google's script has drawn its button the block takes no room and shows no "or": a slow or blocked script
  // (up to GIS_LOAD_TIMEOUT_MS) never leaves an empty gap under the form.
  const loading = state === 'loading';
  return (
    <div className={loading ? `${styles.social} ${styles.socialLoading}` : styles.social} aria-hidden={loading || undefined} aria-busy={signIn.isPending}>
      {action === 'login' && !loading ? <div className={styles.divider}>{t('account.or')}</div> : null}
      <div ref={slot} className={styles.googleSlot} data-testid="google-sign-in" />
      <FormError error={consent.asking ? undefined : signIn.error} />
      {consent.sheet}
    </div>
  );
}
