import type { GameCard as GameCardData } from '@piranha/contract';
import { useEffect, useRef, useState } from 'react';
import { GameGridSkeletonStatic } from './game-grid-skeleton.tsx';
import { GameCard } from './game-card.tsx';
import { gridColumns, gridWindow } from './grid-window.ts';
import styles from './game-grid.module.css';

const GAP_PX = 10;
const OVERSCAN_ROWS = 2;

/**
 * A grid of game cards that draws only the rows near the viewport (the page scrolls, not the grid), so a
 * tab of hundreds of games costs the same as a screenful. Reaching the end asks for the next page.
 */
export function GameGrid({
  games,
  hasMore = false,
  onMore,
  eagerCount = 6,
}: {
  games: readonly GameCardData[];
  hasMore?: boolean;
  onMore?: () => void;
  eagerCount?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState({ width: 0, top: 0 });
  const [scroll, setScroll] = useState({ y: 0, height: 844 });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured only in the observer's calls, which come after the browser's own layout: reading sizes there forces
    // none. The first call comes in the frame that draws the grid, which until then shows its first rows unmeasured
    // (the same three columns on a phone); measuring in a layout effect laid the page out once more inside React's
    // commit, and re-rendered in the same task (decision 093). A body resize that moved nothing renders nothing.
    const measure = () => {
      const next = { width: element.clientWidth, top: element.getBoundingClientRect().top + window.scrollY };
      setLayout((now) => (now.width === next.width && now.top === next.top ? now : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Content above the grid (a banner arriving) moves it without resizing it; the page's size changes then.
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = { y: window.scrollY, height: window.innerHeight };
        setScroll((now) => (now.y === next.y && now.height === next.height ? now : next));
      });
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const columns = gridColumns(layout.width, 104, GAP_PX);
  const cardWidth = layout.width > 0 ? (layout.width - GAP_PX * (columns - 1)) / columns : 0;
  const rowHeight = (cardWidth * 4) / 3 + GAP_PX;
  const rowCount = Math.ceil(games.length / columns);
  // Until the grid is measured (or while its page is hidden) draw the first rows so nothing flashes empty.
  const measured = layout.width > 0;
  const { first, last } = measured
    ? gridWindow({ scrollY: scroll.y, viewportHeight: scroll.height, gridTop: layout.top, rowHeight, rowCount, overscan: OVERSCAN_ROWS })
    : { first: 0, last: Math.min(rowCount - 1, 3) };

  const nearEnd = last >= rowCount - 1 - OVERSCAN_ROWS;
  useEffect(() => {
    if (nearEnd && hasMore) onMore?.();
  }, [nearEnd, hasMore, onMore]);

  const visible = games.slice(first * columns, (last + 1) * columns);
  return (
    <div ref={ref} className={styles.viewport} style={{ height: measured ? Math.max(0, rowCount * rowHeight - GAP_PX) : undefined }}>
      <div
        className={styles.grid}
        style={{
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gap: GAP_PX,
          transform: measured ? `translateY(${first * rowHeight}px)` : undefined,
        }}
      >
        {visible.map((game, index) => (
          <GameCard key={`${game.game_platform}/${game.game_id}`} game={game} eager={first * columns + index < eagerCount} />
        ))}
      </div>
    </div>
  );
}

export function GameGridSkeleton({ count = 9 }: { count?: number }) {
  return <GameGridSkeletonStatic count={count} />;
}
