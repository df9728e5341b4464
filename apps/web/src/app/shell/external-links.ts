import { externalUrl, shellOpenExternal } from '../../shared/shell-actions.ts';

/**
 * Inside a shell, a link to another site (a provider's hosted payment page, a help or support link, a banner) opens
 * in the device's browser through the shell: a web view that followed it would leave the app with no way back, and
 * `target="_blank"` does nothing in most web views. Links of our own origin navigate as usual.
 */
export function externalLinksThroughShell(root: Document): void {
  root.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = externalUrl(anchor.href, root.location.href);
      if (!url) return;
      event.preventDefault();
      void shellOpenExternal(url.href).then((opened) => {
        // A shell that cannot open it: the web view follows the link after all.
        if (!opened) root.defaultView?.open(url.href, '_blank', 'noopener');
      });
    },
    true,
  );
}
