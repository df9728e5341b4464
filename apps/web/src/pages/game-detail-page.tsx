import { GameDetail } from '../features/casino/game-detail.tsx';

export default function Page() {
  return <GameDetail />;
}
