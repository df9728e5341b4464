import { GameSearch } from '../features/casino/game-search.tsx';

export default function Page() {
  return <GameSearch />;
}
