/** «Иванова Мария Петровна» → family, name, middle (the Russian ФИО order). */
export function splitFio(fio: string): { family: string; name: string; middleName: string } {
  const parts = fio.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 1) return { family: '', name: parts[0] ?? '', middleName: '' };
  return { family: parts[0] ?? '', name: parts[1] ?? '', middleName: parts.slice(2).join(' ') };
}
