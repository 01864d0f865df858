import { NotFoundMessage } from '@/ui/not-found-message';

// Inside the console the shell stays, so the menu is one click away.
export default function ConsoleNotFound() {
  return <NotFoundMessage />;
}
