import styles from './lobby.module.css';

export interface Chip {
  key: string;
  label: string;
  count?: number;
}

/** A row of tabs that scrolls sideways on a phone; the selected one stays in view. */
export function CategoryChips({
  chips,
  selected,
  onSelect,
  label,
  size = 'normal',
}: {
  chips: readonly Chip[];
  selected: string;
  onSelect: (key: string) => void;
  label: string;
  size?: 'normal' | 'small';
}) {
  return (
    <div className={`${styles.chips} ${size === 'small' ? styles.chipsSmall : ''}`} role="tablist" aria-label={label}>
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          role="tab"
          aria-selected={chip.key === selected}
          className={`${styles.chip} ${chip.key === selected ? styles.chipOn : ''}`}
          onClick={() => onSelect(chip.key)}
          ref={chip.key === selected ? (element) => element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }) : undefined}
        >
          {chip.label}
          {chip.count !== undefined ? <span className={styles.count}>{chip.count}</span> : null}
        </button>
      ))}
    </div>
  );
}
