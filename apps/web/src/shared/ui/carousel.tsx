import { TIMERS } from '@piranha/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translate.ts';
import styles from './carousel.module.css';

export interface CarouselProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  label: string;
  intervalMs?: number;
}

const SWIPE_MIN_PX = 40;

/** Slides that turn every 5 s (spec §2) and loop; a swipe or a dot moves them by hand and restarts the timer. */
export function Carousel<T>({ items, itemKey, renderItem, label, intervalMs = TIMERS.carouselMs }: CarouselProps<T>) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<number | undefined>(undefined);
  const count = items.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, index]);

  const active = count === 0 ? 0 : index % count;
  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerUp={(event) => {
        if (swipeStart.current === undefined || count < 2) return;
        const distance = event.clientX - swipeStart.current;
        swipeStart.current = undefined;
        if (Math.abs(distance) >= SWIPE_MIN_PX) setIndex((active + (distance < 0 ? 1 : count - 1)) % count);
      }}
    >
      <div className={styles.track} style={{ transform: `translateX(-${active * 100}%)` }}>
        {items.map((item, position) => (
          <div
            key={itemKey(item)}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t('banner.slide', { index: position + 1, count })}
            aria-hidden={position !== active}
            // A slide out of view is hidden from readers and its links from the Tab key alike.
            inert={position !== active}
          >
            {renderItem(item)}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.dots}>
          {items.map((item, position) => (
            <button
              key={itemKey(item)}
              type="button"
              className={`${styles.dot} ${position === active ? styles.dotActive : ''}`}
              aria-label={t('banner.goTo', { index: position + 1 })}
              aria-current={position === active}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
