// The search's Mantine components the first results do not need (comboboxes with their floating
// dropdowns, the number field's formatter, the segmented control, the members' selection box, the
// alert for a half-understood link): loaded after the first results (deferred-inputs.tsx shows light
// stand-ins of the same size until then) or when their case comes up.
export { Alert, Checkbox, MultiSelect, NumberInput, Pagination, Radio, SegmentedControl, Select } from '@mantine/core';
