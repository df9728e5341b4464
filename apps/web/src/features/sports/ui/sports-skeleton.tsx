import { Skeleton } from '../../../shared/ui/skeleton.tsx';

/** The space of the tab row, sub-tabs and first cards, held while they load so nothing jumps (CLS). */
export function SportsSkeleton() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} aria-busy="true">
      <Skeleton height={56} radius={8} />
      <Skeleton height={36} radius={18} />
      <Skeleton height={112} radius={12} />
      <Skeleton height={112} radius={12} />
      <Skeleton height={112} radius={12} />
    </div>
  );
}
