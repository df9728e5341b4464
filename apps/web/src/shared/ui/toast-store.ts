import { create } from 'zustand';

export interface Toast {
  id: number;
  kind: 'info' | 'success' | 'error';
  text: string;
}

interface ToastState {
  toasts: Toast[];
  dismiss: (id: number) => void;
}

const TOAST_VISIBLE_MS = 3_000;
let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/** Shows a short message; the same text already on screen is not stacked twice. */
export function toastShow(toast: Omit<Toast, 'id'>): void {
  const { toasts, dismiss } = useToastStore.getState();
  if (toasts.some((shown) => shown.text === toast.text)) return;
  const id = nextId++;
  useToastStore.setState({ toasts: [...toasts.slice(-2), { ...toast, id }] });
  setTimeout(() => dismiss(id), TOAST_VISIBLE_MS);
}
