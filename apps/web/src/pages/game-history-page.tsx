import { RoundHistory } from '../features/casino/round-history.tsx';

export default function Page() {
  return <RoundHistory />;
}
