import { handoffCapture } from './shared/session/handoff-capture.ts';
import { inviteCapture } from './shared/invite/invite-pending.ts';
import { telegramInitData, telegramLaunchCapture } from './shared/telegram-launch.ts';
import { attributionCapture } from './shared/tracking/attribution.ts';
import { pushOpenedCapture } from './shared/tracking/push-opened.ts';
import { installPromptCapture } from './shared/pwa/install-capture.ts';

// Imported first by main.tsx: the hash router reads the hash as soon as its module loads, so the mini app's launch
// data (#tgWebAppData=…) must be taken out of the hash before that.
telegramLaunchCapture(window.location);
// A domain change's one-time code (#handoff=…) leaves the hash before the router or anything else can record it.
handoffCapture(window.location, window.history);
attributionCapture(window.location);
// An invite link (?invite=) or the mini app's start parameter waits for the next sign-in (decision 051).
inviteCapture(window.location, new URLSearchParams(telegramInitData() ?? '').get('start_param') ?? undefined);
pushOpenedCapture(window.location, window.history);
// Chromium's install offer can come before the lazily loaded install bar listens: it is kept for it (decision 053).
installPromptCapture(window);
