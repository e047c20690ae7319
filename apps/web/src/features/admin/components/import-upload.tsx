import { IMPORT_FILE_ACCEPT, IMPORT_FILE_HINT, IMPORT_FILE_MAX_BYTES, ADMIN_MSG } from '@hr/contract';
import { Button, Card, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUploadImport } from '../api/upload-import.ts';
import { fieldError, handleAdminActionError } from '../lib/admin-errors.ts';
import { notifyDone } from '../lib/notify.ts';

const ACCEPTED = IMPORT_FILE_ACCEPT.split(',');

/** The same checks the server makes, so a wrong file is named before 200 МБ travel. */
function checkFile(file: File | null): string | undefined {
  if (!file) return ADMIN_MSG.fileRequired;
  if (!ACCEPTED.some((ext) => file.name.toLowerCase().endsWith(ext))) return ADMIN_MSG.fileFormat;
  if (file.size === 0) return ADMIN_MSG.fileEmpty;
  if (file.size > IMPORT_FILE_MAX_BYTES) return ADMIN_MSG.fileSize;
  return undefined;
}

/** Pick an hh.ru export (.json), a JSON Lines or a CSV file and send it; the import then runs as a job on the server. */
export function ImportUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [share, setShare] = useState(0);
  const upload = useUploadImport(setShare);
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkFile(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setShare(0);
    upload.mutate(file, {
      onSuccess: (answer) => {
        notifyDone(answer.message, 'Файл загружен, импорт поставлен в очередь');
        setFile(null);
        navigate(`/admin/import/${answer.res.id}`);
      },
      onError: (failure) => setError(fieldError(handleAdminActionError(failure), 'file')),
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz={18}>
            Загрузить резюме
          </Title>
          <FileInput
            label="Файл импорта"
            description={IMPORT_FILE_HINT}
            placeholder="Выберите файл"
            accept={IMPORT_FILE_ACCEPT}
            value={file}
            onChange={(next) => {
              setFile(next);
              setError(undefined);
            }}
            error={error}
            clearable
            leftSection={<IconFileUpload size={16} aria-hidden />}
            disabled={upload.isPending}
          />
          {upload.isPending ? (
            <Stack gap={4}>
              <Progress value={Math.round(share * 100)} aria-label="Передача файла" animated />
              <Text size="xs" c="dimmed">
                Передаём файл: {Math.round(share * 100)}%
              </Text>
            </Stack>
          ) : null}
          <Group>
            <Button type="submit" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
              Загрузить и импортировать
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
