import { CreditCard } from 'lucide-react';
import { useState } from 'react';

/** A payment method's icon; a missing image shows a neutral card icon instead of a broken picture. */
export function MethodIcon({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <CreditCard size={28} aria-hidden="true" />;
  return <img src={src} alt="" width={32} height={32} onError={() => setFailed(true)} />;
}
