import { useEffect, useRef } from 'react';
import styles from './lobby.module.css';

export interface Chip {
  key: string;
  label: string;
  count?: number;
}

/**
 * A row of tabs that scrolls sideways on a phone; the selected one stays in view. Only the row scrolls, and only when
 * the selection changes: a re-render (a list refetched) neither measures the page nor moves it.
 */
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
  const row = useRef<HTMLDivElement>(null);
  const selectedIndex = chips.findIndex((chip) => chip.key === selected);
  const mounted = useRef(false);
  useEffect(() => {
    const initial = !mounted.current;
    mounted.current = true;
    // A new row starts scrolled to its first chip: nothing to measure when that one is selected.
    if (initial && selectedIndex <= 0) return;
    const chip = row.current?.children[selectedIndex];
    if (!row.current || !chip) return;
    const bounds = row.current.getBoundingClientRect();
    const box = chip.getBoundingClientRect();
    if (box.left < bounds.left) row.current.scrollLeft -= bounds.left - box.left;
    else if (box.right > bounds.right) row.current.scrollLeft += box.right - bounds.right;
  }, [selectedIndex]);
  return (
    <div ref={row} className={`${styles.chips} ${size === 'small' ? styles.chipsSmall : ''}`} role="tablist" aria-label={label}>
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          role="tab"
          aria-selected={chip.key === selected}
          className={`${styles.chip} ${chip.key === selected ? styles.chipOn : ''}`}
          onClick={() => onSelect(chip.key)}
        >
          {chip.label}
          {chip.count !== undefined ? <span className={styles.count}>{chip.count}</span> : null}
        </button>
      ))}
    </div>
  );
}
