import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'accent' | 'ghost';
  compact?: boolean;
  block?: boolean;
}

export function buttonClassName({ variant = 'primary', compact = false, block = false }: Pick<ButtonProps, 'variant' | 'compact' | 'block'>): string {
  return [styles.button, styles[variant], compact ? styles.compact : '', block ? styles.block : ''].filter(Boolean).join(' ');
}

export function Button({ variant, compact, block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={[buttonClassName({ variant, compact, block }), className].filter(Boolean).join(' ')} {...rest} />;
}
