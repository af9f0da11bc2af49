// Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): after a successful
// sign-in the auth server leaves the client one cookie per account, and a later password attempt that brings
// it back is judged against that device's own budget, not the account-wide ceiling strangers can fill. The
// browser keeps it in its cookie jar; the desktop app, which calls /auth/v1 from its main process without
// one, keeps exactly the cookies named so, in its vault, and sends them back.

/** Every device cookie's name starts so; the rest names the account (so each account has its own). */
export const DEVICE_COOKIE_PREFIX = 'sf_device_';
/** The only path a device cookie is sent to. */
export const DEVICE_COOKIE_PATH = '/auth/v1';
