import type { CSSProperties, ReactNode } from 'react';
import { Link } from '../../shared/router/router.tsx';
import { messageLinkTarget } from './message-link.ts';

/** A message button: inside the app it navigates; an https address opens outside, unable to reach back. */
export function MessageAction({
  link,
  className,
  style,
  children,
  onFollow,
}: {
  link: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  onFollow?: () => void;
}) {
  const target = messageLinkTarget(link);
  if (target.kind === 'internal')
    return (
      <Link to={target.to} className={className} style={style} onClick={onFollow}>
        {children}
      </Link>
    );
  if (target.kind === 'external')
    return (
      <a href={target.href} className={className} style={style} target="_blank" rel="noopener noreferrer" onClick={onFollow}>
        {children}
      </a>
    );
  return null;
}
