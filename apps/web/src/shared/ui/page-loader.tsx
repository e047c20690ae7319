import { Center, Loader } from '@mantine/core';

export function PageLoader({ label = 'Загрузка' }: { label?: string }) {
  return (
    <Center py={120}>
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
