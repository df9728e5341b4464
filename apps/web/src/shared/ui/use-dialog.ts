import { useEffect, useRef } from 'react';
import { focusTrapTarget } from './focus-trap.ts';

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Closes on Escape and moves focus into the dialog while it is open, back where it was when it closes. Tab and
 * Shift+Tab go round the dialog's own controls, so focus never wanders to the page behind it.
 *
 * Focus moves in the next animation frame, not in the commit's effects: `focus()` makes the browser compute the
 * styles and layout of everything the commit inserted there and then, so a dialog in a screen's first commit (the
 * welcome pop-up) made that commit's task 13–18 ms of CPU longer (at 4× throttling +50–70 ms of blocking time,
 * decision 098). In the frame's callback the browser lays out what it would lay out for that frame anyway.
 */
export function useDialog(onClose: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  // The latest onClose, read when a key is pressed: a parent's new callback on each render must not move focus.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const frame = requestAnimationFrame(() => ref.current?.focus());
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
      if (event.key !== 'Tab' || !ref.current) return;
      const controls = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const next = focusTrapTarget(controls, document.activeElement, event.shiftKey);
      if (next) {
        event.preventDefault();
        next.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);
  return ref;
}
