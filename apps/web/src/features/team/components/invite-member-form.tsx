import { emailField, TEAM_MEMBER_SEARCH_MIN, TEAM_MSG, type TeamMemberCandidate } from '@hr/contract';
import { Button, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import type { FieldErrors } from '@/shared/api/api-error.ts';
import { fullName } from '@/shared/lib/format.ts';
import { useCandidates } from '../api/find-candidates.ts';
import type { InviteTarget } from '../api/create-invite.ts';

type InviteMemberFormProps = {
  busy: boolean;
  /** Resolves with the 422 field errors (empty on success), or null when nothing was sent. */
  onInvite: (target: InviteTarget) => Promise<FieldErrors | null>;
};

const SEARCH_DELAY_MS = 300;
const STATE_NOTE: Record<TeamMemberCandidate['team_state'], string | null> = {
  none: null,
  member: 'уже в вашей команде',
  invited: 'приглашение ждёт ответа',
  lead: 'руководит своей командой',
};

const candidateName = (c: TeamMemberCandidate) => fullName(c.name, c.family) || `Участник ${c.id}`;
const candidateNote = (c: TeamMemberCandidate) => [c.position, c.company].filter(Boolean).join(', ');

/**
 * «Пригласить в команду»: the lead types a name (club members are suggested as they type) or an
 * e-mail; a numeric ID still works. The server's 422 shows under the field and the focus returns
 * to it (SEED 5).
 */
export function InviteMemberForm({ busy, onInvite }: InviteMemberFormProps) {
  const [value, setValue] = useState('');
  const [picked, setPicked] = useState<TeamMemberCandidate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const typed = value.trim();
  const searching = !picked && typed.length >= TEAM_MEMBER_SEARCH_MIN && !/^\d+$/.test(typed);
  const [debounced] = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const candidates = useCandidates(debounced, searching && debounced === typed);
  const found = searching ? (candidates.data ?? []) : [];
  const waiting = searching && (debounced !== typed || candidates.isFetching);

  const fail = (message: string) => {
    setError(message);
    combobox.closeDropdown();
    inputRef.current?.focus();
  };

  const pick = (id: string) => {
    const candidate = found.find((c) => String(c.id) === id);
    if (candidate?.team_state !== 'none') return;
    setPicked(candidate);
    setValue(candidateName(candidate));
    setError(null);
    combobox.closeDropdown();
  };

  const targetOf = (): InviteTarget | string => {
    if (picked) return { user_id: picked.id };
    if (!typed) return TEAM_MSG.inviteTargetMissing;
    if (/^\d{1,10}$/.test(typed)) return { user_id: Number(typed) };
    if (emailField.safeParse(typed).success) return { email: typed };
    return TEAM_MSG.inviteTargetPick;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const target = targetOf();
    if (typeof target === 'string') return fail(target);
    const errors = await onInvite(target);
    if (!errors) return;
    const messages = Object.values(errors).flat();
    if (messages.length) return fail(messages.join('\n'));
    setValue('');
    setPicked(null);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="team-invite-form">
      <Combobox store={combobox} onOptionSubmit={pick} withinPortal zIndex={1000}>
        <Combobox.Target>
          <TextInput
            ref={inputRef}
            label="Пригласить в команду"
            placeholder="Имя, фамилия или e-mail"
            description="Начните вводить имя участника клуба и выберите его из списка, или введите e-mail"
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setPicked(null);
              if (error) setError(null);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            error={error}
            styles={{ error: { whiteSpace: 'pre-line' } }}
            autoComplete="off"
            inputContainer={(input) => (
              <Group gap="xs" wrap="wrap" align="flex-start">
                <div style={{ flex: '1 1 200px', minWidth: 0 }}>{input}</div>
                <Button type="submit" loading={busy} variant="light">
                  Пригласить
                </Button>
              </Group>
            )}
            leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
            rightSection={waiting ? <Loader size={14} aria-hidden /> : null}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!searching || (found.length === 0 && waiting)}>
          <Combobox.Options aria-label="Участники клуба">
            {found.length === 0 ? (
              <Combobox.Empty>
                {candidates.isError ? 'Не удалось найти участников' : 'Никого не нашли — пригласите по e-mail'}
              </Combobox.Empty>
            ) : (
              found.map((c) => {
                const note = STATE_NOTE[c.team_state];
                const details = candidateNote(c);
                return (
                  <Combobox.Option value={String(c.id)} key={c.id} disabled={c.team_state !== 'none'} data-testid="team-candidate">
                    <Text size="sm" fw={500} c={note ? 'dimmed' : undefined}>
                      {candidateName(c)}
                      {note ? ` — ${note}` : ''}
                    </Text>
                    {details ? (
                      <Text size="xs" c="dimmed">
                        {details}
                      </Text>
                    ) : null}
                  </Combobox.Option>
                );
              })
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
