import { useCallback, useEffect, useState } from 'react';

/**
 * Which match cards are on screen, so only their odds are polled (spec §4). Cards pass `observe` as their ref and
 * carry `data-match-id`. A hidden keep-alive page has no card intersecting, so it polls nothing.
 */
export function useVisibleMatches(): { ids: number[]; observe: (element: HTMLElement | null) => (() => void) | undefined } {
  const [ids, setIds] = useState<number[]>([]);
  const [observer] = useState(() =>
    typeof IntersectionObserver === 'undefined'
      ? undefined
      : new IntersectionObserver((entries) =>
          setIds((previous) => {
            const next = new Set(previous);
            for (const entry of entries) {
              const id = Number(entry.target.getAttribute('data-match-id'));
              if (entry.isIntersecting) next.add(id);
              else next.delete(id);
            }
            return next.size === previous.length && previous.every((id) => next.has(id)) ? previous : [...next];
          }),
        ),
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  const observe = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer) return undefined;
      observer.observe(element);
      return () => {
        observer.unobserve(element);
        const id = Number(element.getAttribute('data-match-id'));
        setIds((previous) => (previous.includes(id) ? previous.filter((entry) => entry !== id) : previous));
      };
    },
    [observer],
  );
  return { ids, observe };
}
