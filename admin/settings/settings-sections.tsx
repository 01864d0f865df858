'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { buttonClass } from '@/ui/form-field';
import { SectionForm, type SettingsField } from './section-form';

type SectionValue = { version: number; value: Record<string, unknown> };

/** One versioned section of a settings screen, described as data. */
export interface SettingsSection<T> {
  id: string;
  title: string;
  description?: ReactNode;
  endpoint: string;
  fields: SettingsField[];
  /** This section's saved value and version, out of what the screen's `read` answered. */
  pick: (all: T) => SectionValue;
  /** Drawn under the fields (an explanation of what the values do). */
  children?: ReactNode;
}

/**
 * A settings screen (Settings, Tracking): reads its sections once, says so while it loads and
 * offers a retry when it could not; then each section saves on its own with the version it was
 * read at (SectionForm), and reads itself again through the same `read` after a 409.
 * `read` must be stable (a module-level function): it is the effect's dependency.
 */
export function SettingsSections<T>({
  messages,
  read,
  sections,
  canEdit,
}: {
  /** Whose loading / failed / retry words to use. */
  messages: 'Settings' | 'Tracking';
  read: () => Promise<T>;
  sections: SettingsSection<T>[];
  canEdit: boolean;
}) {
  const t = useTranslations(messages);
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setData(await read());
    } catch {
      setFailed(true);
    }
  }, [read]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed) {
    return (
      <div
        role="alert"
        className="space-y-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      >
        <p>{t('loadFailed')}</p>
        <button type="button" className={buttonClass.secondary} onClick={() => void load()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (data === null) return <p className="text-sm text-stone-600">{t('loading')}</p>;

  return (
    <div className="space-y-6">
      {sections.map(({ pick, ...section }) => (
        <SectionForm
          key={section.id}
          {...section}
          initial={pick(data)}
          canEdit={canEdit}
          load={async () => pick(await read())}
        />
      ))}
    </div>
  );
}
