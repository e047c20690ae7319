import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';

export type CityChoice = { value: string; label: string };

type HeroSearchProps = { cities: readonly CityChoice[] };

/** The home search bar: the query goes to /search in the URL form the search will read (PRODUCT 4). */
export function HeroSearch({ cities }: HeroSearchProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [city, setCity] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (text.trim()) params.set('text', text.trim());
    if (city) params.append('search_city[]', city);
    const query = params.toString();
    navigate(query ? `/search?${query}` : '/search');
  };

  return (
    <Paper
      component="form"
      onSubmit={submit}
      role="search"
      aria-label="Поиск кандидатов"
      className="hero-search"
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      shadow="md"
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Должность, навыки или компания"
          placeholder="Например, менеджер по продажам"
          leftSection={<IconSearch size={18} stroke={1.6} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          size="md"
          className="hero-search__text"
        />
        <Select
          label="Город"
          placeholder="Любой город"
          data={cities as CityChoice[]}
          value={city}
          onChange={setCity}
          searchable
          clearable
          limit={50}
          nothingFoundMessage="Город не найден"
          leftSection={<IconMapPin size={18} stroke={1.6} />}
          size="md"
          className="hero-search__city"
          comboboxProps={{ shadow: 'md' }}
        />
        <Button type="submit" size="md" className="hero-search__button">
          Найти кандидатов
        </Button>
      </Group>
    </Paper>
  );
}
