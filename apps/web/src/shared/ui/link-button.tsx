import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';

type LinkButtonProps = AnchorProps & { onClick: () => void; children: ReactNode; disabled?: boolean };

/** Looks like a link, acts like a button (opens popups, switches variants). */
export function LinkButton({ onClick, children, disabled, ...props }: LinkButtonProps) {
  return (
    <Anchor component="button" type="button" onClick={onClick} disabled={disabled} fz="sm" fw={500} {...props}>
      {children}
    </Anchor>
  );
}
