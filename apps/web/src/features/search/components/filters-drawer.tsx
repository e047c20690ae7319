import { Button, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

type FiltersDrawerProps = {
  opened: boolean;
  onClose: () => void;
  /** The filter panel. */
  children: ReactNode;
  /** «Показать N резюме». */
  showLabel: string;
  loading: boolean;
};

/** Phones and tablets: the filters in a full-screen drawer, with the count to show at the bottom. */
export function FiltersDrawer({ opened, onClose, children, showLabel, loading }: FiltersDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Фильтры"
      position="left"
      size="100%"
      closeButtonProps={{ 'aria-label': 'Закрыть фильтры' }}
      classNames={{ body: 'filters-drawer__body' }}
    >
      {children}
      <div className="filters-drawer__footer">
        <Button fullWidth size="md" onClick={onClose} loading={loading}>
          {showLabel}
        </Button>
      </div>
    </Drawer>
  );
}
