import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /** 0–100. */
  percent: number;
  /** What the bar measures, for screen readers. */
  label: string;
  /** The value in words, when the percentage alone says too little. */
  valueText?: string;
  /** A track of another size (the fill is the same). */
  trackClassName?: string;
}

/** A progress bar: the brand-coloured fill over its track, announced as a progressbar. */
export function ProgressBar({ percent, label, valueText, trackClassName }: ProgressBarProps) {
  return (
    <div
      className={trackClassName ?? styles.bar}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
      {...(valueText !== undefined ? { 'aria-valuetext': valueText } : {})}
    >
      <span className={styles.barFill} style={{ width: `${percent}%` }} />
    </div>
  );
}
