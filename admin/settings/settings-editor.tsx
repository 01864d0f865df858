'use client';

import type { AdminSettings } from '@qahwa/schema/settings';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/browser-api';
import type { SettingsField } from './section-form';
import { SettingsSections } from './settings-sections';

const readSettings = () => api<AdminSettings>('GET', '/admin/settings');

/**
 * The Settings screen: the store's name and contact details (its hours, about text and support
 * line are the Content screen's texts, one home each), the shipping fallback,
 * pay later's range, the sale and the VAT registration printed on tax invoices (docs/vat.md). Each section saves on its own, with its own version; what is
 * saved is read by the code that applies it (docs/settings.md), not copied anywhere.
 */
export function SettingsEditor({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations('Settings');

  const store: SettingsField[] = [
    { path: 'name.en', label: t('nameEn'), kind: 'text', group: t('storeGroup'), hint: t('nameHint') },
    { path: 'name.ar', label: t('nameAr'), kind: 'text', dir: 'rtl', group: t('storeGroup') },
    { path: 'email', label: t('email'), kind: 'email', group: t('contactGroup') },
    { path: 'phone', label: t('phone'), kind: 'tel', group: t('contactGroup'), hint: t('phoneHint') },
    {
      path: 'whatsapp',
      label: t('whatsapp'),
      kind: 'tel',
      nullable: true,
      group: t('contactGroup'),
      hint: t('whatsappHint'),
    },
    { path: 'address.en', label: t('addressEn'), kind: 'text', group: t('contactGroup') },
    { path: 'address.ar', label: t('addressAr'), kind: 'text', dir: 'rtl', group: t('contactGroup') },
  ];
  const shipping: SettingsField[] = [
    { path: 'freeShippingThresholdFils', label: t('threshold'), kind: 'aed', hint: t('thresholdHint') },
    { path: 'fallbackCostFils', label: t('fallbackCost'), kind: 'aed', hint: t('fallbackCostHint') },
  ];
  const payLater: SettingsField[] = [
    { path: 'minFils', label: t('payLaterMin'), kind: 'aed' },
    { path: 'maxFils', label: t('payLaterMax'), kind: 'aed' },
  ];
  const sale: SettingsField[] = [
    { path: 'isActive', label: t('saleActive'), kind: 'checkbox' },
    { path: 'discountPercentage', label: t('salePercent'), kind: 'percent' },
    { path: 'startDate', label: t('saleStart'), kind: 'date', hint: t('saleDatesHint') },
    { path: 'endDate', label: t('saleEnd'), kind: 'date' },
    { path: 'label.en', label: t('saleLabelEn'), kind: 'text' },
    { path: 'label.ar', label: t('saleLabelAr'), kind: 'text', dir: 'rtl' },
  ];
  const vat: SettingsField[] = [
    { path: 'registered', label: t('vatRegistered'), kind: 'checkbox' },
    { path: 'trn', label: t('vatTrn'), kind: 'text', nullable: true, hint: t('vatTrnHint') },
    { path: 'rateBp', label: t('vatRate'), kind: 'basisPoints', hint: t('vatRateHint') },
    { path: 'nameEn', label: t('vatNameEn'), kind: 'text', group: t('vatSupplierGroup') },
    { path: 'nameAr', label: t('vatNameAr'), kind: 'text', dir: 'rtl', group: t('vatSupplierGroup') },
    { path: 'addressEn', label: t('vatAddressEn'), kind: 'textarea', group: t('vatSupplierGroup') },
    {
      path: 'addressAr',
      label: t('vatAddressAr'),
      kind: 'textarea',
      dir: 'rtl',
      group: t('vatSupplierGroup'),
    },
  ];

  return (
    <SettingsSections
      messages="Settings"
      read={readSettings}
      canEdit={canEdit}
      sections={[
        {
          id: 'settings-store',
          title: t('storeTitle'),
          description: t('storeDescription'),
          endpoint: '/admin/settings/store',
          fields: store,
          pick: (s) => s.store,
        },
        {
          id: 'settings-shipping',
          title: t('shippingTitle'),
          description: t('shippingDescription'),
          endpoint: '/admin/settings/shipping',
          fields: shipping,
          pick: (s) => s.shipping,
        },
        {
          id: 'settings-pay-later',
          title: t('payLaterTitle'),
          description: t('payLaterDescription'),
          endpoint: '/admin/settings/pay-later',
          fields: payLater,
          pick: (s) => s.payLater,
        },
        {
          id: 'settings-sale',
          title: t('saleTitle'),
          description: t('saleDescription'),
          endpoint: '/admin/settings/sale',
          fields: sale,
          pick: (s) => s.sale,
        },
        {
          id: 'settings-vat',
          title: t('vatTitle'),
          description: t('vatDescription'),
          endpoint: '/admin/settings/vat',
          fields: vat,
          pick: (s) => s.vat,
        },
      ]}
    />
  );
}
