import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { GameGridSkeletonStatic } from './game-grid-skeleton.tsx';
import styles from './lobby.module.css';

/** The lobby's shape while its code and first list arrive: search bar, category row and cards. */
export function LobbySkeleton() {
  return (
    <div className={styles.lobby} aria-hidden="true">
      <Skeleton height={44} radius={999} />
      <Skeleton height={40} radius={999} />
      <Skeleton height={28} width="40%" />
      <GameGridSkeletonStatic />
    </div>
  );
}
