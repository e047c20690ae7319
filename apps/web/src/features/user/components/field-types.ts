export type ProfileDictionaries = {
  positions: readonly string[];
  professionAreas: readonly string[];
  tags: readonly { value: string; label: string }[];
};
