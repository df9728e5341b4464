import { MoreGames } from '../features/casino/more-games.tsx';

export default function Page() {
  return <MoreGames />;
}
