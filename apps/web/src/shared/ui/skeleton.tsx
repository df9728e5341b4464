import styles from './skeleton.module.css';

/** A placeholder that holds the exact space of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ width = '100%', height, radius }: { width?: string | number; height: string | number; radius?: string | number }) {
  return <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}
