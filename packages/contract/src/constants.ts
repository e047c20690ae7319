/** Business constants (cache times, delays, limits), shared by the server and the client. */
export const ACCESS_CACHE_MS = 900_000;
export const DICTIONARY_CACHE_MS = 3_600_000;
export const CITY_SEARCH_DELAY_MS = 2000;
export const TELEGRAM_NICKNAME_MIN = 5;
export const PASSWORD_MIN = 6;
export const PHONE_REPEATED_DIGIT_LIMIT = 7;
export const POPUP_REOPEN_DELAY_MS = 500;
export const LOGIN_ERROR_REOPEN_DELAY_MS = 1000;
export const CONFIRMATION_CODE_LENGTH = 4;
export const CODE_SUBMIT_LOCK_MS = 5000;
export const MIN_INTERESTS = 2;
export const QR_IMAGE_WIDTH = 200;
export const DIALOG_CONFIRM_COLOR = '#5B8AC6';
export const DIALOG_CANCEL_COLOR = '#ff7674';
export const EDITOR_DEBOUNCE_MS = 300;

export const COMPANY_SIZES = ['1-50', '51-150', '151-500', '501-1000', 'Более 1000'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
export const DEFAULT_COMPANY_SIZE: CompanySize = '1-50';

/** Login codes: 4 digits that never start with 0 (SEED sends the code as a number). */
export const LOGIN_CODE_MIN = 1000;
export const LOGIN_CODE_MAX = 9999;
export const LOGIN_CODE_TTL_MINUTES = 10;
export const LOGIN_CODE_MAX_TRIES = 5;
export const PASSWORD_RESET_TTL_MINUTES = 60;

export const SESSION_IDLE_MINUTES = 120;
export const SESSION_REMEMBER_DAYS = 30;

/** Local-storage keys the tabs use to follow each other (SEED 4). */
export const STORAGE_LOGIN_KEY = 'hr-app-login';

/**
 * A page whose first screen the server drew: #root carries this attribute, and the answers it was
 * drawn from come in a `<script type="application/json">` with this id.
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';
/** One of those answers: the GET's URL, its HTTP status and its JSON body. */
export type PageAnswer = { url: string; status: number; body: unknown };
export const STORAGE_LOGOUT_KEY = 'hr-app-logout';
export const STORAGE_LAST_EMAIL_KEY = 'hr-app-last-email';
export const STORAGE_STATE_KEY = 'hr-club';

export const PRODUCT_NAME = 'HR-клуб';
export const pageTitle = (page: string): string => `${page} — ${PRODUCT_NAME}`;

/** Flags the client never caches (SEED 6). */
export const ALWAYS_FRESH_FLAGS: readonly string[] = ['mass_search', 'spec_search'];

/** The longest parts of a client error report the server takes (the client cuts them to fit). */
export const ERROR_REPORT_MAX = { error: 5000, info: 20000, host: 300, path: 2000 } as const;
