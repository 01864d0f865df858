import { useTranslations } from 'next-intl';
import { ToolsIcon } from '../shell/icons';
import { EmptyState } from '../ui/empty-state';

/** An honest placeholder for a section that exists in the menu but not yet in code. */
export function SectionPlaceholder() {
  const t = useTranslations('SectionPlaceholder');
  return (
    <EmptyState title={t('building')} icon={<ToolsIcon className="size-10" />}>
      {t('body')}
    </EmptyState>
  );
}
