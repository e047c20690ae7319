import '@mantine/dates/styles.css';
import {
  currentMoscowMonth,
  REVIEW_COMPANY_MAX,
  REVIEW_RELATION_TITLES,
  REVIEW_RELATIONS,
  type ReviewRelation,
  type ReviewVerdict,
} from '@hr/contract';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconBuilding, IconCalendar } from '@tabler/icons-react';
import { type FieldErrors, joinErrors } from '@/shared/api/api-error.ts';
import { fieldId } from '../lib/focus-invalid.ts';
import { monthToPicker, pickerToMonth } from '../lib/month.ts';
import { TextWithCounter } from './text-with-counter.tsx';
import { VerdictRadio } from './verdict-radio.tsx';

export type OpinionValues = {
  verdict: ReviewVerdict | null;
  text: string;
  relation: ReviewRelation | null;
  company: string;
  period_from: string | null;
  period_to: string | null;
};

/** The order errors are looked for in (the first invalid one gets the focus). */
export const OPINION_FIELD_ORDER = ['verdict', 'text', 'relation', 'company', 'period_from', 'period_to'] as const;

export const emptyOpinionValues = (company = ''): OpinionValues => ({
  verdict: null,
  text: '',
  relation: null,
  company,
  period_from: null,
  period_to: null,
});

type OpinionFieldsProps = {
  formId: string;
  values: OpinionValues;
  errors: FieldErrors;
  onChange: <K extends keyof OpinionValues>(key: K, value: OpinionValues[K]) => void;
};

const LAYER = { withinPortal: true, zIndex: 400 } as const;

/** Verdict, text, relation, company and period of an opinion: the create dialog and the edit page. */
export function OpinionFields({ formId, values, errors, onChange }: OpinionFieldsProps) {
  const error = (key: keyof OpinionValues) => joinErrors(errors[key]);
  const maxDate = `${currentMoscowMonth()}-01`;
  return (
    <Stack gap="md">
      <VerdictRadio
        id={fieldId(formId, 'verdict')}
        value={values.verdict}
        onChange={(v) => onChange('verdict', v)}
        error={error('verdict')}
      />
      <TextWithCounter
        id={fieldId(formId, 'text')}
        label="Отзыв"
        placeholder="Чем кандидат запомнился: задачи, результаты, сильные стороны, что стоит учесть"
        value={values.text}
        onChange={(v) => onChange('text', v)}
        error={error('text')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="md">
        <Select
          id={fieldId(formId, 'relation')}
          label="Откуда вы знаете кандидата"
          placeholder="Выберите"
          data={REVIEW_RELATIONS.map((value) => ({ value, label: REVIEW_RELATION_TITLES[value] }))}
          value={values.relation}
          onChange={(v) => onChange('relation', (v as ReviewRelation | null) ?? null)}
          error={error('relation')}
          allowDeselect={false}
          comboboxProps={LAYER}
          withAsterisk
        />
        <TextInput
          id={fieldId(formId, 'company')}
          label="Компания"
          placeholder="Где вы работали вместе"
          leftSection={<IconBuilding size={18} stroke={1.6} aria-hidden />}
          maxLength={REVIEW_COMPANY_MAX}
          value={values.company}
          onChange={(e) => onChange('company', e.currentTarget.value)}
          error={error('company')}
        />
        <MonthPickerInput
          id={fieldId(formId, 'period_from')}
          label="Период: с"
          placeholder="Месяц и год"
          valueFormat="MMMM YYYY"
          leftSection={<IconCalendar size={18} stroke={1.6} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': 'Очистить начало периода' }}
          maxDate={values.period_to ? (monthToPicker(values.period_to) ?? maxDate) : maxDate}
          value={monthToPicker(values.period_from)}
          onChange={(v) => onChange('period_from', pickerToMonth(v))}
          error={error('period_from')}
          popoverProps={LAYER}
        />
        <MonthPickerInput
          id={fieldId(formId, 'period_to')}
          label="Период: по"
          placeholder="Месяц и год"
          valueFormat="MMMM YYYY"
          leftSection={<IconCalendar size={18} stroke={1.6} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': 'Очистить конец периода' }}
          minDate={monthToPicker(values.period_from) ?? undefined}
          maxDate={maxDate}
          value={monthToPicker(values.period_to)}
          onChange={(v) => onChange('period_to', pickerToMonth(v))}
          error={error('period_to')}
          popoverProps={LAYER}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The form's values as the wire body (empty company is «not given»). */
export function opinionBody(values: OpinionValues) {
  return {
    verdict: values.verdict ?? undefined,
    text: values.text,
    relation: values.relation ?? undefined,
    company: values.company.trim() || null,
    period_from: values.period_from,
    period_to: values.period_to,
  };
}
