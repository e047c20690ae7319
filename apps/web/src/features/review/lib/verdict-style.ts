import type { ReviewVerdict } from '@hr/contract';
import { IconMoodNeutral, IconThumbDown, IconThumbUp } from '@tabler/icons-react';

/** Colour and icon of each verdict: green, grey, red — never the colour alone (the title is always shown). */
export const VERDICT_STYLE: Record<ReviewVerdict, { color: string; text: string; icon: typeof IconThumbUp }> = {
  recommend: { color: 'teal', text: '#0b6b4f', icon: IconThumbUp },
  neutral: { color: 'gray', text: '#3d4753', icon: IconMoodNeutral },
  not_recommend: { color: 'red', text: '#a51d2d', icon: IconThumbDown },
};
