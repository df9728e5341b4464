import type { ReactNode } from 'react';

/**
 * A pop-up a feature adds to the app's pop-up stack (features/system/popup-stack.tsx) beside the operator's: the
 * stack orders all of them by level (spec §4), shows the top one and, on close, records it in the 24 h cache when
 * `cached` (then a fresh entry keeps it away) and calls `onClosed`.
 */
export interface PopupEntry {
  key: string;
  level: number;
  /** Whether it wants to show now (its data is there and the path allows it). */
  show: boolean;
  cached: boolean;
  render: (close: () => void) => ReactNode;
  onClosed?: () => void;
}
