import { DIALOG_CANCEL_COLOR, DIALOG_CONFIRM_COLOR } from '@hr/contract/constants';
import { Button, Group } from '@mantine/core';

/** Dark text keeps the dialog colours #5B8AC6 and #ff7674 readable (WCAG AA). */
const ON_COLOR_TEXT = '#0d1b2e';

type AnswerButtonsProps = {
  onAnswer: (status: 0 | 1) => void;
  /** Which answer is being sent. */
  pending: 0 | 1 | null;
  size?: 'xs' | 'sm';
  disabled?: boolean;
  justify?: 'flex-start' | 'flex-end';
};

/** «Отклонить» (#ff7674) and «Принять» (#5B8AC6), SEED 9 dialog colours. */
export function AnswerButtons({ onAnswer, pending, size = 'sm', disabled, justify = 'flex-end' }: AnswerButtonsProps) {
  return (
    <Group gap="xs" justify={justify} wrap="nowrap">
      <Button
        size={size}
        color={DIALOG_CANCEL_COLOR}
        c={ON_COLOR_TEXT}
        loading={pending === 0}
        disabled={disabled || pending === 1}
        onClick={() => onAnswer(0)}
      >
        Отклонить
      </Button>
      <Button
        size={size}
        color={DIALOG_CONFIRM_COLOR}
        c={ON_COLOR_TEXT}
        loading={pending === 1}
        disabled={disabled || pending === 0}
        onClick={() => onAnswer(1)}
      >
        Принять
      </Button>
    </Group>
  );
}
