import type { Icon } from '@tabler/icons-react';
import { EmptyState } from '@/shared/ui/empty-state.tsx';

/** A back-office list failed to load (handleErrorWithRedirect has already shown why). */
export function LoadFailed({ icon, what }: { icon: Icon; what: string }) {
  return (
    <EmptyState headingLevel={3} icon={icon} title={`Не удалось загрузить ${what}`} text="Проверьте подключение и обновите страницу." />
  );
}
