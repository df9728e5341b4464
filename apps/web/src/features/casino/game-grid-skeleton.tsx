import { Skeleton } from '../../shared/ui/skeleton.tsx';

/** Nine card-shaped placeholders in the grid's three columns. */
export function GameGridSkeletonStatic({ count = 9 }: { count?: number }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 10 }} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} style={{ aspectRatio: '3 / 4' }}>
          <Skeleton height="100%" radius="var(--radius)" />
        </div>
      ))}
    </div>
  );
}
