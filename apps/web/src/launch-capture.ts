import { telegramLaunchCapture } from './shared/telegram-launch.ts';

// Imported first by main.tsx: the hash router reads the hash as soon as its module loads, so the mini app's launch
// data (#tgWebAppData=…) must be taken out of the hash before that.
telegramLaunchCapture(window.location);
