import { Skeleton } from '../../../shared/ui/skeleton.tsx';

/**
 * The space of the tab row, sub-tabs and first cards, held while they load so nothing jumps (CLS). It reaches the
 * bottom of the screen: shorter, the site footer showed under it and the matches pushed it away (0.014, decision 077).
 */
export function SportsSkeleton() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, minHeight: '100dvh' }} aria-busy="true">
      <Skeleton height={56} radius={8} />
      <Skeleton height={36} radius={18} />
      <Skeleton height={112} radius={12} />
      <Skeleton height={112} radius={12} />
      <Skeleton height={112} radius={12} />
    </div>
  );
}
