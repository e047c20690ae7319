import {
  FEEDBACK_COMMENT_MAX,
  type Interview,
  INTERVIEW_MSG,
  RECOMMENDATION_TITLES,
  RECOMMENDATIONS,
  type RecommendationValue,
} from '@hr/contract';
import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useRef, useState } from 'react';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { focusFirstInvalid } from '@/shared/lib/focus-invalid.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { useInterviewActions } from './interviews-api.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  vacancyId: number;
  replyId: number;
  interview: Interview;
  viewerId: number | undefined;
};

const SCORE_WORDS = ['', 'плохо', 'слабо', 'средне', 'хорошо', 'отлично'];

/**
 * «Оставить отзыв»: 1–5 per criterion of the vacancy (radio groups: arrows move between the marks),
 * a recommendation and a comment. A second one replaces the member's first.
 */
export function FeedbackDialog({ opened, onClose, vacancyId, replyId, interview, viewerId }: Props) {
  const { feedback } = useInterviewActions(vacancyId, replyId);
  const mine = interview.feedback.find((f) => f.by.id === viewerId);
  const [scores, setScores] = useState<Record<string, number>>(() =>
    Object.fromEntries(Object.entries(mine?.scores ?? {}).filter(([c]) => interview.criteria.includes(c))),
  );
  const [recommendation, setRecommendation] = useState<RecommendationValue | ''>(mine?.recommendation ?? '');
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [errors, setErrors] = useState<Partial<Record<'scores' | 'recommendation' | 'comment', string>>>({});
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: typeof errors = {};
    if (!Object.keys(scores).length) local.scores = INTERVIEW_MSG.scoresRequired;
    if (!recommendation) local.recommendation = INTERVIEW_MSG.recommendationRequired;
    if (Object.keys(local).length) {
      setErrors(local);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    try {
      const answer = await feedback.mutateAsync({
        id: interview.id,
        body: { scores, recommendation: recommendation as RecommendationValue, comment: comment.trim() || null },
      });
      notifications.show({ color: 'teal', message: answer.message ?? INTERVIEW_MSG.feedbackSaved });
      onClose();
    } catch (error) {
      const fields = handleFormError(error);
      setErrors({ scores: fields.scores?.[0], recommendation: fields.recommendation?.[0], comment: fields.comment?.[0] });
    }
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={mine ? 'Изменить отзыв' : 'Оставить отзыв'} size={560}>
      <form ref={form} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Оцените кандидата от 1 до 5 по критериям вакансии — можно не по всем.
          </Text>
          {interview.criteria.map((criterion) => (
            <Radio.Group
              key={criterion}
              label={criterion}
              value={scores[criterion] ? String(scores[criterion]) : ''}
              onChange={(v) => {
                setScores((s) => ({ ...s, [criterion]: Number(v) }));
                setErrors((e) => ({ ...e, scores: undefined }));
              }}
              error={errors.scores && criterion === interview.criteria[0] ? errors.scores : undefined}
            >
              <Group gap="xs" mt={6} wrap="wrap">
                {[1, 2, 3, 4, 5].map((n) => (
                  <Radio key={n} value={String(n)} label={String(n)} aria-label={`${n} — ${SCORE_WORDS[n]}`} />
                ))}
                {scores[criterion] ? (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() =>
                      setScores((s) => {
                        const { [criterion]: _, ...rest } = s;
                        return rest;
                      })
                    }
                    aria-label={`Убрать оценку «${criterion}»`}
                  >
                    Убрать
                  </Button>
                ) : null}
              </Group>
            </Radio.Group>
          ))}
          <Radio.Group
            label="Рекомендация"
            required
            value={recommendation}
            onChange={(v) => {
              setRecommendation(v as RecommendationValue);
              setErrors((e) => ({ ...e, recommendation: undefined }));
            }}
            error={errors.recommendation}
          >
            <Group gap="md" mt={6} wrap="wrap">
              {RECOMMENDATIONS.map((r) => (
                <Radio key={r} value={r} label={RECOMMENDATION_TITLES[r]} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label="Комментарий"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={FEEDBACK_COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            error={errors.comment}
          />
          {feedback.isError && !Object.values(errors).some(Boolean) ? (
            <Alert color="red" role="alert">
              Отзыв не сохранён. Попробуйте ещё раз.
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onClose} disabled={feedback.isPending}>
              Отмена
            </Button>
            <Button type="submit" loading={feedback.isPending}>
              Сохранить отзыв
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
