import { NotFoundMessage } from '@/ui/not-found-message';

export default function NotFound() {
  return (
    <main className="px-4 py-6">
      <NotFoundMessage />
    </main>
  );
}
