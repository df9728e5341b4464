import './launch-capture.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { AppRouter, pageLoadStart } from './app/router.tsx';
import { handoffRedeemPending } from './features/system/domain-change.ts';
import { firstScreenPopupsSeed } from './features/system/api/popups.ts';
import { firstScreenWatchResources } from './features/system/first-screen.ts';
import { queryClient } from './shared/api/api.ts';
import { i18nInit, languageBooting, localeInitial } from './shared/i18n/i18n.ts';
import { inviteLandingVisit, invitePendingBind } from './shared/invite/invite-pending.ts';
import { pageData } from './shared/page-data.ts';
import { taskTurn } from './shared/task-turn.ts';
import { getUserAtom, smidEnsure } from './shared/session/session-store.ts';
import { variantDetect, variantSet } from './shared/variant/variant-detect.ts';

/** Boot: pick the brand, load its language, then draw. Nothing renders in the wrong colours or words. */
async function boot(): Promise<void> {
  void smidEnsure();
  const variant = variantDetect(window.location, import.meta.env.PROD);
  variantSet(variant);
  // An invite link's landing reports the visit now that the brand (and so the API's common parameters) is known.
  inviteLandingVisit();
  // Arriving from the brand's old domain with a one-time code: sign in here before the first screen (decision 033).
  await handoffRedeemPending();
  // An invite whose bind did not get through last time (no network) is sent again for the player still signed in.
  if (getUserAtom()) invitePendingBind();
  // The page's code and the language's catalogue load side by side; drawing waits for the catalogue. Over a static
  // first screen (a lobby's, decision 078) it waits for the page's code too: drawn before it, the first commit put a
  // loading screen over the static banner, and React revealed the page no sooner than 300 ms later (decision 096).
  // The match page has a static screen too, with the welcome pop-up over it (decision 097); elsewhere the header and the
  // pop-ups are drawn first.
  // A lazy page's module also loads the rest of the catalogue (decision 059): i18nInit names the language first.
  const i18nDone = i18nInit(localeInitial(variant.defaultLang));
  const pageLoaded = pageLoadStart(window.location.hash);
  await i18nDone;
  if (document.querySelector('#root > .fs')) await pageLoaded;
  // The page's data is read before React's first commit removes it: a lobby's module may seed its banners after that.
  pageData();
  // A new visitor's pop-ups came with the page (decision 080): the welcome pop-up is in the first render, not a
  // request and a render later (on /match-detail it is the largest element, so the LCP). A player's list is asked for.
  if (!getUserAtom()) firstScreenPopupsSeed(languageBooting());
  firstScreenWatchResources();
  // The catalogue's evaluation and the pop-ups' check above are one task; creating the root and the render another:
  // the browser handles what is waiting in between (Total Blocking Time counts each task's excess; decision 092).
  await taskTurn();
  const root = createRoot(document.getElementById('root')!);
  // A transition: React draws the app in slices of a few milliseconds and lets the browser in between (input, the
  // requests just answered, painting) instead of one long task — the first screen's Total Blocking Time (decision 077).
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRouter />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

void boot();
