'use client';

import type { ShippingRuleView } from '@qahwa/schema/contracts';
import { formatAed, type Locale, toFils } from '@qahwa/schema/money';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { ApiError, api } from '@/lib/browser-api';
import { DataTable } from '@/ui/data-table';
import { useToast } from '@/ui/toast';
import { useListLoader } from '@/ui/use-list-loader';
import { ShippingPreview } from './shipping-preview';
import { draftOfRule, NEW_RULE, type RuleDraft, ShippingRuleForm, writeOf } from './shipping-rule-form';

type Editing = { id: string | null; initial: RuleDraft } | null;

/** The shipping screen: the rules, a form for one, and the live preview of a cart's shipping. */
export function ShippingRules({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('Shipping');
  const locale = useLocale() as Locale;
  const toast = useToast();
  const {
    data: rules,
    state,
    load,
  } = useListLoader(
    useCallback(() => api<ShippingRuleView[]>('GET', '/admin/shipping/rules'), []),
    { initial: [] as ShippingRuleView[], loadFailed: t('loadFailed'), retryLabel: t('retry') },
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [draft, setDraft] = useState<RuleDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // The preview prices with the rule being edited as it stands in the form.
  const previewRules = useMemo(() => {
    if (!editing || !draft) return rules;
    const id = editing.id ?? 'draft';
    const view: ShippingRuleView = { id, ...writeOf(draft), cost: writeOf(draft).cost || 0 };
    return [...rules.filter((r) => r.id !== id), view];
  }, [rules, editing, draft]);

  async function save(d: RuleDraft) {
    setBusy(true);
    setFailure(null);
    try {
      const body = writeOf(d);
      if (editing?.id) await api('PUT', `/admin/shipping/rules/${editing.id}`, body);
      else await api('POST', '/admin/shipping/rules', body);
      toast.success(t('saved'));
      setEditing(null);
      setDraft(null);
      await load();
    } catch (err) {
      setFailure(err instanceof ApiError ? err.issues[0]?.message || err.message : t('saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(rule: ShippingRuleView) {
    try {
      await api('DELETE', `/admin/shipping/rules/${rule.id}`);
      toast.success(t('deleted'));
      await load();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : t('saveFailed'));
    }
  }

  const aed = (n: number) => formatAed(toFils(n), locale);
  const columns = [
    { key: 'name', header: t('name') },
    { key: 'type', header: t('type') },
    { key: 'cost', header: t('cost') },
    { key: 'threshold', header: t('threshold') },
    { key: 'days', header: t('estimatedDays') },
    { key: 'cities', header: t('cities') },
    { key: 'status', header: t('status') },
    { key: 'actions', header: <span className="sr-only">{t('actions')}</span> },
  ];
  return (
    <div className="space-y-6">
      {canEdit && !editing ? (
        <button
          type="button"
          onClick={() => setEditing({ id: null, initial: NEW_RULE })}
          className="rounded-md bg-coffee-700 px-4 py-2 text-sm font-medium text-white hover:bg-coffee-800"
        >
          {t('new')}
        </button>
      ) : null}
      {editing ? (
        <ShippingRuleForm
          key={editing.id ?? 'new'}
          initial={editing.initial}
          busy={busy}
          failure={failure}
          onDraft={setDraft}
          onSubmit={(d) => void save(d)}
          onCancel={() => {
            setEditing(null);
            setDraft(null);
            setFailure(null);
          }}
        />
      ) : null}
      <ShippingPreview rules={previewRules} />
      <DataTable
        caption={t('caption')}
        columns={columns}
        state={state}
        loadingLabel={t('loading')}
        empty={{ title: t('empty') }}
      >
        {rules.map((r) => (
          <tr key={r.id}>
            <th scope="row" className="px-4 py-2 text-start font-medium text-stone-900">
              {locale === 'ar' ? r.nameAr : r.name}
            </th>
            <td className="px-4 py-2">{t(`types.${r.type}`)}</td>
            <td className="px-4 py-2 whitespace-nowrap">
              <span dir="ltr">{aed(r.cost)}</span>
            </td>
            <td className="px-4 py-2 whitespace-nowrap">
              {r.freeShippingThreshold === null ? '—' : <span dir="ltr">{aed(r.freeShippingThreshold)}</span>}
            </td>
            <td className="px-4 py-2">
              <span dir="ltr">{r.estimatedDays}</span>
            </td>
            <td className="px-4 py-2">
              {r.cities.length === 0 ? t('allCitiesShort') : t('citiesCount', { count: r.cities.length })}
            </td>
            <td className="px-4 py-2">{r.isActive ? t('active') : t('inactive')}</td>
            <td className="px-4 py-2 whitespace-nowrap">
              {canEdit ? (
                <>
                  <button
                    type="button"
                    className="rounded px-2 py-1 text-sm font-medium text-coffee-800 hover:bg-stone-100"
                    onClick={() => {
                      setFailure(null);
                      setEditing({ id: r.id, initial: draftOfRule(r) });
                    }}
                  >
                    {t('edit')}
                  </button>
                  <button
                    type="button"
                    className="rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-stone-100"
                    onClick={() => void remove(r)}
                  >
                    {t('delete')}
                  </button>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
