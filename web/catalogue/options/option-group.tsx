'use client';

import { Label, Radio, RadioGroup } from '@headlessui/react';

/** One of the options (weight, beans, additions) as a row of radio chips. */
export function OptionGroup({
  label,
  values,
  labels,
  value,
  onChange,
}: {
  label: string;
  values: string[];
  labels: Map<string, string>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <RadioGroup value={value} onChange={onChange} className="space-y-2">
      <Label className="block text-sm font-medium text-coffee-900">{label}</Label>
      <div className="flex flex-wrap gap-2">
        {values.map((v) => (
          <Radio
            key={v}
            value={v}
            className="cursor-pointer rounded-full border border-coffee-300 px-4 py-1.5 text-sm text-coffee-800 data-checked:border-coffee-800 data-checked:bg-coffee-800 data-checked:text-white data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-coffee-700"
          >
            {labels.get(v) ?? v}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
