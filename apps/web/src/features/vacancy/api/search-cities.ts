/** GET /api/auth/register/city?search= — the same city search as registration; `value` is our city id. */
export { searchCities, useCitySearch } from '@/features/auth/api/search-cities.ts';
