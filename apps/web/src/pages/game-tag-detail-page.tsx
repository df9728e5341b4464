import { TagDetail } from '../features/casino/tag-detail.tsx';

export default function Page() {
  return <TagDetail />;
}
