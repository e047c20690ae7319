import {
  ComboboxChevron,
  type ComboboxData,
  type MultiSelectProps,
  type NumberInputProps,
  type PaginationProps,
  type RadioGroupProps,
  type SegmentedControlProps,
  type SelectProps,
  TextInput,
} from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { afterFirstContent } from '@/shared/lib/first-content.ts';

/**
 * Mantine's Select, MultiSelect, NumberInput, SegmentedControl, Radio group and Pagination, loaded
 * after the page's first content (none of them is needed to show the first results). Until then a
 * light stand-in of the same size and look shows the same label and value, so nothing moves when
 * the real input takes its place.
 */
const heavy = () => afterFirstContent().then(() => import('./heavy-inputs.ts'));

function deferred<P extends object>(pick: (m: Awaited<ReturnType<typeof heavy>>) => ComponentType<P>, StandIn: ComponentType<P>) {
  const Real = lazy(() => heavy().then((m) => ({ default: pick(m) })));
  return function Deferred(props: P) {
    return (
      <Suspense fallback={<StandIn {...props} />}>
        <Real {...props} />
      </Suspense>
    );
  };
}

type Item = { value: string; label: string };
function itemsOf(data: ComboboxData | undefined): Item[] {
  const out: Item[] = [];
  for (const entry of data ?? []) {
    if (typeof entry === 'string') out.push({ value: entry, label: entry });
    else if ('group' in entry) out.push(...itemsOf(entry.items));
    else out.push({ value: entry.value, label: entry.label });
  }
  return out;
}
const labelOf = (data: ComboboxData | undefined, value: string | null | undefined) =>
  value == null ? '' : (itemsOf(data).find((item) => item.value === value)?.label ?? '');
const labelClass = (classNames: unknown) =>
  classNames && typeof classNames === 'object' && 'label' in classNames ? { label: String(classNames.label) } : undefined;

/** The shape of a closed, not searchable combobox: its label, value and chevron. */
function ComboboxStandIn(props: {
  label?: ReactNode;
  value: string;
  placeholder?: string;
  size?: SelectProps['size'];
  className?: string;
  classNames?: unknown;
  leftSection?: ReactNode;
  error?: ReactNode;
  style?: SelectProps['style'];
}) {
  return (
    <TextInput
      readOnly
      label={props.label}
      value={props.value}
      placeholder={props.placeholder}
      size={props.size}
      className={props.className}
      classNames={labelClass(props.classNames)}
      style={props.style}
      leftSection={props.leftSection}
      error={props.error}
      rightSection={<ComboboxChevron size={props.size} error={props.error} />}
      rightSectionPointerEvents="none"
    />
  );
}

export const Select = deferred<SelectProps>(
  (m) => m.Select,
  (props) => <ComboboxStandIn {...props} value={labelOf(props.data, props.value)} />,
);

export const MultiSelect = deferred<MultiSelectProps>(
  (m) => m.MultiSelect,
  (props) => (
    <ComboboxStandIn
      {...props}
      value={(props.value ?? []).map((value) => labelOf(props.data, value)).join(', ')}
      placeholder={props.value?.length ? undefined : props.placeholder}
    />
  ),
);

const grouped = (value: number | string, separator: string | boolean | undefined) =>
  separator ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, typeof separator === 'string' ? separator : ',') : String(value);

export const NumberInput = deferred<NumberInputProps>(
  (m) => m.NumberInput,
  (props) => (
    <TextInput
      readOnly
      aria-label={props['aria-label']}
      label={props.label}
      value={props.value === undefined || props.value === '' ? '' : grouped(props.value, props.thousandSeparator)}
      placeholder={props.placeholder}
      size={props.size}
      style={props.style}
      error={props.error}
      inputMode="numeric"
    />
  ),
);

export const SegmentedControl = deferred<SegmentedControlProps>(
  (m) => m.SegmentedControl,
  (props) => (
    <div className="segmented-stand-in" aria-hidden>
      {props.data.map((item) => {
        const { value, label } = typeof item === 'string' ? { value: item, label: item } : item;
        return (
          <span
            key={value}
            className={value === props.value ? 'segmented-stand-in__item segmented-stand-in__item--active' : 'segmented-stand-in__item'}
          >
            {label}
          </span>
        );
      })}
    </div>
  ),
);

/** The relocation choice: its options as they will stand, without the radios' code. */
type RadioChoiceProps = Omit<RadioGroupProps, 'children'> & { options: readonly Item[] };
export const RadioGroup = deferred<RadioChoiceProps>(
  (m) =>
    function RealRadioGroup({ options, ...props }: RadioChoiceProps) {
      return (
        <m.Radio.Group {...props}>
          <div className="radio-stand-in__list">
            {options.map((option) => (
              <m.Radio key={option.value} value={option.value} label={option.label} size="xs" />
            ))}
          </div>
        </m.Radio.Group>
      );
    },
  ({ label, options, value }) => (
    <div aria-hidden>
      <div className="filter-section__subtitle">{label}</div>
      <div className="radio-stand-in__list">
        {options.map((option) => (
          <span key={option.value} className="radio-stand-in">
            <span className={option.value === value ? 'radio-stand-in__dot radio-stand-in__dot--on' : 'radio-stand-in__dot'} />
            {option.label}
          </span>
        ))}
      </div>
    </div>
  ),
);

/** Pages under the results: the same height until the real control comes. */
export const Pagination = deferred<PaginationProps>(
  (m) => m.Pagination,
  () => <div className="pagination-stand-in" aria-hidden />,
);
