import { VerifyRound } from '../features/casino/verify-round.tsx';

export default function Page() {
  return <VerifyRound />;
}
