// Free of imports: main.tsx reads it before the app has loaded.

/** A vacancy's public page, `/vacancy/{id}`, drawn on the server for a visitor (ssr/first-screen.tsx). */
export const PUBLIC_VACANCY_PATH = /^\/vacancy\/(\d{1,10})\/?$/;

/** The API address of the vacancy this page shows, or null on any other page. */
export function vacancyDataUrl(location: { pathname: string }): string | null {
  const id = PUBLIC_VACANCY_PATH.exec(location.pathname)?.[1];
  return id ? `/api/vacancy/${id}` : null;
}
