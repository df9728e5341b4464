import { useState } from 'react';
import styles from './match-card.module.css';

/** The team's logo, or its initial when there is none or it fails to load. */
export function TeamLogo({ name, url, size = 20 }: { name: string; url: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <span className={styles.logoInitial} style={{ width: size, height: size, fontSize: size * 0.55 }} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  return <img className={styles.logo} src={url} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />;
}
