import type { ReviewRequestPublic } from '@hr/contract';
import { Button, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isApiError } from '@/shared/api/api-error.ts';
import { usePublicRequest } from '../api/get-public-request.ts';
import { PublicCard, PublicRequestSummary } from './public-request-card.tsx';
import { PublicRequestState } from './public-request-state.tsx';

type GateProps = { id: string; children: (request: ReviewRequestPublic) => ReactNode };

/** Loads the public request and answers for every state but «pending», which is the page's own. */
export function PublicRequestGate({ id, children }: GateProps) {
  const { data: request, error, isPending, refetch, isFetching } = usePublicRequest(id);

  if (isPending) {
    return (
      <PublicCard>
        <Stack align="center" py={48}>
          <Loader role="status" aria-label="Загружаем запрос" />
        </Stack>
      </PublicCard>
    );
  }
  if (error || !request) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) {
      return (
        <PublicCard>
          <PublicRequestState kind="not_found" />
        </PublicCard>
      );
    }
    return (
      <PublicCard>
        <Stack align="center" ta="center" gap="sm" py="lg" role="alert">
          <Text fw={600}>Не удалось загрузить запрос</Text>
          <Text size="sm" c="dimmed">
            {isApiError(error) && error.status === 429
              ? error.payload.message || 'Слишком много обращений. Попробуйте через минуту.'
              : 'Проверьте соединение с интернетом и попробуйте ещё раз.'}
          </Text>
          <Button variant="light" loading={isFetching} onClick={() => void refetch()}>
            Повторить
          </Button>
        </Stack>
      </PublicCard>
    );
  }
  if (request.status !== 'pending') {
    return (
      <PublicCard>
        <Stack gap="xl">
          <PublicRequestState kind={request.status} />
          <PublicRequestSummary request={request} />
        </Stack>
      </PublicCard>
    );
  }
  return <>{children(request)}</>;
}
