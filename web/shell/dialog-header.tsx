import { DialogTitle } from '@headlessui/react';

/** The title bar of a dialog or sheet (cart panel, options modal): the title and a labelled close button. */
export function DialogHeader({
  title,
  closeLabel,
  onClose,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <div className="flex items-center justify-between border-b border-coffee-100 px-4 py-3">
      <DialogTitle className="text-lg font-semibold text-coffee-900">{title}</DialogTitle>
      <button
        type="button"
        onClick={onClose}
        aria-label={closeLabel}
        className="rounded-md p-2 text-coffee-700 hover:bg-coffee-50"
      >
        <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
