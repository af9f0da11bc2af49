// Where the desktop simulation runs: DESKTOP_SIM_PORT and the two ports after it.
export const DESKTOP_SIM_PORT = Number(process.env.DESKTOP_SIM_PORT ?? 8794);
export const OPENLIBRARY_FIXTURE_PORT = DESKTOP_SIM_PORT + 1;
export const GOOGLE_CONTROL_PORT = DESKTOP_SIM_PORT + 2;

/** The server as the app is configured for it, and as it names itself (its default PUBLIC_URL). */
export const SERVER_URL = `http://localhost:${DESKTOP_SIM_PORT}`;
/**
 * Where the window loads the renderer: the server's dist/web under another origin, so that, as with the
 * packaged app's app://shelfwise, the page and the server are different origins and main's navigation
 * rules tell them apart.
 */
export const APP_URL = `http://127.0.0.1:${DESKTOP_SIM_PORT}`;
export const GOOGLE_CONTROL_URL = `http://127.0.0.1:${GOOGLE_CONTROL_PORT}`;
