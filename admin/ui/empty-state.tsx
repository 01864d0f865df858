import type { ReactNode } from 'react';

/** SPEC 2.8 empty states ('No orders yet', 'No data available'). */
export function EmptyState({
  title,
  children,
  icon,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-stone-300 px-6 py-10 text-center">
      {icon ? <div className="text-stone-400">{icon}</div> : null}
      <p className="font-medium text-stone-700">{title}</p>
      {children ? <div className="max-w-md text-sm text-stone-500">{children}</div> : null}
    </div>
  );
}
