'use client';

import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { useTranslations } from '@/i18n/client';
import { useAtom } from '@/shell/atoms';
import { DialogHeader } from '@/shell/dialog-header';
import { OptionsForm } from './options/options-form';
import { useProduct } from './options/use-product';
import { optionsTargetAtom } from './options-store';

/** SPEC 2.6 / 4: the "Select Options" modal, rendered once in the layout and opened from any card. */
export function OptionsModal() {
  const t = useTranslations('OptionsModal');
  const [target, setTarget] = useAtom(optionsTargetAtom);
  const close = () => setTarget(null);

  return (
    <Dialog open={target !== null} onClose={close} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-coffee-950/50 transition-opacity duration-200 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel
          transition
          className="flex max-h-[92dvh] w-full max-w-lg flex-col overflow-hidden rounded-t-2xl bg-white shadow-xl transition duration-200 data-closed:translate-y-8 data-closed:opacity-0 sm:rounded-2xl"
        >
          <DialogHeader title={t('title')} closeLabel={t('close')} onClose={close} />
          {target !== null && <OptionsBody key={target} productId={target} onClose={close} />}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function OptionsBody({ productId, onClose }: { productId: string; onClose: () => void }) {
  const t = useTranslations('OptionsModal');
  const load = useProduct(productId);
  if (load.status === 'loading') {
    return (
      <p className="p-6 text-center text-coffee-700" aria-live="polite" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  if (load.status === 'missing') {
    return (
      <p className="p-6 text-center text-coffee-800" role="alert">
        {t('notFound')}
      </p>
    );
  }
  return <OptionsForm product={load.product} onClose={onClose} />;
}
