import { Button } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { RequestDialog } from './request-dialog.tsx';

type RequestReviewButtonProps = { hash: string; experienceIndex: number; company: string; position?: string | null };

/** «Запросить отзыв» beside one experience entry: the dialog opens with the company filled in. */
export function RequestReviewButton({ hash, experienceIndex, company, position }: RequestReviewButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        mt={4}
        className="no-print"
        leftSection={<IconMessageQuestion size={15} aria-hidden />}
        aria-label={`Запросить отзыв в компании ${company}`}
        onClick={() => setOpen(true)}
      >
        Запросить отзыв
      </Button>
      <RequestDialog target={open ? { hash, experienceIndex, company, position } : null} onClose={() => setOpen(false)} />
    </>
  );
}
