import type { ReviewRequestPublic } from '@hr/contract';
import { Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { reviewKeys } from '../api/review-keys.ts';
import { AnswerForm } from '../components/answer-form.tsx';
import { candidateNameOf, PublicCard, PublicFrame, PublicRequestSummary } from '../components/public-request-card.tsx';
import { PublicRequestGate } from '../components/public-request-gate.tsx';
import { PublicRequestState } from '../components/public-request-state.tsx';
import '../review.css';

/** `/review/request/{id}/send` (public): the addressee's opinion, then a thank-you. */
export function ReviewRequestSendPage() {
  const { id = '' } = useParams();
  const [sent, setSent] = useState(false);
  return (
    <PublicFrame>
      {sent ? (
        <PublicCard>
          <PublicRequestState kind="thanks" />
        </PublicCard>
      ) : (
        <PublicRequestGate id={id}>{(request) => <SendForm request={request} onSent={() => setSent(true)} />}</PublicRequestGate>
      )}
    </PublicFrame>
  );
}

function SendForm({ request, onSent }: { request: ReviewRequestPublic; onSent: () => void }) {
  const client = useQueryClient();
  return (
    <>
      <Anchor component={Link} to={`/review/request/${request.id}`} size="sm" fw={500} w="fit-content">
        <Group gap={6} component="span">
          <IconArrowLeft size={16} aria-hidden />К запросу
        </Group>
      </Anchor>
      <PublicCard>
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              Отзыв о кандидате: {candidateNameOf(request)}
            </Title>
            <Text c="dimmed" size="sm">
              Расскажите, как кандидат работал у вас. Отзыв увидят только участники HR-клуба.
            </Text>
          </Stack>
          <PublicRequestSummary request={request} />
          <Divider color="#e6eaf0" />
          <AnswerForm
            request={request}
            onSent={(next) => {
              // Set after the thank-you is shown: the gate would otherwise flash «уже ответили».
              onSent();
              client.setQueryData(reviewKeys.publicRequest(request.id), next);
            }}
            onClosedMeanwhile={() => void client.invalidateQueries({ queryKey: reviewKeys.publicRequest(request.id) })}
          />
        </Stack>
      </PublicCard>
    </>
  );
}
