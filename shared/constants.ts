/** SPEC §9 business constants shared by client and server. */
export const PRELOADER_MS = 2000;
export const EXPIRY_SIGNOUT_DELAY_MS = 2000;
export const TOAST_AUTOCLOSE_MS = 3000;
export const STORAGE_KEY_USER_INFO = "userInfo";
export const STORAGE_KEY_LANG = "lang";
/** The stored value "gr" means German (SPEC §1). */
export const STORED_LANG_GERMAN = "gr";
export const STORED_LANG_ENGLISH = "en";
export const CURRENCY = "EUR";
